/**
 * The flow graph of a loaded config: every step a node, every way from one
 * step to another an edge labelled with what leads there (the event, the
 * conditions on the way: `if`, `else`, a `switch` case, a confirm's answer, a
 * call's failure, an effect's outcome). Entries (start, login, notFound,
 * `entry: true`) are marked and steps no edge reaches from them are flagged
 * unreachable, as the checker does. Pure: the check worker builds it from the
 * checker's `config`, the unit test from the repository's.
 */
import { ACTION_SPEC } from '../../engine/config/check-actions';
import type { LoadedConfig } from '../../engine/config/assemble';
import type { ActionKey } from '../../engine/types';
import { SchemaWalker, type Json } from '../editor/schema-walk';
import type { PathSeg } from '../editor/doc-context';
import { getIn } from '../editor/vocab-types';
import { ELSE_WORDS, IF_WORDS, LOAD_WORDS, NEXT_WORDS, PROP_WORDS, caseWords, eventWords, outcomeWords } from './edge-words';

export interface GraphNode {
  id: string;
  flow: string;
  file: string;
  /** 1-based line of the step's key in its file. */
  line: number;
  title?: string;
  route?: string;
  screen?: string;
  auth: boolean;
  /** Opened from outside (`entry: true`). */
  entry: boolean;
  start: boolean;
  login: boolean;
  notFound: boolean;
  unreachable: boolean;
}

export interface GraphEdge {
  from: string;
  to: string;
  /** As written: the event and the conditions (`select · event.item.x == '2'`), shown on hover. */
  label: string;
  /** In an admin's words (`点“立即预约” · 满足条件`, edge-words.ts), drawn on the edge. */
  words: string;
  kind: 'go' | 'next' | 'prop';
  /** Where it is written, step-relative (`on.select[1].then[0]`). */
  at: string;
}

export interface FlowGraph {
  flows: Array<{ id: string; title?: string; file: string }>;
  nodes: GraphNode[];
  edges: GraphEdge[];
}

const isObj = (v: unknown): v is Record<string, unknown> => !!v && typeof v === 'object' && !Array.isArray(v);

function fmtPath(p: PathSeg[]): string {
  return p.map((s, i) => (typeof s === 'number' ? `[${s}]` : i === 0 ? s : `.${s}`)).join('');
}

