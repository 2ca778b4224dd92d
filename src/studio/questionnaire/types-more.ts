/**
 * The builder's question types health questionnaires add (issue 25): read
 * from and written as the plain JSON Schema a person writes by hand, so
 * model.ts keeps only small hooks (typeOf, questionOf, questionJson,
 * problemsOf, kindOf call these). Pure.
 *
 *   评分 rating     {"type": "integer", "minimum": 1, "maximum": 5, "x-widget": "rating",
 *                   "x-options": {"minLabel": "很不满意", "maxLabel": "非常满意"}}  (also 0–10)
 *   是/否 yes/no    {"type": "boolean"}  (the phone offers 是 / 否)
 *   可搜索的下拉    a single choice with "x-widget": "picker", "x-options": {"search": true}
 *                   (a bottom sheet with a search box, for long lists)
 *
 * A rating the phone cannot draw (no whole minimum or maximum) is not read as
 * one: it stays 'other', kept as written, and the checker says why.
 */
import { RATING_MAX_POINTS } from '../../engine/form/widget-fit';
import { YES_NO, type TargetKind } from './logic';

type Json = Record<string, unknown>;

/** The types this file reads and writes (model.ts's QType has them). */
export type MoreType = 'rating' | 'yesno';

/** The parts of model.ts's Question these read: model.ts imports this file, so no import back. */
interface Q extends QuestionMore {
  type: string;
  key: string;
  label: string;
  picker?: boolean;
}
const isObj = (v: unknown): v is Json => !!v && typeof v === 'object' && !Array.isArray(v);

export interface Rating {
  min: number;
  max: number;
  /** Under the first button (很不满意); '' for none. */
  minLabel: string;
  /** Under the last button (非常满意); '' for none. */
  maxLabel: string;
}

/** What a question of these types holds beyond model.ts's own fields. */
export interface QuestionMore {
  /** single shown as a picker: a searchable list in a bottom sheet (x-options.search), for long lists. */
  search?: boolean;
  /** rating: its range and end labels. */
  rating?: Rating;
}

export const MORE_TYPE_LABELS: Record<MoreType, string> = { rating: '评分', yesno: '是/否' };

/** The ranges a centre asks for: satisfaction 1–5, recommendation (NPS) 0–10; any other is typed. */
export const RATING_PRESETS = [
  { label: '1–5 分', min: 1, max: 5 },
  { label: '0–10 分', min: 0, max: 10 },
];

const DEFAULT_RATING: Rating = { min: 1, max: 5, minLabel: '', maxLabel: '' };

/** A rating question's range and labels (a question just turned into a rating: 1–5). */
export const ratingOf = (q: Q): Rating => q.rating ?? DEFAULT_RATING;

/** How a single choice is shown on the phone. */
export type ChoiceShow = 'radio' | 'picker' | 'search';

export const CHOICE_SHOWS: Array<{ value: ChoiceShow; label: string }> = [
  { value: 'radio', label: '单选按钮' },
  { value: 'picker', label: '滚轮' },
  { value: 'search', label: '可搜索的下拉' },
];

export const choiceShowOf = (q: Q): ChoiceShow => (q.picker ? (q.search ? 'search' : 'picker') : 'radio');

export const choiceShowPatch = (show: ChoiceShow): { picker: boolean; search: boolean } => ({ picker: show !== 'radio', search: show === 'search' });

/** The type of a property these types cover, or undefined (model.ts's typeOf decides). */
export function typeOfMore(p: Json): MoreType | undefined {
  const w = p['x-widget'];
  if (w === 'rating' && (p.type === 'integer' || p.type === 'number') && Number.isInteger(p.minimum) && Number.isInteger(p.maximum)) return 'rating';
  if (p.type === 'boolean' && p.enum === undefined && p.const === undefined && (w === undefined || w === 'radio')) return 'yesno';
  return undefined;
}

/** What these types add to a question read from `p`, with how a choice is shown (picker: a wheel, or with search a sheet). */
export function readMore(type: string, p: Json): QuestionMore & { picker: boolean } {
  const o = isObj(p['x-options']) ? p['x-options'] : {};
  const picker = p['x-widget'] === 'picker';
  if (type === 'rating') {
    const text = (v: unknown) => (typeof v === 'string' ? v : '');
    return { picker, rating: { min: p.minimum as number, max: p.maximum as number, minLabel: text(o.minLabel), maxLabel: text(o.maxLabel) } };
  }
  return type === 'single' && picker && o.search === true ? { picker, search: true } : { picker };
}

/**
 * Writes these types' keywords into `m` (the managed keys model.ts merges
 * over the raw property). Runs last, so a range a number question had is
 * not taken for one to drop. `same`: the question keeps its type.
 */
export function writeMore(q: Q, m: Json, raw: Json, same: boolean): void {
  if (q.type === 'rating') {
    const r = ratingOf(q);
    m.type = same ? raw.type : 'integer';
    m['x-widget'] = 'rating';
    m.minimum = r.min;
    m.maximum = r.max;
    // the labels in place among whatever else x-options held; an empty label is no key
    const o: Json = { ...(same && isObj(raw['x-options']) ? raw['x-options'] : {}), minLabel: r.minLabel, maxLabel: r.maxLabel };
    for (const k of ['minLabel', 'maxLabel']) if (!o[k]) delete o[k];
    m['x-options'] = Object.keys(o).length ? o : undefined;
  } else if (q.type === 'yesno') {
    m.type = 'boolean';
    m['x-widget'] = same ? raw['x-widget'] : undefined;
  } else if (q.type === 'single') {
    const o = isObj(m['x-options']) ? m['x-options'] : undefined;
    if (q.picker && q.search) m['x-options'] = { ...o, search: true };
    else if (o && 'search' in o) {
      // radio buttons and the wheel take no search: the key would be refused
      const rest = { ...o };
      delete rest.search;
      m['x-options'] = Object.keys(rest).length ? rest : undefined;
    }
  }
}

/** What a condition compares on these types: a rating is a number, a yes/no is 是 / 否. */
export function kindMore(q: Q): TargetKind | undefined {
  return q.type === 'rating' ? 'number' : q.type === 'yesno' ? 'boolean' : undefined;
}

/** The options a condition offers on these types (yes/no: 是 / 否). */
export const targetOptionsMore = (q: Q): string[] | undefined => (q.type === 'yesno' ? YES_NO : undefined);

/** What cannot work, in words, before writing. */
export function problemsMore(q: Q): string[] {
  if (q.type !== 'rating') return [];
  const { min, max } = ratingOf(q);
  const name = `题目“${q.label || q.key}”`;
  if (!Number.isInteger(min) || !Number.isInteger(max)) return [`${name}的评分范围要写整数`];
  if (min >= max) return [`${name}的评分最低分 ${min} 要小于最高分 ${max}`];
  if (max - min + 1 > RATING_MAX_POINTS) return [`${name}的评分从 ${min} 到 ${max} 有 ${max - min + 1} 个按钮，太多了，手机上放不下；最多 ${RATING_MAX_POINTS} 个（例如 0–10 分）`];
  return [];
}
