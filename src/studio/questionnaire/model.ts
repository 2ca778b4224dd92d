/**
 * The questionnaire builder's model: a form schema (schemas/forms/*.json, the
 * same file a person writes by hand, docs/flow-format.md's questionnaire
 * guide) read into questions and sections, edited, and written back. Pure.
 *
 *   question   a property: x-label, a type (single: enum + radio/picker,
 *              multiple: array of enum + checkboxes, text, number, date),
 *              options with points (x-score), required with its message
 *              (errorMessage.required), a condition on another answer
 *              (x-visibleIf: `form.a == 'x'`, or `includes(form.a, 'x')` for a
 *              multiple choice)
 *   section    an object property with an x-label holding questions (as the
 *              occupational questionnaire's 基本信息, 一、职业史…)
 *   registry   flows/app.yaml `questionnaires.<id>`: title, owner, listed,
 *              scoring bands (registry.ts)
 *
 * Whatever the builder does not manage (other keywords, fields it cannot
 * show, a top-level allOf…) is kept as it was, in its place, so a
 * hand-written file round-trips unchanged.
 */

export type QType = 'single' | 'multiple' | 'text' | 'number' | 'date' | 'other';

export const TYPE_LABELS: Record<QType, string> = {
  single: '单选',
  multiple: '多选',
  text: '文字',
  number: '数字',
  date: '日期',
  other: '其他（在编辑器中修改）',
};

export interface QOption {
  value: string;
  /** Points (x-score); undefined: the option scores nothing. */
  score?: number;
}

export type Condition = { question: string; equals: string } | { raw: string };

export interface Question {
  key: string;
  label: string;
  type: QType;
  options: QOption[];
  required: boolean;
  /** Its own message when left empty (errorMessage.required[key]). */
  requiredMessage: string;
  visibleIf?: Condition;
  placeholder?: string;
  /** text: several lines (textarea). */
  multiline?: boolean;
  /** single: a picker (a wheel) instead of radio buttons. */
  picker?: boolean;
  /** The property as read: keys the builder does not manage are written back as they were. */
  raw: Record<string, unknown>;
}

export interface Section {
  /** The object property's name; null: questions directly in the form. */
  key: string | null;
  title: string;
  questions: Question[];
  visibleIf?: Condition;
  raw: Record<string, unknown>;
}

export interface Questionnaire {
  title: string;
  sections: Section[];
  raw: Record<string, unknown>;
}

export interface Band {
  max: number;
  label: string;
}

export interface RegistryEntry {
  id: string;
  title: string;
  schema: string;
  owner: 'openid' | 'regno';
  listed: boolean;
  bands: Band[];
}

type Json = Record<string, unknown>;
const isObj = (v: unknown): v is Json => !!v && typeof v === 'object' && !Array.isArray(v);
const MANAGED_Q = ['type', 'x-label', 'x-widget', 'enum', 'items', 'x-score', 'x-visibleIf', 'x-placeholder', 'uniqueItems'];

// ------------------------------------------------------------------ reading

function condOf(v: unknown): Condition | undefined {
  if (typeof v !== 'string' || !v.trim()) return undefined;
  let m = /^\s*form\.([\w.]+)\s*==\s*'([^']*)'\s*$/.exec(v);
  if (m) return { question: m[1], equals: m[2] };
  m = /^\s*includes\(\s*form\.([\w.]+)\s*,\s*'([^']*)'\s*\)\s*$/.exec(v);
  if (m) return { question: m[1], equals: m[2] };
  return { raw: v };
}

