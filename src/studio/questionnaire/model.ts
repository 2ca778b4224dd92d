/**
 * The questionnaire builder's model: a form schema (schemas/forms/*.json, the
 * same file a person writes by hand, docs/flow-format.md's questionnaire
 * guide) read into questions and sections, edited, and written back. Pure.
 *
 *   question   a property: x-label, a type (single: enum + radio/picker,
 *              multiple: array of enum + checkboxes, text, number, date),
 *              options with points (x-score), required with its message
 *              (errorMessage.required), validators with their messages
 *              (validators.ts), when it shows: clauses on other answers joined
 *              by 且/或 (logic.ts, written as the x-visibleIf expression),
 *              and likewise when it is required (x-requiredIf) and when its
 *              answer ends the questionnaire (x-endIf); 说明文字 (x-widget
 *              display), 签名 (x-widget signature), 评分 and 是/否 (types-more.ts)
 *   section    an object property with an x-label holding questions (as the
 *              occupational questionnaire's 基本信息, 一、职业史…)
 *   registry   flows/app.yaml `questionnaires.<id>`: title, owner, listed,
 *              scoring bands (registry.ts)
 *   types      types.ts (re-exported here)
 *
 * Whatever the builder does not manage (other keywords, fields it cannot
 * show, a top-level allOf…) is kept as it was, in its place, so a
 * hand-written file round-trips unchanged.
 */

import { readCondition, ruleExpression, type Condition, type Target, type TargetKind } from './logic';
import { VALIDATION_KEYS, readValidation, validationJson, validationProblems, type Validation } from './validators';
import { kindMore, problemsMore, readMore, targetOptionsMore, typeOfMore, writeMore } from './types-more';
import type { QType, Question, Questionnaire, Section } from './types';

export type { Condition } from './logic';

export * from './types';

type Json = Record<string, unknown>;
const isObj = (v: unknown): v is Json => !!v && typeof v === 'object' && !Array.isArray(v);
const MANAGED_Q = ['type', 'x-label', 'x-widget', 'enum', 'items', 'x-score', 'x-exclusive', 'x-visibleIf', 'x-requiredIf', 'x-endIf', 'x-placeholder', 'uniqueItems', 'x-options', ...VALIDATION_KEYS];

// ------------------------------------------------------------------ reading

function typeOf(p: Json): QType {
  const w = p['x-widget'];
  if (typeOfMore(p)) return typeOfMore(p)!; // 评分, 是/否 (types-more.ts)
  if (p.type === 'array' && isObj(p.items) && Array.isArray(p.items.enum) && (w === undefined || w === 'checkboxes')) return 'multiple';
  if (Array.isArray(p.enum) && (p.type === 'string' || p.type === undefined) && (w === undefined || w === 'radio' || w === 'picker')) return 'single';
  if (w === 'date') return 'date';
  if (w === 'display' && p.type !== 'object' && p.type !== 'array') return String((isObj(p['x-options']) && p['x-options'].text) || '').startsWith('=') ? 'calculated' : 'description';
  if (w === 'signature') return 'signature';
  if (w === 'number' || ((p.type === 'number' || p.type === 'integer') && w === undefined)) return 'number';
  if ((p.type === 'string' || p.type === undefined) && (w === undefined || w === 'text' || w === 'textarea') && !Array.isArray(p.enum)) return 'text';
  return 'other';
}

function questionOf(key: string, p: Json, required: string[], messages: Json): Question {
  const type = typeOf(p);
  const values = (type === 'multiple' ? (p.items as Json).enum : p.enum) as unknown[] | undefined;
  const score = isObj(p['x-score']) ? (p['x-score'] as Record<string, unknown>) : {};
  return {
    key,
    label: type === 'description' ? displayText(p) : typeof p['x-label'] === 'string' ? p['x-label'] : '',
    type,
    options: type === 'single' || type === 'multiple' ? (values ?? []).map((v) => ({ value: String(v), score: typeof score[String(v)] === 'number' ? (score[String(v)] as number) : undefined, ...(type === 'multiple' && Array.isArray(p['x-exclusive']) && p['x-exclusive'].includes(v) ? { exclusive: true } : {}) })) : [],
    required: required.includes(key),
    requiredMessage: typeof messages[key] === 'string' ? (messages[key] as string) : '',
    visibleIf: readCondition(p['x-visibleIf']),
    requiredIf: readCondition(p['x-requiredIf']),
    endIf: readCondition(p['x-endIf']),
    placeholder: typeof p['x-placeholder'] === 'string' ? p['x-placeholder'] : undefined,
    multiline: p['x-widget'] === 'textarea',
    ...readMore(type, p), // picker, search, rating (types-more.ts)
    validation: type === 'text' || type === 'number' ? readValidation(p) : undefined,
    formula: type === 'calculated' ? displayText(p).slice(1) : undefined,
    raw: p,
  };
}

