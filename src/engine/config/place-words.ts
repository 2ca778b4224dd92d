/**
 * Where in a step a problem is, in the admin's words (issue 25): 事件 "notice"
 * 的第 1 个动作, 第 3 条跳转规则的条件, 表单的 schema 文件, 页面设置 "tiles" 第 2
 * 项的 "event" — instead of the config's paths (`on.notice[0]`, `next[2].if`,
 * `form.schema`, `props.tiles[1].event`), which the admin never sees written
 * anywhere. The path as written stays available (`rawPath`, a problem's `raw`,
 * shown on hover and by the CLI). Pure: the studio's flow graph (edge-words.ts)
 * and the checker in the browser use it.
 */
import type { PathSeg } from './source';

type Json = Record<string, unknown>;
const isObj = (v: unknown): v is Json => !!v && typeof v === 'object' && !Array.isArray(v);

/** The text of what the person taps to send `event` (a button, tile or card action in the step's props), if any. */
export function eventText(props: unknown, event: string, depth = 0): string | undefined {
  if (depth > 8) return undefined;
  if (Array.isArray(props)) {
    for (const x of props) {
      const t = eventText(x, event, depth + 1);
      if (t) return t;
    }
    return undefined;
  }
  if (!isObj(props)) return undefined;
  const named = Object.entries(props).some(([k, v]) => v === event && /event$/i.test(k));
  if (named) for (const k of ['text', 'label', 'title', 'buttonText']) if (typeof props[k] === 'string' && !(props[k] as string).startsWith('=')) return props[k] as string;
  for (const v of Object.values(props)) {
    const t = eventText(v, event, depth + 1);
    if (t) return t;
  }
  return undefined;
}

/**
 * `a 的 b`, spaced as the checker spaces ASCII-quoted names (`"a" 的 "b"`,
 * `动作的 "go"`): for a message that names a key under a place.
 */
export function of(place: string, what: string): string {
  return join([place, `的${what.startsWith('"') ? ' ' : ''}${what}`]);
}

/** Pieces joined with a space only beside an ASCII quote (`"tiles" 第 2 项`, `项的 "event"`). */
function join(pieces: string[]): string {
  let out = '';
  for (const p of pieces) {
    if (!p) continue;
    out += out && (out.endsWith('"') || p.startsWith('"')) ? ` ${p}` : p;
  }
  return out;
}

// Each piece starts with its own link word (的, 里的) so `join` only adds spaces.
const key = (k: PathSeg) => `的 "${k}"`;

/** Any path: keys quoted, list items counted (`的 "a" 第 2 项的 "b"`). */
function generic(segs: readonly PathSeg[], prev?: PathSeg): string[] {
  return segs.map((s, i) => {
    const before = i ? segs[i - 1] : prev;
    if (typeof s === 'number') return typeof before === 'string' ? `第 ${s + 1} 项` : `的第 ${s + 1} 项`;
    return key(s);
  });
}

/** A list of actions and what is inside it: `的第 2 个动作的 "then" 里的第 1 个动作`. */
function actionList(segs: readonly PathSeg[], inner: boolean): string[] {
  const [i, ...rest] = segs;
  if (i === undefined) return [inner ? '' : '的动作'];
  if (typeof i !== 'number') return generic(segs);
  return [`${inner ? '里' : ''}的第 ${i + 1} 个动作`, ...action(rest)];
}

/** Inside one action: its key or modifier, and the action lists under it. */
function action(segs: readonly PathSeg[]): string[] {
  const [k, ...rest] = segs;
  if (k === undefined) return [];
  if (k === 'then' || k === 'else' || k === 'onFail' || k === 'onError') return [key(k), ...actionList(rest, true)];
  // `invoke`'s outcomes: `on: { ok: [...] }`.
  if (k === 'on' && typeof rest[0] === 'string') return [`的结果 "${rest[0]}"`, ...actionList(rest.slice(1), true)];
  if (k === 'switch' && typeof rest[0] === 'number') {
    const [, part, ...more] = rest;
    const head = [key(k), `第 ${rest[0] + 1} 种情况`];
    if (part === 'when') return [...head, '的条件', ...generic(more)];
    if (part === 'do') return [...head, ...actionList(more, true)];
    return [...head, ...generic(rest.slice(1))];
  }
  return [key(k), ...generic(rest, k)];
}

/** `按钮 "立即预约"（事件 "notice"）` when the step's props name what sends it, else `事件 "notice"`. */
function eventPlace(props: unknown, event: string): string {
  const t = eventText(props, event);
  return t ? `按钮 "${t}"（事件 "${event}"）` : `事件 "${event}"`;
}

const FORM_KEYS: Record<string, string> = { schema: '的 schema 文件', initial: '的初始值', readOnlyIf: '的只读条件' };

/**
 * A step-relative path in words, starting with its link to the step
 * (`步骤 "X" ` + this): `的第 3 条跳转规则的条件`, `进入页面时的第 1 个动作`.
 * `props` (the step's) lets an event be named by its button.
 */
export function placeWords(rest: readonly PathSeg[], props?: unknown): string {
  const [head, second, ...more] = rest;
  const tail = rest.slice(1);
  switch (head) {
    case 'load':
      return join(['进入页面时', ...actionList(tail, false)]);
    case 'on':
      if (typeof second === 'string') return join([`的${eventPlace(props, second)}`, ...actionList(more, false)]);
      break;
    case 'next':
      if (typeof second === 'number') return join([`的第 ${second + 1} 条跳转规则`, ...(more[0] === 'if' ? ['的条件', ...generic(more.slice(1))] : generic(more))]);
      return join(['的跳转规则', ...generic(tail)]);
    case 'form':
      if (typeof second === 'string' && FORM_KEYS[second]) return join(['的表单', FORM_KEYS[second], ...generic(more)]);
      if (second === 'choices' && typeof more[0] === 'number') return join(['的表单', `的第 ${more[0] + 1} 个可选 schema 文件`, ...generic(more.slice(1))]);
      return join(['的表单', ...generic(tail)]);
    case 'props':
      // `页面设置 "tiles" 第 2 项`: the first key needs no 的.
      return join(['的页面设置', ...generic(tail).map((p, i) => (i === 0 && p.startsWith('的 "') ? p.slice(2) : p))]);
    case 'screen':
      return join(['的页面类型', ...generic(tail)]);
    case 'route':
      return join(['的网址', ...generic(tail)]);
    case 'aliases':
      if (typeof second === 'number') return join([`的第 ${second + 1} 个别名网址`, ...generic(more)]);
      break;
  }
  return join(generic(rest));
}

/** Any other path (app.yaml, messages.yaml): `"session" 的 "user" 的 "type"`; none is `文件最外层`. */
export function pathWords(path: readonly PathSeg[]): string {
  return path.length ? join(generic(path)).replace(/^的 ?/, '') : '文件最外层';
}

/** The path as written in the file (`on.notice[0].go`, `set["form.x"]`): a problem's `raw`. */
export function rawPath(path: readonly PathSeg[]): string {
  return path.map((s, i) => (typeof s === 'number' ? `[${s}]` : /^[A-Za-z_$][\w$-]*$/.test(s) ? `${i ? '.' : ''}${s}` : `[${JSON.stringify(s)}]`)).join('');
}
