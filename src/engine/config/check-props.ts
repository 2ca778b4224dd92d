/**
 * Screen props: validated against the kind's props schema
 * (registries.screens[kind]), following its annotations:
 *   "x-ref": "event" | "step" | "message" | "schema"  — the string names one
 *   "x-expr": true        — the value may also be an `=expr` string
 *   "x-expr": "condition" — the value is a condition (expression, no `=`)
 *   "x-item": true        — the value is evaluated per row, with `item` a row of the list
 * Every `=expr` string anywhere in props is checked, and so is every string
 * under a key ending in `If` (visibleIf, enabledIf, emptyIf: conditions), with
 * the step's types (its form, data; `item` a row of the list where x-item says so).
 */
import Ajv, { type ErrorObject, type ValidateFunction } from 'ajv';
import type { CheckContext, RootTypes } from './context';
import { itemTypeAt } from './step-types';
import { describeAjvError } from './check-meta';
import { checkMessageRef, checkSchemaRef } from './check-actions';
import { suggest } from './suggest';
import { about, alternativesWords, shown } from './words';
import type { LoadedStep } from './assemble';
import type { PathSeg } from './source';

interface Annotation { kind: string; path: PathSeg[]; value: unknown }

const isObj = (v: unknown): v is Record<string, unknown> => !!v && typeof v === 'object' && !Array.isArray(v);

/** Rewrites x-expr nodes into Ajv-checkable schema. */
function transform(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(transform);
  if (!isObj(node)) return node;
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(node)) out[k] = k === 'enum' || k === 'const' ? v : transform(v);
  const x = out['x-expr'];
  delete out['x-expr'];
  if (x === 'condition') return { type: 'string', 'x-cond': true, ...(out.description ? { description: out.description } : {}) };
  if (x === true) return { anyOf: [{ type: 'string', pattern: '^=' }, out], 'x-exprWrap': true };
  return out;
}

function pathOf(instancePath: string): PathSeg[] {
  if (!instancePath) return [];
  return instancePath.slice(1).split('/').map((s) => {
    const u = s.replace(/~1/g, '/').replace(/~0/g, '~');
    return /^\d+$/.test(u) ? Number(u) : u;
  });
}

export class PropsChecker {
  private readonly ajv: Ajv;
  private readonly cache = new Map<string, ValidateFunction | Error>();
  private found: Annotation[] = [];

  constructor() {
    this.ajv = new Ajv({ allErrors: true, strict: false, verbose: true });
    const collect = (kind: (s: unknown) => string | null) =>
      (schema: unknown, data: unknown, _p: unknown, cxt?: { instancePath: string }) => {
        const k = kind(schema);
        if (k && cxt && typeof data === 'string') this.found.push({ kind: k, path: pathOf(cxt.instancePath), value: data });
        return true;
      };
    this.ajv.addKeyword({ keyword: 'x-ref', validate: collect((s) => (typeof s === 'string' ? s : null)) });
    this.ajv.addKeyword({ keyword: 'x-cond', validate: collect(() => 'condition') });
    this.ajv.addKeyword({ keyword: 'x-exprWrap' });
    this.ajv.addKeyword({
      keyword: 'x-item',
      validate: (_s: unknown, data: unknown, _p: unknown, cxt?: { instancePath: string }) => {
        if (cxt && typeof data === 'string') this.found.push({ kind: 'item', path: pathOf(cxt.instancePath), value: data });
        return true;
      },
    });
  }

  private validator(kind: string, schema: object): ValidateFunction | Error {
    let v = this.cache.get(kind);
    if (!v) {
      try {
        v = this.ajv.compile(transform(schema) as object);
      } catch (e) {
        v = e as Error;
      }
      this.cache.set(kind, v);
    }
    return v;
  }

