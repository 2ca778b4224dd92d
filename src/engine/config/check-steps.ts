/**
 * Steps: duplicate ids, screen kinds, routes, forms, load/on/next actions,
 * props; app.yaml start/login/notFound; reachability.
 */
import type { FlowFile } from '../types';
import { APP_FILE, type LoadedStep } from './assemble';
import { checkActionList } from './check-actions';
import type { PropsChecker } from './check-props';
import type { CheckContext, RootTypes } from './context';
import { suggest } from './suggest';
import type { PathSeg } from './source';
import { allowed, kindWords, list as listed, missingSchemaText } from './words';
import { eventType, itemTypeAt, stepDataType, stepFormType } from './step-types';
import { handlerEventTypes } from './event-types';
import { targetType } from './check-action-types';
import { ANY, type Type } from '../expr/types';

const isObj = (v: unknown): v is Record<string, unknown> => !!v && typeof v === 'object' && !Array.isArray(v);

/** Every step definition in every flow file, duplicates included, in file order. */
function allDefinitions(ctx: CheckContext): Array<{ id: string; file: string; step: Record<string, unknown> }> {
  const out: Array<{ id: string; file: string; step: Record<string, unknown> }> = [];
  const flows = Object.values(ctx.config.flows).sort((a, b) => a.file.localeCompare(b.file));
  for (const f of flows as Array<FlowFile & { file: string }>) {
    for (const [id, step] of Object.entries(isObj(f.steps) ? f.steps : {})) if (isObj(step)) out.push({ id, file: f.file, step });
  }
  return out;
}

export function checkSteps(ctx: CheckContext, props: PropsChecker): void {
  const { config } = ctx;
  const defs = allDefinitions(ctx);
  // Duplicate step ids: both places.
  const byId = new Map<string, typeof defs>();
  for (const d of defs) byId.set(d.id, [...(byId.get(d.id) ?? []), d]);
  for (const [id, list] of byId) {
    if (list.length < 2) continue;
    for (const d of list) {
      const others = list.filter((o) => o !== d).map((o) => `${o.file}:${ctx.config.sources[o.file].locate(['steps', o.id], { key: true }).line}`);
      ctx.error(d.file, ['steps', id], `步骤名 "${id}" 重复了（另一处在 ${listed(others)}）`, { key: true });
    }
  }

  // Routes and aliases unique across steps.
  const routes = new Map<string, { id: string; file: string; path: string }>();
  for (const step of Object.values(config.steps)) {
    const base: PathSeg[] = ['steps', step.id];
    const paths: Array<[string, PathSeg[]]> = [];
    if (typeof step.route === 'string') paths.push([step.route, [...base, 'route']]);
    if (Array.isArray(step.aliases)) step.aliases.forEach((a, i) => typeof a === 'string' && paths.push([a, [...base, 'aliases', i]]));
    for (const [r, p] of paths) {
      if (!r.startsWith('/')) continue; // the meta schema reports it
      // The router matches paths case-insensitively: /A and /a clash across steps.
      const prev = routes.get(r.toLowerCase());
      if (prev && prev.id !== step.id) ctx.error(step.file, p, `${ctx.at(step.id, p.slice(2))}：路径 "${r}" 已经被步骤 "${prev.id}"（${prev.file}）用了`);
      else if (prev && prev.path === r) ctx.error(step.file, p, `${ctx.at(step.id, p.slice(2))}：路径 "${r}" 写了两次`);
      else if (!prev) routes.set(r.toLowerCase(), { id: step.id, file: step.file, path: r });
    }
  }

  for (const step of Object.values(config.steps)) checkStep(ctx, step, props);

  // app.yaml references.
  const app = config.app;
  for (const k of ['start', 'login', 'notFound'] as const) {
    const v = app[k];
    if (typeof v !== 'string' || !config.sources[APP_FILE]) continue;
    ctx.stepRef(APP_FILE, [k], null, k, v, null);
  }
  if (isObj(app.constants)) ctx.values(APP_FILE, ['constants'], app.constants, '"constants"');

  // An unknown step name already explains why its intended target looks unreachable.
  if (!ctx.namedUnknownStep) checkReachability(ctx);
}

/**
 * The types of a step's own roots: its form, its data, a row of its list, a
 * handler's event (`events`: per handler its screen fires, event-types.ts;
 * `event`: any other handler's).
 */
export function stepRoots(ctx: CheckContext, step: LoadedStep): { roots: RootTypes; event: Type; events: Record<string, Type>; item: Type } {
  const form = stepFormType(ctx, step);
  const data = stepDataType(ctx, step, form);
  const roots: RootTypes = { form, data };
  const item = isObj(step.props) ? itemTypeAt(ctx, step.props, [], roots) : ANY;
  return { roots, event: eventType(item, form), events: handlerEventTypes(ctx, step, item), item };
}