/** A description block's text: x-options.text (what the display widget shows), else its label. */
function displayText(p: Json): string {
  const o = isObj(p['x-options']) ? p['x-options'] : {};
  return typeof o.text === 'string' ? o.text : typeof p['x-label'] === 'string' ? p['x-label'] : '';
}

function requiredOf(o: Json): { required: string[]; messages: Json } {
  const required = Array.isArray(o.required) ? (o.required as string[]) : [];
  const em = o.errorMessage;
  const messages = isObj(em) && isObj(em.required) ? em.required : {};
  return { required, messages };
}

/** Is this property a section (an object of questions with a label)? */
function isSection(p: unknown): p is Json {
  return isObj(p) && p.type === 'object' && isObj(p.properties) && p['x-widget'] === undefined;
}

/** Is this property a repeatable group (a list whose entries are objects of questions)? */
function isRepeat(p: unknown): p is Json {
  return isObj(p) && p.type === 'array' && p['x-widget'] === 'list' && isObj(p.items) && (p.items.type === 'object' || p.items.type === undefined) && isObj(p.items.properties);
}

export function readQuestionnaire(schema: Json): Questionnaire {
  const props = isObj(schema.properties) ? schema.properties : {};
  const top = requiredOf(schema);
  const sections: Section[] = [];
  let loose: Section | null = null;
  for (const [key, p] of Object.entries(props)) {
    if (isSection(p) || isRepeat(p)) {
      loose = null;
      const body = (isRepeat(p) ? (p as Json).items : p) as Json;
      const own = requiredOf(body);
      sections.push({
        key,
        title: typeof p['x-label'] === 'string' ? p['x-label'] : key,
        questions: Object.entries(body.properties as Json).map(([k, q]) => questionOf(k, isObj(q) ? q : {}, own.required, own.messages)),
        visibleIf: readCondition(p['x-visibleIf']),
        ...(isRepeat(p) ? { repeat: true } : {}),
        raw: p,
      });
    } else {
      if (!loose) sections.push((loose = { key: null, title: '', questions: [], raw: {} }));
      loose.questions.push(questionOf(key, isObj(p) ? p : {}, top.required, top.messages));
    }
  }
  return { title: typeof schema.title === 'string' ? schema.title : '', sections, raw: schema };
}

// ------------------------------------------------------------------ writing

/** The path of a question as a condition names it: `key` or `section.key`. */
export function questionPath(s: Section, q: Question): string {
  return s.key ? `${s.key}.${q.key}` : q.key;
}

export function allQuestions(qn: Questionnaire): Array<{ section: Section; question: Question; path: string }> {
  return qn.sections.flatMap((section) => section.questions.map((question) => ({ section, question, path: questionPath(section, question) })));
}

/** What a condition can compare on this question (logic.ts); undefined: it cannot drive one. */
function kindOf(q: Question): TargetKind | undefined {
  if (q.type === 'number') return q.raw.type === 'number' || q.raw.type === 'integer' || !Object.keys(q.raw).length ? 'number' : 'numberText';
  return kindMore(q) ?? (q.type === 'single' || q.type === 'multiple' || q.type === 'text' || q.type === 'date' ? q.type : undefined);
}

// Every question's kind by path, once per questionnaire value (writing one asks it for every rule of every question).
const kindsCache = new WeakMap<Questionnaire, Map<string, TargetKind | undefined>>();

/** What a condition can compare on the question at `path` (logic.ts). */
function targetKind(qn: Questionnaire, path: string): TargetKind | undefined {
  let kinds = kindsCache.get(qn);
  if (!kinds) {
    kindsCache.set(qn, (kinds = new Map()));
    for (const x of allQuestions(qn)) if (!kinds.has(x.path)) kinds.set(x.path, kindOf(x.question)); // the first of a repeated name, as before
  }
  return kinds.get(path);
}

/** The questions a condition may name (every one it can compare). */
export function conditionTargets(qn: Questionnaire): Target[] {
  // a question inside a repeatable group has one answer per entry: no condition can name it
  return allQuestions(qn).flatMap(({ section, question: q, path }) => {
    const kind = section.repeat ? undefined : kindOf(q);
    return kind ? [{ path, label: q.label, kind, options: targetOptionsMore(q) ?? q.options.map((o) => o.value) }] : [];
  });
}

function condText(c: Condition | undefined, qn: Questionnaire): string | undefined {
  if (!c) return undefined;
  return 'raw' in c ? c.raw : ruleExpression(c, (path) => targetKind(qn, path));
}

