/**
 * What the editor offers at the cursor, and what it explains under the mouse.
 * Pure: the file's text, the cursor, the editor schemas (the same ones the
 * checker's sources generate, schemas/meta/editor/*) and the draft's
 * vocabulary in; suggestions out. CodeMirror glue is ./codemirror.ts.
 *
 *   keys      from the editor schema at the cursor's path (a step's props by its
 *             screen kind, a form field's x-options by its x-widget, an action's
 *             modifiers once its action key is there)
 *   values    enum/const/boolean from the schema, and names: step ids after
 *             `go:` (and start/login/notFound), message keys after
 *             alert/toast/confirm/okText/cancelText and message props, calls,
 *             effects, schema files, a step's own events, an effect's outcomes
 *   messages  in flows/messages.yaml, the keys flows name that it lacks, and the
 *             server's text keys (by area) not yet overridden
 *   forms     `required` / `x-order` items: the form's own field names
 *   exprs     inside an expression: a path's fields with their types, the roots
 *             and functions; hover shows a path's type (./expr-assist.ts)
 */
import { parseDocument } from 'yaml';
import { ACTION_KEYS } from '../../engine/types';
import { contextAt, wordAt, type DocContext, type PathSeg } from './doc-context';
import { SchemaWalker, type Json } from './schema-walk';
import { getIn, type StudioRegistries, type Vocabulary } from './vocab-types';
import { exprCompletion, exprHover, isExpression, rootsAt } from './expr-assist';

export interface EditorSchemas {
  flow: Json;
  form: Json;
  'question-bank': Json;
  /** JSON Schema draft-07's own meta-schema (forms build on it). */
  draft07?: Json;
}

export interface CompletionEnv {
  schemas: EditorSchemas;
  registries: StudioRegistries;
  vocab: Vocabulary;
}

export interface Suggestion {
  label: string;
  /** Text that replaces from..to. */
  insert: string;
  detail?: string;
  info?: string;
  type: 'property' | 'keyword' | 'variable' | 'constant' | 'enum' | 'text' | 'function' | 'class';
  boost?: number;
}

export interface Completion {
  from: number;
  to: number;
  options: Suggestion[];
  context: DocContext;
}

export interface HoverInfo {
  from: number;
  to: number;
  title: string;
  body?: string;
}

export type RefKind = 'step' | 'message' | 'call' | 'effect' | 'schema' | 'event' | 'outcome' | 'field' | 'serverArea' | 'serverKey' | null;

const isActionKey = (k: string) => (ACTION_KEYS as readonly string[]).includes(k);

const isObj = (v: unknown): v is Record<string, unknown> => !!v && typeof v === 'object' && !Array.isArray(v);

/** The editor schema for a config file (by its path). */
export function walkerFor(file: string, schemas: EditorSchemas): SchemaWalker | null {
  const docs = schemas.draft07 ? [schemas.draft07] : [];
  if (file.startsWith('flows/') && file.endsWith('.yaml')) {
    const def = file === 'flows/app.yaml' ? 'AppFile' : file === 'flows/messages.yaml' ? 'MessagesFile' : 'FlowFile';
    const { oneOf: _o, ...rest } = schemas.flow;
    return new SchemaWalker({ ...rest, $ref: `#/definitions/${def}` }, docs);
  }
  if (file.startsWith('schemas/questionnaires/')) return new SchemaWalker(schemas['question-bank'], docs);
  if (file.startsWith('schemas/') && file.endsWith('.json')) return new SchemaWalker(schemas.form, docs);
  return null;
}

/** The document's value at a path, read leniently (a half-typed file still gives most of it). */
export function dataReader(text: string, file: string): (p: readonly PathSeg[]) => unknown {
  let value: unknown;
  try {
    value = file.endsWith('.json') ? lenientJson(text) : parseDocument(text, { uniqueKeys: false }).toJS({ maxAliasCount: -1 });
  } catch {
    value = undefined;
  }
  return (p) => getIn(value, p);
}

function lenientJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    try {
      return parseDocument(text, { uniqueKeys: false }).toJS();
    } catch {
      return undefined;
    }
  }
}

/** Which kind of name the value at `path` (in `file`) is. */
export function refKindAt(file: string, path: readonly PathSeg[], env: CompletionEnv, dataAt: (p: readonly PathSeg[]) => unknown): RefKind {
  const last = path[path.length - 1];
  if (file === 'flows/app.yaml') {
    if (path.length === 1 && (last === 'start' || last === 'login' || last === 'notFound')) return 'step';
    if (path[0] === 'questionnaires' && path[2] === 'schema') return 'schema';
    return null;
  }
  if (file.startsWith('schemas/')) {
    const parent = path[path.length - 2];
    if (typeof last === 'number' && (parent === 'required' || parent === 'x-order' || parent === 'x-checkOrder')) return 'field';
    return null;
  }
  if (!file.startsWith('flows/') || file === 'flows/messages.yaml' || path[0] !== 'steps' || path.length < 3) return null;
  const stepId = String(path[1]);
  const rest = path.slice(2);
  if (rest[0] === 'props') {
    const kind = dataAt(['steps', stepId, 'screen']);
    const schema = typeof kind === 'string' ? (env.registries.screens[kind] as Json | undefined) : undefined;
    if (!schema) return null;
    const props = dataAt(['steps', stepId, 'props']);
    const raws = new SchemaWalker(schema).raw(rest.slice(1), (p) => getIn(props, p));
    const ref = raws.map((s) => s['x-ref']).find((x) => typeof x === 'string');
    if (ref === 'message' || ref === 'step' || ref === 'event' || ref === 'schema') return ref;
    return null;
  }
  if (rest[0] === 'form' && (rest[1] === 'schema' || rest[1] === 'choices')) return 'schema';
  if (typeof last !== 'string') return null;
  if (last === 'go') return 'step';
  if (last === 'call') return 'call';
  if (last === 'invoke') return 'effect';
  if (last === 'sheet') return 'schema';
  if (env.vocab.messageFields.includes(last)) return 'message';
  return null;
}

function quoteYaml(s: string): string {
  return /^[\w./@-]+$/u.test(s) || /^[\p{L}\p{N}_./@-]+$/u.test(s) ? s : JSON.stringify(s);
}

/** Suggestions for a value of kind `ref`. */
function refValues(kind: RefKind, file: string, path: readonly PathSeg[], env: CompletionEnv, dataAt: (p: readonly PathSeg[]) => unknown): Suggestion[] {
  const v = env.vocab;
  switch (kind) {
    case 'step':
      return Object.entries(v.steps).map(([id, s]) => ({ label: id, insert: id, type: 'class', detail: [s.title, s.route].filter(Boolean).join(' '), info: `${s.file} · ${s.screen ?? ''}` }));
    case 'message':
      return Object.entries(v.messages).map(([k, text]) => ({ label: k, insert: k, type: 'variable', detail: text.length > 40 ? `${text.slice(0, 40)}…` : text, info: text }));
    case 'call':
      return env.registries.calls.map((c) => ({ label: c, insert: c, type: 'function' }));
    case 'effect':
      return Object.entries(env.registries.effects).map(([e, d]) => ({ label: e, insert: e, type: 'function', detail: d.outcomes.length ? `→ ${d.outcomes.join(' | ')}` : undefined }));
    case 'schema':
      return v.schemas.filter((s) => !s.startsWith('api/')).map((s) => ({ label: s, insert: s, type: 'text' }));
    case 'event': {
      const step = v.steps[String(path[1])];
      const own = dataAt(['steps', path[1], 'on']);
      const events = new Set([...(isObj(own) ? Object.keys(own) : []), ...(step?.handles ?? [])]);
      return [...events].map((e) => ({ label: e, insert: e, type: 'keyword', detail: 'on 中已处理的事件' }));
    }
    case 'field': {
      const props = dataAt([...path.slice(0, -2), 'properties']);
      return isObj(props) ? Object.keys(props).map((f) => ({ label: f, insert: f, type: 'property', detail: String((props[f] as Json)?.['x-label'] ?? '') })) : [];
    }
    default:
      return [];
  }
}

