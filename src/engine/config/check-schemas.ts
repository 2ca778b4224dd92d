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
  }
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