function typeOf(p: Json): QType {
  const w = p['x-widget'];
  if (p.type === 'array' && isObj(p.items) && Array.isArray(p.items.enum) && (w === undefined || w === 'checkboxes')) return 'multiple';
  if (Array.isArray(p.enum) && (p.type === 'string' || p.type === undefined) && (w === undefined || w === 'radio' || w === 'picker')) return 'single';
  if (w === 'date') return 'date';
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
    label: typeof p['x-label'] === 'string' ? p['x-label'] : '',
    type,
    options: type === 'single' || type === 'multiple' ? (values ?? []).map((v) => ({ value: String(v), score: typeof score[String(v)] === 'number' ? (score[String(v)] as number) : undefined })) : [],
    required: required.includes(key),
    requiredMessage: typeof messages[key] === 'string' ? (messages[key] as string) : '',
    visibleIf: condOf(p['x-visibleIf']),
    placeholder: typeof p['x-placeholder'] === 'string' ? p['x-placeholder'] : undefined,
    multiline: p['x-widget'] === 'textarea',
    picker: p['x-widget'] === 'picker',
    raw: p,
  };
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

export function readQuestionnaire(schema: Json): Questionnaire {
  const props = isObj(schema.properties) ? schema.properties : {};
  const top = requiredOf(schema);
  const sections: Section[] = [];
  let loose: Section | null = null;
  for (const [key, p] of Object.entries(props)) {
    if (isSection(p)) {
      loose = null;
      const own = requiredOf(p);
      sections.push({
        key,
        title: typeof p['x-label'] === 'string' ? p['x-label'] : key,
        questions: Object.entries(p.properties as Json).map(([k, q]) => questionOf(k, isObj(q) ? q : {}, own.required, own.messages)),
        visibleIf: condOf(p['x-visibleIf']),
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

function condText(c: Condition | undefined, qn: Questionnaire): string | undefined {
  if (!c) return undefined;
  if ('raw' in c) return c.raw;
  const target = allQuestions(qn).find((x) => x.path === c.question);
  const v = c.equals.replace(/'/g, '');
  return target?.question.type === 'multiple' ? `includes(form.${c.question}, '${v}')` : `form.${c.question} == '${v}'`;
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
  m['x-label'] = q.label !== '' || 'x-label' in raw ? q.label : undefined;
  m['x-placeholder'] = q.placeholder || undefined;
  m['x-visibleIf'] = condText(q.visibleIf, qn);
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
      break;
    case 'text':
      m.type = same ? raw.type : 'string';
      m['x-widget'] = q.multiline ? 'textarea' : raw['x-widget'] === 'text' ? 'text' : undefined;
      break;
    case 'number':
      m.type = same ? raw.type : 'string';
      m['x-widget'] = same ? raw['x-widget'] : 'number';
      break;
    case 'date':
      m.type = same ? raw.type : 'string';
      m['x-widget'] = 'date';
      m.format = same ? raw.format : 'date';
      break;
  }
  // a type change drops what belonged to the old type
  const keep = same ? raw : Object.fromEntries(Object.entries(raw).filter(([k]) => !['enum', 'items', 'x-score', 'uniqueItems', 'format', 'x-options', 'default'].includes(k)));
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

// ------------------------------------------------------------------ editing

export function uniqueKey(qn: Questionnaire, base = 'q'): string {
  const taken = new Set([...qn.sections.flatMap((s) => s.questions.map((q) => q.key)), ...qn.sections.map((s) => s.key ?? '')]);
  for (let i = 1; ; i++) if (!taken.has(`${base}${i}`)) return `${base}${i}`;
}

export function newQuestion(qn: Questionnaire, type: QType): Question {
  const options = type === 'single' ? [{ value: '是' }, { value: '否' }] : type === 'multiple' ? [{ value: '选项一' }, { value: '选项二' }] : [];
  return { key: uniqueKey(qn), label: '新题目', type, options, required: false, requiredMessage: '', raw: {} };
}

export function addQuestion(qn: Questionnaire, sectionIdx: number, type: QType): Questionnaire {
  const q = newQuestion(qn, type);
  if (!qn.sections.length) return { ...qn, sections: [{ key: null, title: '', questions: [q], raw: {} }] };
  return { ...qn, sections: qn.sections.map((s, i) => (i === sectionIdx ? { ...s, questions: [...s.questions, q] } : s)) };
}

export function updateQuestion(qn: Questionnaire, sectionIdx: number, qIdx: number, patch: Partial<Question>): Questionnaire {
  const old = qn.sections[sectionIdx].questions[qIdx];
  let next = { ...old, ...patch };
  if (patch.type && patch.type !== old.type) {
    if ((patch.type === 'single' || patch.type === 'multiple') && !next.options.length) next.options = [{ value: '是' }, { value: '否' }];
    if (patch.type !== 'single' && patch.type !== 'multiple') next.options = [];
  }
  let out: Questionnaire = { ...qn, sections: qn.sections.map((s, i) => (i === sectionIdx ? { ...s, questions: s.questions.map((q, j) => (j === qIdx ? next : q)) } : s)) };
  // a renamed key: conditions naming it follow
  if (patch.key && patch.key !== old.key) {
    const sec = qn.sections[sectionIdx];
    const from = questionPath(sec, old);
    const to = questionPath(sec, next);
    out = mapConditions(out, (c) => (c && !('raw' in c) && c.question === from ? { ...c, question: to } : c));
    next = out.sections[sectionIdx].questions[qIdx];
  }
  return out;
}

function mapConditions(qn: Questionnaire, f: (c: Condition | undefined) => Condition | undefined): Questionnaire {
  return { ...qn, sections: qn.sections.map((s) => ({ ...s, visibleIf: f(s.visibleIf), questions: s.questions.map((q) => ({ ...q, visibleIf: f(q.visibleIf) })) })) };
}

export function deleteQuestion(qn: Questionnaire, sectionIdx: number, qIdx: number): Questionnaire {
  const path = questionPath(qn.sections[sectionIdx], qn.sections[sectionIdx].questions[qIdx]);
  const out = { ...qn, sections: qn.sections.map((s, i) => (i === sectionIdx ? { ...s, questions: s.questions.filter((_, j) => j !== qIdx) } : s)) };
  // a condition on a deleted question would name nothing: drop it
  return mapConditions(out, (c) => (c && !('raw' in c) && c.question === path ? undefined : c));
}

/** Moves a question up (-1) or down (+1), across into the next section at an edge. */
export function moveQuestion(qn: Questionnaire, sectionIdx: number, qIdx: number, delta: -1 | 1): Questionnaire {
  const secs = qn.sections.map((s) => ({ ...s, questions: [...s.questions] }));
  const list = secs[sectionIdx].questions;
  const to = qIdx + delta;
  if (to >= 0 && to < list.length) {
    [list[qIdx], list[to]] = [list[to], list[qIdx]];
    return { ...qn, sections: secs };
  }
  const other = sectionIdx + delta;
  if (other < 0 || other >= secs.length) return qn;
  const [q] = list.splice(qIdx, 1);
  if (delta < 0) secs[other].questions.push(q);
  else secs[other].questions.unshift(q);
  return { ...qn, sections: secs };
}

export function addSection(qn: Questionnaire, title: string): Questionnaire {
  return { ...qn, sections: [...qn.sections, { key: uniqueKey(qn, 'section'), title, questions: [], raw: {} }] };
}

export function updateSection(qn: Questionnaire, idx: number, patch: Partial<Section>): Questionnaire {
  return { ...qn, sections: qn.sections.map((s, i) => (i === idx ? { ...s, ...patch } : s)) };
}

export function deleteSection(qn: Questionnaire, idx: number): Questionnaire {
  return { ...qn, sections: qn.sections.filter((_, i) => i !== idx) };
}

export function moveSection(qn: Questionnaire, idx: number, delta: -1 | 1): Questionnaire {
  const to = idx + delta;
  if (to < 0 || to >= qn.sections.length) return qn;
  const secs = [...qn.sections];
  [secs[idx], secs[to]] = [secs[to], secs[idx]];
  return { ...qn, sections: secs };
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
  }
  for (const [k, n] of keys) if (n > 1) out.push(`字段名 ${k} 重复`);
  return out;
}