/** Keys that are names: an invoke's outcomes, messages.yaml's keys. */
function refKeys(file: string, ctx: DocContext, env: CompletionEnv, dataAt: (p: readonly PathSeg[]) => unknown): Suggestion[] | null {
  const p = ctx.path;
  if (file === 'flows/messages.yaml') {
    if (p.length === 1 && p[0] === 'messages') {
      const have = new Set(Object.keys(isObj(dataAt(['messages'])) ? (dataAt(['messages']) as object) : {}));
      const app = new Set(env.registries.messages ?? []);
      return Object.entries(env.vocab.usedMessages)
        .filter(([k]) => !have.has(k))
        .map(([k, params]) => ({
          label: k,
          insert: `${k}: `,
          type: 'variable' as const,
          detail: app.has(k) ? '应用自带的提示' : '流程中用到、尚未定义',
          info: params.length ? `可用占位符：${params.map((x) => `{${x}}`).join(' ')}` : undefined,
          boost: 2,
        }));
    }
    if (p.length === 1 && p[0] === 'server') {
      const areas = new Set((env.registries.serverMessages ?? []).map((k) => k.split('.')[0]));
      return [...areas].map((a) => ({ label: a, insert: `${a}:\n    `, type: 'keyword', detail: '服务器提示的区域' }));
    }
    if (p.length === 2 && p[0] === 'server') {
      const area = String(p[1]);
      const have = dataAt(['server', area]);
      return (env.registries.serverMessages ?? [])
        .filter((k) => k.startsWith(`${area}.`))
        .map((k) => k.slice(area.length + 1))
        .filter((k) => !(isObj(have) && k in have))
        .map((k) => ({ label: k, insert: `${k}: `, type: 'variable', detail: '未填写则用服务器默认文字' }));
    }
    return null;
  }
  // `on:` of an invoke action: the effect's outcomes
  if (p[p.length - 1] === 'on' && file.startsWith('flows/')) {
    const action = dataAt(p.slice(0, -1));
    if (isObj(action) && typeof action.invoke === 'string') {
      const outcomes = env.registries.effects[action.invoke]?.outcomes ?? [];
      return outcomes.map((o) => ({ label: o, insert: `${o}: `, type: 'keyword', detail: `${action.invoke} 的结果` }));
    }
  }
  return null;
}

function keyInsert(file: string, ctx: DocContext, key: string, type?: string): string {
  if (file.endsWith('.json')) return ctx.quote ? key : `${JSON.stringify(key)}: `;
  const k = quoteYaml(key);
  if (ctx.flow) return `${k}: `;
  return type === 'map' || type === 'list' ? `${k}:` : `${k}: `;
}

function valueInsert(file: string, ctx: DocContext, v: unknown): string {
  if (typeof v === 'string') {
    if (ctx.quote) return v;
    return file.endsWith('.json') ? JSON.stringify(v) : quoteYaml(v);
  }
  return JSON.stringify(v);
}