/** Writes `managed` keys over `raw`, keeping raw's key order, dropping managed keys set to undefined. */
function merge(raw: Json, managed: Json, managedKeys: string[]): Json {
  const out: Json = {};
  for (const [k, v] of Object.entries(raw)) {
    if (managedKeys.includes(k)) {
      if (managed[k] !== undefined) out[k] = managed[k];
    } else out[k] = v;
  }
  for (const [k, v] of Object.entries(managed)) if (!(k in out) && v !== undefined) out[k] = v;
  return out;
}

function questionJson(q: Question, qn: Questionnaire): Json {
  if (q.type === 'other') return q.raw;
  const raw = q.raw;
  /** The question keeps its type: what it had stays as written. */
  const same = Object.keys(raw).length > 0 && typeOf(raw) === q.type;
  const values = q.options.map((o) => o.value);
  const scored = q.options.filter((o) => typeof o.score === 'number');
  const score = scored.length ? Object.fromEntries(scored.map((o) => [o.value, o.score])) : undefined;
  const m: Json = {};
  // a description's text is its x-options.text; a label it had as another type would sit beside it
  m['x-label'] = q.type === 'description' ? (same ? raw['x-label'] : undefined) : q.label !== '' || 'x-label' in raw ? q.label : undefined;
  m['x-options'] = raw['x-options'];
  if (q.type === 'text' || q.type === 'number') Object.assign(m, validationJson(q.validation, raw));
  else for (const k of VALIDATION_KEYS) m[k] = raw[k];
  m['x-placeholder'] = q.placeholder || undefined;
  m['x-visibleIf'] = condText(q.visibleIf, qn);
  m['x-requiredIf'] = q.required ? undefined : condText(q.requiredIf, qn);
  m['x-endIf'] = condText(q.endIf, qn);
  switch (q.type) {
    case 'single':
      m.type = same ? raw.type : 'string';
      m['x-widget'] = q.picker ? 'picker' : same && raw['x-widget'] === undefined ? undefined : 'radio';
      m.enum = values;
      m['x-score'] = score;
      break;
    case 'multiple':
      m.type = 'array';
      m['x-widget'] = same && raw['x-widget'] === undefined ? undefined : 'checkboxes';
      m.items = same ? { ...(raw.items as Json), enum: values } : { type: 'string', enum: values };
      m.uniqueItems = same ? raw.uniqueItems : true;
      m['x-score'] = score;
      m['x-exclusive'] = q.options.some((o) => o.exclusive) ? q.options.filter((o) => o.exclusive).map((o) => o.value) : undefined;
      break;
    case 'text':
      m.type = same ? raw.type : 'string';
      m['x-widget'] = q.multiline ? 'textarea' : raw['x-widget'] === 'text' ? 'text' : undefined;
      break;
    case 'number':
      // a new number question keeps a number (ranges and conditions compare numbers)
      m.type = same ? raw.type : 'number';
      m['x-widget'] = same ? raw['x-widget'] : 'number';
      break;
    case 'description':
      m.type = same ? raw.type : 'string';
      m['x-widget'] = 'display';
      m['x-options'] = { ...(isObj(raw['x-options']) ? raw['x-options'] : {}), text: q.label };
      break;
    case 'calculated':
      m.type = same ? raw.type : 'string';
      m['x-widget'] = 'display';
      m['x-options'] = { ...(isObj(raw['x-options']) ? raw['x-options'] : {}), text: `=${q.formula ?? ''}` };
      break;
    case 'signature':
      m.type = 'string';
      m['x-widget'] = 'signature';
      m.pattern = same ? raw.pattern : '^(data:image/png;base64,[A-Za-z0-9+/=]+)?$';
      break;
    case 'date':
      m.type = same ? raw.type : 'string';
      m['x-widget'] = 'date';
      m.format = same ? raw.format : 'date';
      break;
  }
  // a type change drops what belonged to the old type
  const keep = same ? raw : Object.fromEntries(Object.entries(raw).filter(([k]) => !['enum', 'items', 'x-score', 'uniqueItems', 'format', 'x-options', 'default', ...VALIDATION_KEYS].includes(k)));
  if (!same) for (const k of ['x-options', ...VALIDATION_KEYS]) if (m[k] === raw[k]) m[k] = undefined;
  writeMore(q, m, raw, same); // 评分, 是/否, 可搜索的下拉 (types-more.ts), after the drop above: a range it had is the rating's
  return merge(keep, m, MANAGED_Q);
}

