/**
 * Form schemas under schemas/ (not meta): each must compile with the shared
 * Ajv set-up (src/engine/schema/ajv.ts, the one the app and server use);
 * `x-widget` names a registered widget; `x-visibleIf` is a condition and
 * `=expr` strings inside `x-options` are expressions.
 */
import type { CheckContext } from './context';
import { suggest } from './suggest';
import type { PathSeg } from './source';
import { createAjv } from '../schema/ajv';

const isObj = (v: unknown): v is Record<string, unknown> => !!v && typeof v === 'object' && !Array.isArray(v);

export function checkSchemas(ctx: CheckContext): void {
  for (const [rel, schema] of Object.entries(ctx.config.schemas)) {
    const file = `schemas/${rel}`;
    try {
      // A fresh instance per file: $ids may repeat across files.
      createAjv().compile(schema);
    } catch (e) {
      ctx.error(file, [], `not a valid JSON Schema: ${(e as Error).message}`);
    }
    walk(ctx, file, schema, []);
    if (isObj(schema) && Array.isArray(schema.sections)) checkBank(ctx, file, schema.sections);
  }
}

/**
 * A question bank (`sections[].questions[].answers[]`): an option marked `exclusive`
 * (以上都没有 / 无: it clears the others and is cleared by them) must say `true`, belong to a
 * multiple-choice question (type 2), and leave at least one ordinary option beside it.
 */
function checkBank(ctx: CheckContext, file: string, sections: unknown[]): void {
  sections.forEach((sec, si) => {
    const questions = isObj(sec) && Array.isArray(sec.questions) ? sec.questions : [];
    questions.forEach((q, qi) => {
      if (!isObj(q) || !Array.isArray(q.answers)) return;
      const answers = q.answers as unknown[];
      let exclusive = 0;
      answers.forEach((a, ai) => {
        if (!isObj(a) || !('exclusive' in a)) return;
        const p: PathSeg[] = ['sections', si, 'questions', qi, 'answers', ai, 'exclusive'];
        const name = `question "${String(q.title ?? q.code ?? qi)}", option "${String(a.ans ?? ai)}"`;
        if (a.exclusive !== true && a.exclusive !== false) ctx.error(file, p, `${name}: "exclusive" must be true or false`);
        else if (a.exclusive && Number(q.type) !== 2) ctx.error(file, p, `${name}: only an option of a multiple-choice question (type 2) can exclude the others`);
        else if (a.exclusive) exclusive++;
      });
      if (exclusive > 0 && exclusive === answers.length)
        ctx.error(file, ['sections', si, 'questions', qi, 'answers'], `question "${String(q.title ?? q.code ?? qi)}": every option excludes the others; leave at least one ordinary option`);
    });
  });
}

function walk(ctx: CheckContext, file: string, node: unknown, path: PathSeg[]): void {
  if (Array.isArray(node)) return node.forEach((x, i) => walk(ctx, file, x, [...path, i]));
  if (!isObj(node)) return;
  const at = `"${path.join('.') || '(root)'}"`;
  for (const [k, v] of Object.entries(node)) {
    const p = [...path, k];
    if (k === 'x-widget') {
      if (typeof v !== 'string') ctx.error(file, p, `${at}: "x-widget" must be a widget name`);
      else if (!ctx.unchecked('widgets') && !ctx.reg.widgets.includes(v)) {
        ctx.error(file, p, `${at}: unknown widget "${v}"${suggest(v, ctx.reg.widgets)} (widgets: ${ctx.reg.widgets.join(', ')})`);
      }
    } else if (k === 'x-visibleIf') {
      if (typeof v !== 'string') ctx.error(file, p, `${at}: "x-visibleIf" must be an expression`);
      else ctx.expr(file, p, v, `${at} x-visibleIf`);
    } else if (k === 'x-options') {
      ctx.values(file, p, v, `${at} x-options`);
    } else if (k !== 'enum' && k !== 'const' && k !== 'default' && k !== 'examples') {
      walk(ctx, file, v, p);
    }
  }
}