export function complete(file: string, text: string, offset: number, env: CompletionEnv): Completion | null {
  const ctx = contextAt(file, text, offset);
  if (!ctx) return null;
  const walker = walkerFor(file, env.schemas);
  const dataAt = dataReader(text, file);
  const types = env.vocab.exprTypes;
  if (ctx.kind === 'value' && types && isExpression(ctx)) {
    const r = exprCompletion(ctx, offset, rootsAt(file, ctx.path, types, dataAt), types);
    if (!r) return null;
    let to = offset;
    while (to < text.length && /[\w$]/.test(text[to])) to++;
    return { from: r.from, to, options: r.options, context: ctx };
  }
  let options: Suggestion[] = [];
  if (ctx.kind === 'key') {
    const named = refKeys(file, ctx, env, dataAt);
    if (named) options = named;
    else if (walker) {
      // The object as far as it is written: its keys narrow oneOf branches (an
      // action item offers one action key, then that action's modifiers).
      const here = dataAt(ctx.path);
      const obj = Object.fromEntries(ctx.siblings.map((k) => [k, isObj(here) ? here[k] : null]));
      const read = (p: readonly PathSeg[]) => (p.length === ctx.path.length && p.every((x, i) => x === ctx.path[i]) ? obj : dataAt(p));
      const actionKey = ctx.siblings.find(isActionKey);
      options = walker
        .keys(ctx.path, read)
        .filter((k) => !ctx.siblings.includes(k.key))
        .filter((k) => !actionKey || !isActionKey(k.key))
        .map((k) => ({ label: k.key, insert: keyInsert(file, ctx, k.key, k.type), type: 'property', detail: k.type, info: k.description, boost: k.required ? 1 : 0 }));
    }
  } else {
    const ref = refKindAt(file, ctx.path, env, dataAt);
    if (ref) options = refValues(ref, file, ctx.path, env, dataAt).map((o) => ({ ...o, insert: valueInsert(file, ctx, o.insert) }));
    if (walker && !options.length) {
      options = walker.values(ctx.path, dataAt).map(({ value, description }) => ({
        label: typeof value === 'string' ? value : JSON.stringify(value),
        insert: valueInsert(file, ctx, value),
        type: 'enum',
        info: description,
      }));
    }
  }
  if (!options.length) return null;
  return { from: ctx.from, to: ctx.to, options, context: ctx };
}

/** What the word under the mouse is: a key's description, a message's text, a step's place. */
export function hoverAt(file: string, text: string, offset: number, env: CompletionEnv): HoverInfo | null {
  const w = wordAt(text, offset);
  if (!w) return null;
  const word = text.slice(w.from, w.to);
  const ctx = contextAt(file, text, w.to);
  if (!ctx) return null;
  const dataAt = dataReader(text, file);
  if (ctx.kind === 'key') {
    // `key:` — describe the key from the schema
    if (file === 'flows/messages.yaml' && ctx.path[0] === 'messages' && ctx.path.length === 1) {
      const params = env.vocab.usedMessages[word];
      const steps = env.vocab.messageUsers[word] ?? [];
      return { ...w, title: word, body: [params?.length ? `占位符：${params.map((x) => `{${x}}`).join(' ')}` : '', steps.length ? `用在：${steps.join('、')}` : '未被流程直接引用'].filter(Boolean).join('\n') };
    }
    const walker = walkerFor(file, env.schemas);
    if (!walker) return null;
    const info = walker.keys(ctx.path, dataAt).find((k) => k.key === word);
    if (!info) return null;
    return { ...w, title: info.type ? `${word}: ${info.type}` : word, body: info.description };
  }
  const types = env.vocab.exprTypes;
  if (types && isExpression(ctx)) {
    const lineStart = text.lastIndexOf('\n', offset - 1) + 1;
    const lineEnd = text.indexOf('\n', offset);
    const h = exprHover(text.slice(lineStart, lineEnd < 0 ? text.length : lineEnd), offset - lineStart, rootsAt(file, ctx.path, types, dataAt), types);
    if (h) return { ...h, from: lineStart + h.from, to: lineStart + h.to };
  }
  const ref = refKindAt(file, ctx.path, env, dataAt);
  if (ref === 'message') {
    const t = env.vocab.messages[word];
    return { ...w, title: `消息 ${word}`, body: t ?? '（flows/messages.yaml 中没有这个键）' };
  }
  if (ref === 'step') {
    const s = env.vocab.steps[word];
    return { ...w, title: `步骤 ${word}`, body: s ? [s.title, s.route, `${s.file}`, s.screen ? `screen: ${s.screen}` : ''].filter(Boolean).join('\n') : '（没有这个步骤）' };
  }
  if (ref === 'effect') {
    const e = env.registries.effects[word];
    return { ...w, title: `效果 ${word}`, body: e ? `结果：${e.outcomes.join('、') || '无'}` : '（没有这个效果）' };
  }
  return null;
}