function withRequired(raw: Json, questions: Question[]): Json {
  const here = new Map(questions.map((q) => [q.key, q]));
  const before = Array.isArray(raw.required) ? (raw.required as string[]) : [];
  // required names that are no question here (the builder does not show them) stay, in place
  const required = [...before.filter((k) => !here.has(k) || here.get(k)!.required), ...questions.filter((q) => q.required && !before.includes(q.key)).map((q) => q.key)];
  const em = raw.errorMessage;
  let errorMessage: unknown;
  if (typeof em === 'string') errorMessage = em;
  else {
    const old = isObj(em) && isObj(em.required) ? em.required : {};
    const msgs: Json = {};
    for (const [k, v] of Object.entries(old)) {
      if (!here.has(k)) msgs[k] = v;
      else if (here.get(k)!.requiredMessage.trim()) msgs[k] = here.get(k)!.requiredMessage.trim();
    }
    for (const q of questions) if (q.requiredMessage.trim() && !(q.key in msgs)) msgs[q.key] = q.requiredMessage.trim();
    const has = Object.keys(msgs).length > 0;
    if (isObj(em)) {
      const merged = merge(em, { required: has ? msgs : undefined }, ['required']);
      errorMessage = Object.keys(merged).length ? merged : undefined;
    } else errorMessage = has ? { required: msgs } : undefined;
  }
  return { required: required.length || 'required' in raw ? required : undefined, errorMessage };
}

export function writeQuestionnaire(qn: Questionnaire): Json {
  const properties: Json = {};
  const loose: Question[] = [];
  for (const s of qn.sections) {
    if (s.key === null) {
      for (const q of s.questions) properties[q.key] = questionJson(q, qn);
      loose.push(...s.questions);
      continue;
    }
    const inner: Json = {};
    for (const q of s.questions) inner[q.key] = questionJson(q, qn);
    if (s.repeat) {
      // the entries' questions and required live in `items`; the list keeps its own keys (minItems, default…)
      const items = isObj(s.raw.items) ? s.raw.items : {};
      const entry = merge(items, { type: 'object', properties: inner, ...withRequired(items, s.questions) }, ['type', 'properties', 'required', 'errorMessage']);
      properties[s.key] = merge(s.raw, { type: 'array', 'x-label': s.title, 'x-widget': 'list', 'x-visibleIf': condText(s.visibleIf, qn), items: entry }, ['type', 'x-label', 'x-widget', 'x-visibleIf', 'items']);
      continue;
    }
    const req = withRequired(s.raw, s.questions);
    properties[s.key] = merge(s.raw, { type: 'object', 'x-label': s.title, 'x-visibleIf': condText(s.visibleIf, qn), properties: inner, ...req }, ['type', 'x-label', 'x-visibleIf', 'properties', 'required', 'errorMessage']);
  }
  const req = withRequired(qn.raw, loose);
  const base: Json = Object.keys(qn.raw).length ? qn.raw : { $schema: 'http://json-schema.org/draft-07/schema#' };
  return merge(base, { title: qn.title, type: 'object', properties, ...req }, ['title', 'type', 'properties', 'required', 'errorMessage']);
}

/** The file text: two-space JSON, ending as the original did (a final newline by default). */
export function toFileText(schema: Json, original?: string): string {
  const text = JSON.stringify(schema, null, 2);
  return original === undefined || original.endsWith('\n') ? `${text}\n` : text;
}

/** What is wrong before writing (the checker says the rest once written). */
export function problemsOf(qn: Questionnaire): string[] {
  const out: string[] = [];
  const keys = new Map<string, number>();
  for (const { question: q, path } of allQuestions(qn)) {
    keys.set(path, (keys.get(path) ?? 0) + 1);
    if (!/^[A-Za-z_][\w]*$/.test(q.key)) out.push(`题目“${q.label || q.key}”的字段名 ${q.key} 只能用字母、数字和下划线，且不以数字开头`);
    if (!q.label.trim() && q.type !== 'other') out.push(`字段 ${q.key} 没有题目文字`);
    if ((q.type === 'single' || q.type === 'multiple') && !q.options.length) out.push(`题目“${q.label}”没有选项`);
    const vals = q.options.map((o) => o.value);
    if (new Set(vals).size !== vals.length) out.push(`题目“${q.label}”有重复的选项`);
    if (vals.some((v) => !v.trim())) out.push(`题目“${q.label}”有空白的选项`);
    out.push(...validationProblems(q.label || q.key, q.validation), ...problemsMore(q));
    if (q.type === 'calculated' && !q.formula?.trim()) out.push(`题目“${q.label || q.key}”还没有计算公式`);
  }
  for (const [k, n] of keys) if (n > 1) out.push(`字段名 ${k} 重复`);
  return out;
}
