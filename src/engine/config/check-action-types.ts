/**
 * What an action writes and names, against types and the config:
 *   - a `set` / `keep` target must be a path its root has (`form.basicInfo.nmae`
 *     is refused when the form has no such field; a declared session key's
 *     type is followed below its first key);
 *   - a value written into a typed session key must be of its kind (an object
 *     into a key declared text is refused), and a map written into a typed
 *     object has only its fields;
 *   - a call body field or an effect param that names something of the config
 *     (src/contract/refs.ts: a questionnaire id, a schema id, a draft key, a
 *     route) must name something that exists.
 */
import { CALL_BODY_REFS, EFFECT_PARAM_REFS, type ConfigRef } from '../../contract/refs';
import { ANY, members, present, typeWords, type Type } from '../expr/types';
import type { CheckContext, RootTypes } from './context';
import type { PathSeg } from './source';
import { didYouMean, listed } from '../expr/type-words';
import { list } from './words';
import { of } from './place-words';

const isObj = (v: unknown): v is Record<string, unknown> => !!v && typeof v === 'object' && !Array.isArray(v);
const has = (o: object, k: string) => Object.prototype.hasOwnProperty.call(o, k);

/**
 * The type at a target path (`form.a.b`, `session.k.x`), or a problem text
 * when a closed object on the way lacks the field. The first key of session
 * is check-actions' (notDeclaredText).
 */
export function targetType(roots: Record<string, Type>, target: string): Type | string {
  const [root, ...keys] = target.split('.');
  let t: Type = has(roots, root) ? roots[root] : ANY;
  let path = root;
  for (const k of keys) {
    const objs = members(present(t));
    if (objs.some((m) => m.k === 'any' || m.k === 'never')) return ANY;
    const found: Type[] = [];
    let fields: string[] | null = null;
    for (const m of objs) {
      if (m.k !== 'object') continue;
      if (has(m.fields, k)) found.push(m.fields[k]);
      else if (m.rest) found.push(m.rest);
      else fields = [...(fields ?? []), ...Object.keys(m.fields)];
    }
    if (!found.length) {
      if (fields) return `目标 "${target}" 不存在："${path}" 没有字段 "${k}"${didYouMean(k, fields)}${listed(fields)}`;
      return `目标 "${target}" 不存在："${path}" 是${typeWords(t)}，不能再往下写 "${k}"`;
    }
    t = found.length === 1 ? found[0] : { k: 'union', of: found };
    path = `${path}.${k}`;
  }
  return t;
}

/** Why a value of type `value` does not fit `declared`, or null (unknown, null, or a member fits). */
export function misfit(value: Type, declared: Type): string | null {
  const vs = members(value).filter((m) => m.k !== 'null' && m.k !== 'never');
  const ds = members(declared).filter((m) => m.k !== 'null');
  if (!vs.length || !ds.length || [...vs, ...ds].some((m) => m.k === 'any')) return null;
  const kinds = new Set(ds.map((m) => m.k));
  const wrong = vs.filter((m) => !kinds.has(m.k));
  if (wrong.length === vs.length) return `应该是${typeWords(declared)}，这里给的是${typeWords(value)}`;
  // A map written out field by field into a closed object: every field must be one of its.
  for (const v of vs) {
    if (v.k !== 'object') continue;
    const target = ds.find((d) => d.k === 'object');
    if (!target || target.k !== 'object' || target.rest) continue;
    const extra = Object.keys(v.fields).filter((f) => !has(target.fields, f));
    if (extra.length) {
      const names = Object.keys(target.fields);
      return `写了它没有的字段 "${extra[0]}"${didYouMean(extra[0], names)}${listed(names)}`;
    }
  }
  return null;
}

/** Checks a `set`/`keep` target's path and what is written into it. */
export function checkWrite(
  ctx: CheckContext, file: string, path: PathSeg[], here: string, target: string, value: Type, roots: RootTypes, isKey: boolean,
): void {
  const all = ctx.typeEnv(roots).roots;
  const root = target.split('.')[0];
  // `data` is what the step writes: its own keys are never missing. A session key's first level is checked by name.
  if (root === 'data' || (root === 'session' && !ctx.sessionKeys.includes(target.split('.')[1] ?? ''))) return;
  const t = targetType(all, target);
  if (typeof t === 'string') return ctx.error(file, path, `${here}：${t}`, { key: isKey });
  if (root !== 'session') return;
  const why = misfit(value, t);
  if (why) ctx.error(file, path, `${here}："${target}" ${why}`, { key: isKey });
}

