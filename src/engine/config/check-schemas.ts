/**
 * Files under schemas/ (not meta). A form schema must compile with the shared
 * Ajv set-up (src/engine/schema/ajv.ts, the one the app and server use), use
 * only known keywords and name real fields (check-form-schema.ts); `x-widget`
 * names a registered widget; `x-visibleIf` is a condition and `=expr` strings
 * inside `x-options` are expressions. A question bank is checked against its
 * own format.
 */
import type { ValidateFunction } from 'ajv';
import type { CheckContext } from './context';
import { describeAjvError, pathOf } from './check-meta';
import { suggest } from './suggest';
import type { PathSeg } from './source';
import { createAjv } from '../schema/ajv';
import { checkFormSchema } from './check-form-schema';

const isObj = (v: unknown): v is Record<string, unknown> => !!v && typeof v === 'object' && !Array.isArray(v);

export function checkSchemas(ctx: CheckContext, bankMeta: ValidateFunction): void {
  for (const [rel, schema] of Object.entries(ctx.config.schemas)) {
    const file = `schemas/${rel}`;
    try {
      // A fresh instance per file: $ids may repeat across files.
      createAjv().compile(schema);
    } catch (e) {
      ctx.error(file, [], `not a valid JSON Schema: ${(e as Error).message}`);
    }
    walk(ctx, file, schema, []);
    // A question bank (sections of questions) is data, not a JSON Schema.
    if (isObj(schema) && Array.isArray(schema.sections)) checkBank(ctx, file, schema, bankMeta);
    else checkFormSchema(ctx, file, schema);
  }
}

/**
 * A question bank: its shape (schemas/meta/flow.schema.json#/definitions/QuestionBank:
 * unknown keys, question types, wt_type), then what the shape cannot say —
 * ids unique, every isNext pulls in a follow-up, every follow-up is pulled in by
 * some answer, options unique within a question, and the `exclusive` rule (an
 * option marked exclusive — 以上都没有 / 无 — clears the others: only in a
 * multiple-choice question, with at least one ordinary option beside it).
 */
function checkBank(ctx: CheckContext, file: string, bank: Record<string, unknown>, meta: ValidateFunction): void {
  if (!meta(bank)) {
    for (const e of meta.errors ?? []) {
      const path = pathOf(e.instancePath);
      const m = describeAjvError(e, bankLabel(bank, path), path);
      ctx.error(file, m.path, m.text, { key: m.key });
    }
  }
  // What has the shape of a question is checked further, even beside a shape error elsewhere.
  const sections = (bank.sections as unknown[]).map((sec) => (isObj(sec) && Array.isArray(sec.questions) ? sec.questions : []));
  const all = sections.flatMap((qs, si) =>
    qs
      .map((q, qi) => ({ q: q as BankQuestion, path: ['sections', si, 'questions', qi] as PathSeg[] }))
      .filter(({ q }) => isObj(q) && typeof q.code === 'string' && typeof q.title === 'string' && (q.answers === undefined || Array.isArray(q.answers))),
  );
  const name = (q: BankQuestion) => `question "${q.title}"`;
  const lineOf = (path: PathSeg[]) => ctx.config.sources[file]?.locate(path).line ?? '?';
  const followUpCodes = new Set(all.filter(({ q }) => isFollowUp(q)).map(({ q }) => q.code));
  const pulled = new Set<string>();
  const ids = new Map<string, PathSeg[]>();
  const mainCodes = new Map<string, PathSeg[]>();
  for (const { q, path } of all) {
    const id = q.id ?? q.code;
    const seen = ids.get(id);
    // A main question without an id is covered by the code check below.
    if (seen && (q.id || isFollowUp(q))) ctx.error(file, [...path, q.id ? 'id' : 'code'], `${name(q)}: id "${id}" is used twice (also at line ${lineOf(seen)}); answers are saved by id`);
    else if (!seen) ids.set(id, path);
    if (!isFollowUp(q)) {
      const other = mainCodes.get(q.code);
      if (other) ctx.error(file, [...path, 'code'], `${name(q)}: code "${q.code}" is used by another main question (line ${lineOf(other)})`);
      else mainCodes.set(q.code, path);
    }
    const answers = (q.answers ?? []).filter((a) => isObj(a) && typeof a.ans === 'string');
    if (Number(q.type) !== 3 && answers.length === 0) ctx.error(file, path, `${name(q)}: a choice question needs options ("answers")`, { key: true });
    const texts = new Set<string>();
    let exclusive = 0;
    answers.forEach((a, ai) => {
      const p: PathSeg[] = [...path, 'answers', ai];
      if (texts.has(a.ans)) ctx.error(file, [...p, 'ans'], `${name(q)}: option "${a.ans}" appears twice`);
      texts.add(a.ans);
      if (a.isNext) {
        pulled.add(a.isNext);
        if (!followUpCodes.has(a.isNext)) {
          ctx.error(file, [...p, 'isNext'], `${name(q)}, option "${a.ans}": "isNext" names "${a.isNext}", but no follow-up question (wt_type B or C) has that code${suggest(a.isNext, [...followUpCodes])}`);
        }
      }
      if (a.exclusive && Number(q.type) !== 2) ctx.error(file, [...p, 'exclusive'], `${name(q)}, option "${a.ans}": only an option of a multiple-choice question (type 2) can exclude the others`);
      else if (a.exclusive) exclusive++;
    });
    if (exclusive > 0 && exclusive === answers.length) ctx.error(file, [...path, 'answers'], `${name(q)}: every option excludes the others; leave at least one ordinary option`);
  }
  for (const { q, path } of all) {
    if (isFollowUp(q) && !pulled.has(q.code)) ctx.error(file, [...path, 'code'], `${name(q)}: a follow-up (wt_type ${q.wt_type}) that no answer's "isNext" pulls in, so it is never asked`);
  }
}

interface BankQuestion {
  id?: string;
  code: string;
  title: string;
  wt_type?: string;
  type: number | string;
  answers?: Array<{ ans: string; isNext?: string | null; exclusive?: boolean }>;
}

/** As the question flow reads it: anything but a missing or 'A' wt_type is a follow-up. */
const isFollowUp = (q: BankQuestion) => !!q.wt_type && String(q.wt_type).toUpperCase() !== 'A';

/** `question "…"` for a path inside a question, else the path. */
function bankLabel(bank: Record<string, unknown>, path: PathSeg[]): string {
  const [s, si, q, qi] = path;
  if (s === 'sections' && q === 'questions' && typeof si === 'number' && typeof qi === 'number') {
    const question = (bank.sections as Array<{ questions?: Array<{ title?: string; code?: string }> }>)[si]?.questions?.[qi];
    const rest = path.slice(4).join('.');
    return `question "${question?.title ?? question?.code ?? qi}"${rest ? ` at ${rest}` : ''}`;
  }
  return path.length ? `"${path.join('.')}"` : 'the question bank';
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