function checkStep(ctx: CheckContext, step: LoadedStep, props: PropsChecker): void {
  const { file, id } = step;
  const base: PathSeg[] = ['steps', id];
  const { roots, event, events } = stepRoots(ctx, step);
  const screens = Object.keys(ctx.reg.screens);
  if (typeof step.screen === 'string' && !ctx.reg.screens[step.screen]) {
    ctx.error(file, [...base, 'screen'], `${ctx.at(id, [])}：页面类型 "${step.screen}" 不存在${suggest(step.screen, screens)}${allowed(screens)}`);
  } else if (typeof step.screen === 'string') {
    if (step.props !== undefined && !isObj(step.props)) ctx.error(file, [...base, 'props'], `${ctx.at(id, ['props'])}：应该是${kindWords('object')}`);
    else props.check(ctx, step, base, roots);
  }

  const site = (label: PathSeg[], env: RootTypes) => ({ file, stepId: id, label, path: [...base, ...label], env });
  checkActionList(ctx, step.load, site(['load'], roots));
  if (isObj(step.on)) for (const [ev, list] of Object.entries(step.on)) checkActionList(ctx, list, site(['on', ev], { ...roots, event: events[ev] ?? event }));

  if (Array.isArray(step.next)) {
    step.next.forEach((rule, i) => {
      if (!isObj(rule)) return;
      const p = [...base, 'next', i];
      if (typeof rule.if === 'string') ctx.expr(file, [...p, 'if'], rule.if, ctx.at(id, ['next', i, 'if']), roots);
      if (typeof rule.go === 'string') ctx.stepRef(file, [...p, 'go'], ctx.at(id, ['next', i]), 'go', rule.go, id);
      if (isObj(rule.query)) ctx.values(file, [...p, 'query'], rule.query, ctx.at(id, ['next', i, 'query']), roots);
    });
  }

  const form = step.form;
  if (isObj(form)) {
    const p = [...base, 'form'];
    const schema = form.schema;
    if (typeof schema === 'string') {
      if (schema.startsWith('=')) {
        // The schema is chosen before the form exists: its `form` is not known yet.
        ctx.expr(file, [...p, 'schema'], schema, ctx.at(id, ['form', 'schema']), { ...roots, form: ANY });
        if (!Array.isArray(form.choices)) ctx.error(file, [...p, 'schema'], `${ctx.at(id, ['form', 'schema'])}："schema" 是表达式时，要用 "choices" 列出它可能选到的文件`);
      } else if (!ctx.config.schemas[schema]) {
        ctx.error(file, [...p, 'schema'], `${ctx.at(id, ['form'])}：${missingSchemaText('schema', schema, Object.keys(ctx.config.schemas))}`);
      }
    }
    if (Array.isArray(form.choices)) {
      form.choices.forEach((c, i) => {
        if (typeof c === 'string' && !ctx.config.schemas[c]) ctx.error(file, [...p, 'choices', i], `${ctx.at(id, ['form'])}：${missingSchemaText('choices', c, Object.keys(ctx.config.schemas))}`);
      });
    }
    // (a non-boolean is the meta schema's error)
    if (form.archived === true && !(typeof schema === 'string' && schema.startsWith('='))) {
      ctx.error(file, [...p, 'archived'], `${ctx.at(id, ['form', 'archived'])}："archived" 只能和写成表达式的 "schema" 及 "choices" 一起用（存档的旧版本是运行时才选出的）`);
    }
    if (isObj(form.initial)) {
      ctx.values(file, [...p, 'initial'], form.initial, ctx.at(id, ['form', 'initial']), roots);
      // Each key is a field of the form (a misspelt one would fill nothing).
      for (const k of Object.keys(form.initial)) {
        const t = targetType(ctx.typeEnv(roots).roots, `form.${k}`);
        if (typeof t === 'string') ctx.error(file, [...p, 'initial', k], `${ctx.at(id, ['form', 'initial'])}：${t}`, { key: true });
      }
    }
    if (typeof form.readOnlyIf === 'string') ctx.expr(file, [...p, 'readOnlyIf'], form.readOnlyIf, ctx.at(id, ['form', 'readOnlyIf']), roots);
  }
}

function checkReachability(ctx: CheckContext): void {
  const { config } = ctx;
  const roots = [config.app.start, config.app.login, config.app.notFound].filter((s): s is string => typeof s === 'string');
  for (const s of Object.values(config.steps)) if (s.entry === true) roots.push(s.id);
  const seen = new Set<string>();
  const queue = roots.filter((r) => config.steps[r]);
  while (queue.length) {
    const s = queue.shift()!;
    if (seen.has(s)) continue;
    seen.add(s);
    for (const t of ctx.edges.get(s) ?? []) if (!seen.has(t)) queue.push(t);
  }
  for (const s of Object.values(config.steps)) {
    if (seen.has(s.id)) continue;
    ctx.error(s.file, ['steps', s.id], `${ctx.at(s.id, [])} 到达不了：从 start、login、notFound 和入口步骤出发，没有任何 go、next 或 props 里的步骤名通向它（如果它是从外部链接打开的，请标上 "entry: true"）`, { key: true });
  }
}