/** Names a body field / param gives, checked against the config (refs.ts). */
function refCandidates(ctx: CheckContext, ref: ConfigRef): string[] {
  switch (ref) {
    case 'questionnaire':
      return Object.keys(ctx.config.app.questionnaires ?? {});
    case 'ownQuestionnaire':
      return Object.entries(ctx.config.app.questionnaires ?? {}).filter(([, q]) => isObj(q) && q.owner === 'openid').map(([id]) => id);
    case 'schemaId':
      // Form schemas only (a question bank has `sections`, not a form's fields).
      return [...new Set(Object.entries(ctx.config.schemas)
        .filter(([rel, s]) => !rel.startsWith('versions/') && !(isObj(s) && Array.isArray(s.sections)))
        .map(([rel]) => rel.replace(/^.*\//, '').replace(/\.json$/, '')))];
    case 'draft':
      return [...new Set(Object.values(ctx.config.steps).map((s) => s.form?.draft).filter((d): d is string => typeof d === 'string'))];
    case 'route':
      return Object.values(ctx.config.steps).flatMap((s) => [s.route, ...(Array.isArray(s.aliases) ? s.aliases : [])]).filter((r): r is string => typeof r === 'string');
  }
}

const REF_WORDS: Record<ConfigRef, (v: string) => string> = {
  questionnaire: (v) => `问卷 "${v}" 不在 flows/app.yaml 的 "questionnaires" 里，这样提交在手机上每次都会失败`,
  ownQuestionnaire: (v) => `问卷 "${v}" 不在 flows/app.yaml 的 "questionnaires" 里，这样提交在手机上每次都会失败`,
  schemaId: (v) => `表单 "${v}" 不存在（要写 schemas/ 下某个表单的文件名，不带文件夹和 .json）`,
  draft: (v) => `没有哪个步骤的表单用草稿 "${v}"（表单的 "draft"）`,
  route: (v) => `没有哪个步骤的路径是 "${v}"`,
};

function checkRefs(
  ctx: CheckContext, file: string, path: PathSeg[], here: string, values: unknown, refs: Record<string, ConfigRef> | undefined, roots: RootTypes, what: string,
): void {
  if (!refs || !isObj(values)) return;
  for (const [field, ref] of Object.entries(refs)) {
    const v = values[field];
    if (v === undefined) continue;
    const names = refCandidates(ctx, ref);
    // A literal, or an expression that can only give known texts (`=cond ? 'a' : 'b'`, a field's options).
    const given = typeof v === 'string' && !v.startsWith('=') ? [v] : typeof v === 'string' ? literalValues(ctx.typeOf(v, roots)) : [];
    for (const g of given) {
      if (names.includes(g)) continue;
      const q = ctx.config.app.questionnaires?.[g];
      if (ref === 'ownQuestionnaire' && isObj(q)) {
        ctx.error(file, [...path, field], `${of(here, `"${what}" 里的 "${field}"`)}：问卷 "${g}" 的答案属于体检号（owner: ${String(q.owner)}），服务器不接受用这个接口按用户保存它，提交在手机上每次都会失败（按用户保存的问卷：${list(names)}）`);
        continue;
      }
      ctx.error(file, [...path, field], `${of(here, `"${what}" 里的 "${field}"`)}：${REF_WORDS[ref](g)}${didYouMean(g, names)}${names.length ? listed(names) : ''}`);
    }
  }
}

/** The texts a type can only be (an enum), else none. */
function literalValues(t: Type): string[] {
  const out: string[] = [];
  for (const m of members(t)) {
    if (m.k === 'string' && m.enum) out.push(...m.enum);
    else return [];
  }
  return out;
}

export function checkBodyRefs(ctx: CheckContext, file: string, path: PathSeg[], here: string, call: string, body: unknown, roots: RootTypes): void {
  checkRefs(ctx, file, path, here, body, (CALL_BODY_REFS as Record<string, Record<string, ConfigRef>>)[call], roots, 'body');
}

export function checkParamRefs(ctx: CheckContext, file: string, path: PathSeg[], here: string, effect: string, params: unknown, roots: RootTypes): void {
  checkRefs(ctx, file, path, here, params, (EFFECT_PARAM_REFS as Record<string, Record<string, ConfigRef>>)[effect], roots, 'params');
}

/**
 * A questionnaire saved from a step's form: the server checks the answer
 * against the registry's schema, so the form the step shows must be that
 * schema (or one of its choices): another form's answers are refused on every submit.
 */
export function checkQuestionnaireForm(ctx: CheckContext, file: string, path: PathSeg[], here: string, stepId: string | null, call: string, body: unknown): void {
  if (call !== 'SaveQuestionnaire' || !stepId || !isObj(body) || typeof body.qid !== 'string' || body.qid.startsWith('=')) return;
  const q = ctx.config.app.questionnaires?.[body.qid];
  const form = ctx.config.steps[stepId]?.form;
  if (!isObj(q) || typeof q.schema !== 'string' || !isObj(form) || typeof form.schema !== 'string') return;
  const shown = form.schema.startsWith('=') ? (Array.isArray(form.choices) ? form.choices : []) : [form.schema];
  if (!shown.length || shown.includes(q.schema)) return;
  ctx.error(file, [...path, 'qid'], `${of(here, '"body" 里的 "qid"')}：问卷 "${body.qid}" 的答案按 schemas/${q.schema} 检查，但这一步显示的表单是 ${shown.map((s) => `schemas/${s}`).join('、')}，提交在手机上每次都会被拒绝`);
}