  check(ctx: CheckContext, step: LoadedStep, base: PathSeg[], roots: RootTypes = {}): void {
    const schema = ctx.reg.screens[step.screen];
    if (!schema) return; // unknown kind is reported by the step check
    const props = step.props ?? {};
    const file = step.file;
    const ppath = [...base, 'props'];
    const v = this.validator(step.screen, schema);
    if (v instanceof Error) {
      ctx.error(file, [...base, 'screen'], `${ctx.at(step.id, ['screen'])}：页面类型 "${step.screen}" 的 props 格式定义有错，无法使用：${v.message}`);
      return;
    }
    this.found = [];
    const ok = v(props);
    const annotations = this.found;
    this.found = [];
    if (!ok) {
      const errors = v.errors ?? [];
      // One message per value that matches none of its forms ("a number or an =expression"),
      // instead of one per form it failed.
      const alternatives = errors.filter((e) => (e.keyword === 'anyOf' || e.keyword === 'oneOf') && !(e.parentSchema as Record<string, unknown>)?.['x-exprWrap']);
      const covered = (e: ErrorObject) => alternatives.some((a) => a !== e && e.instancePath === a.instancePath && e.schemaPath.startsWith(a.schemaPath.replace(/\/(anyOf|oneOf)$/, '/$1/')));
      for (const a of alternatives) {
        const rel = pathOf(a.instancePath);
        ctx.error(file, [...ppath, ...rel], `${ctx.at(step.id, ['props', ...rel])}：应该是${alternativesWords(a.parentSchema)}${shown(a.data)}${about(a.parentSchema)}`);
      }
      for (const e of errors) {
        if (alternatives.includes(e) || covered(e)) continue;
        if (e.keyword === 'anyOf' && (e.parentSchema as Record<string, unknown>)?.['x-exprWrap']) continue;
        if (/\/anyOf\/0\//.test(e.schemaPath) && e.keyword === 'pattern' && (e.params as { pattern?: string }).pattern === '^=') continue;
        if (/\/anyOf\/0\/type$/.test(e.schemaPath)) continue;
        const rel = pathOf(e.instancePath);
        const m = describeAjvError(e, ctx.at(step.id, ['props', ...rel]), rel);
        ctx.error(file, [...ppath, ...m.path], m.text, { key: m.key });
      }
    }
    const seen = new Set<string>();
    const perRow = new Set(annotations.filter((a) => a.kind === 'item').map((a) => a.path.join('/')));
    // `item` is a row only where the screen evaluates per row (x-item); elsewhere it is not known.
    const rootsAt = (path: PathSeg[]): RootTypes => (perRow.has(path.join('/')) ? { ...roots, item: itemTypeAt(ctx, props, path, roots) } : roots);
    for (const a of annotations) {
      if (a.kind === 'item') continue;
      const id = `${a.kind}:${a.path.join('/')}`;
      if (seen.has(id)) continue;
      seen.add(id);
      this.follow(ctx, step, ppath, a, rootsAt(a.path));
    }
    walkStrings(props, [], (path, s, key) => {
      if (s.startsWith('=')) ctx.expr(file, [...ppath, ...path], s, ctx.at(step.id, ['props', ...path]), rootsAt(path));
      else if (typeof key === 'string' && /If$/.test(key) && !seen.has(`condition:${path.join('/')}`)) {
        ctx.expr(file, [...ppath, ...path], s, ctx.at(step.id, ['props', ...path]), rootsAt(path));
      }
    });
  }

  private follow(ctx: CheckContext, step: LoadedStep, ppath: PathSeg[], a: Annotation, roots: RootTypes): void {
    const file = step.file;
    const path = [...ppath, ...a.path];
    const here = ctx.at(step.id, ['props', ...a.path]);
    const v = a.value as string;
    // `页面设置 "tiles" 第 1 项："title" 用到的提示文字…`: the key is named by the reason.
    const last = a.path[a.path.length - 1];
    const owner = typeof last === 'string' ? { place: ctx.at(step.id, ['props', ...a.path.slice(0, -1)]), key: last } : { place: here, key: 'props' };
    switch (a.kind) {
      case 'event': {
        const on = Object.keys(step.on ?? {});
        if (!on.includes(v)) ctx.error(file, path, `${here}：事件 "${v}" 在 "on" 里没有处理${suggest(v, on)}，请在 "on" 里添加 "${v}"`);
        return;
      }
      case 'step':
        if (v.startsWith('=')) return;
        return ctx.stepRef(file, path, here, null, v, step.id);
      case 'message':
        return checkMessageRef(ctx, file, path, v, owner.place, owner.key, undefined, roots);
      case 'schema':
        if (v.startsWith('=')) return;
        return checkSchemaRef(ctx, file, path, v, owner.place, owner.key);
      case 'condition':
        ctx.expr(file, path, v, here, roots);
        return;
      default:
        ctx.error(file, path, `${here}：页面类型 "${step.screen}" 的 props 格式用了不认识的 x-ref "${a.kind}"`);
    }
  }
}

function walkStrings(v: unknown, path: PathSeg[], f: (path: PathSeg[], s: string, key: PathSeg | undefined) => void): void {
  if (typeof v === 'string') f(path, v, path[path.length - 1]);
  else if (Array.isArray(v)) v.forEach((x, i) => walkStrings(x, [...path, i], f));
  else if (isObj(v)) for (const [k, x] of Object.entries(v)) walkStrings(x, [...path, k], f);
}