export function buildFlowGraph(config: LoadedConfig, screens: Record<string, object> = {}): FlowGraph {
  const edges: GraphEdge[] = [];
  const seen = new Set<string>();
  const add = (e: GraphEdge) => {
    const k = `${e.from}\u0000${e.to}\u0000${e.label}`;
    if (seen.has(k) || !config.steps[e.to]) return;
    seen.add(k);
    edges.push(e);
  };

  const walkActions = (from: string, list: unknown, conds: string[], at: PathSeg[], says: string[]) => {
    if (!Array.isArray(list)) return;
    list.forEach((a, i) => {
      if (!isObj(a)) return;
      const key = Object.keys(a).find((k) => k in ACTION_SPEC) as ActionKey | undefined;
      if (!key) return;
      const here = [...at, i];
      if (key === 'go' && typeof a.go === 'string') add({ from, to: a.go, label: conds.join(' · '), words: says.join(' · '), kind: 'go', at: fmtPath([...here, 'go']) });
      if (key === 'if' && typeof a.if === 'string') {
        walkActions(from, a.then, [...conds, a.if], [...here, 'then'], [...says, IF_WORDS]);
        walkActions(from, a.else, [...conds, `!(${a.if})`], [...here, 'else'], [...says, ELSE_WORDS]);
        return;
      }
      if (key === 'switch' && Array.isArray(a.switch)) {
        a.switch.forEach((c, j) => {
          if (!isObj(c)) return;
          walkActions(from, c.do, [...conds, typeof c.when === 'string' ? c.when : '其他'], [...here, 'switch', j, 'do'], [...says, caseWords(j, c.when)]);
        });
        return;
      }
      const spec = ACTION_SPEC[key];
      for (const [m, kind] of Object.entries(spec.mods)) {
        if (!(m in a)) continue;
        const tag = key === 'confirm' && m === 'then' ? '确认' : key === 'confirm' && m === 'else' ? '取消' : m === 'onFail' ? '失败' : m === 'onError' ? '出错' : null;
        if (kind === 'actions') walkActions(from, a[m], tag ? [...conds, tag] : conds, [...here, m], tag ? [...says, tag] : says);
        else if (kind === 'outcomes' && isObj(a[m])) {
          for (const [o, l] of Object.entries(a[m] as object)) walkActions(from, l, [...conds, `${String(a[key])}:${o}`], [...here, m, o], [...says, outcomeWords(String(a[key]), o)]);
        }
      }
    });
  };

  const walkers = new Map<string, SchemaWalker>();
  for (const step of Object.values(config.steps)) {
    walkActions(step.id, step.load, ['进入时'], ['load'], [LOAD_WORDS]);
    if (isObj(step.on)) for (const [ev, list] of Object.entries(step.on)) walkActions(step.id, list, [ev], ['on', ev], [eventWords(step.props, ev)]);
    if (Array.isArray(step.next)) {
      step.next.forEach((r, i) => {
        if (isObj(r) && typeof r.go === 'string') add({ from: step.id, to: r.go, label: ['next', ...(typeof r.if === 'string' ? [r.if] : [])].join(' · '), words: [NEXT_WORDS, ...(typeof r.if === 'string' ? [IF_WORDS] : [])].join(' · '), kind: 'next', at: fmtPath(['next', i]) });
      });
    }
    // props naming a step (x-ref: step): a redirect the screen makes by itself
    const schema = typeof step.screen === 'string' ? (screens[step.screen] as Json | undefined) : undefined;
    if (schema && isObj(step.props)) {
      let w = walkers.get(step.screen);
      if (!w) walkers.set(step.screen, (w = new SchemaWalker(schema)));
      const props = step.props;
      const visit = (p: PathSeg[], v: unknown, depth: number) => {
        if (depth > 8) return;
        if (typeof v === 'string') {
          if (w!.raw(p, (q) => getIn(props, q)).some((s) => s['x-ref'] === 'step')) add({ from: step.id, to: v, label: fmtPath(['props', ...p]), words: PROP_WORDS, kind: 'prop', at: fmtPath(['props', ...p]) });
        } else if (Array.isArray(v)) v.forEach((x, i) => visit([...p, i], x, depth + 1));
        else if (isObj(v)) for (const [k, x] of Object.entries(v)) visit([...p, k], x, depth + 1);
      };
      visit([], props, 0);
    }
  }

  const app = config.app ?? { start: '', login: '', session: {} };
  const roots = [app.start, app.login, app.notFound].filter((s): s is string => typeof s === 'string' && !!config.steps[s]);
  for (const s of Object.values(config.steps)) if (s.entry === true) roots.push(s.id);
  const out = new Map<string, string[]>();
  for (const e of edges) out.set(e.from, [...(out.get(e.from) ?? []), e.to]);
  const reached = new Set<string>();
  const queue = [...roots];
  while (queue.length) {
    const s = queue.shift()!;
    if (reached.has(s)) continue;
    reached.add(s);
    for (const t of out.get(s) ?? []) if (!reached.has(t)) queue.push(t);
  }

  const nodes: GraphNode[] = Object.values(config.steps).map((s) => ({
    id: s.id,
    flow: s.flow,
    file: s.file,
    line: config.sources[s.file]?.locate(['steps', s.id], { key: true }).line ?? 1,
    title: typeof s.title === 'string' ? s.title : undefined,
    route: typeof s.route === 'string' ? s.route : undefined,
    screen: typeof s.screen === 'string' ? s.screen : undefined,
    auth: s.auth === true,
    entry: s.entry === true,
    start: s.id === app.start,
    login: s.id === app.login,
    notFound: s.id === app.notFound,
    unreachable: !reached.has(s.id),
  }));
  const flows = Object.entries(config.flows).map(([id, f]) => ({ id, title: typeof f.title === 'string' ? f.title : undefined, file: f.file }));
  return { flows, nodes, edges };
}
