/**
 * The builder's validators: a number range, a length, a pattern from a list
 * of presets in plain words (手机号, 身份证号…) or written out, each with its
 * own message. They are the schema's own keywords (`minimum`, `maximum`,
 * `minLength`, `maxLength`, `pattern`) with their texts in the question's
 * `errorMessage` (ajv-errors), so the phone and the server check the same
 * rule and say the same words. Pure: no React.
 */

type Json = Record<string, unknown>;
const isObj = (v: unknown): v is Json => !!v && typeof v === 'object' && !Array.isArray(v);

export const RULE_KEYS = ['minimum', 'maximum', 'minLength', 'maxLength', 'pattern'] as const;
export type RuleKey = (typeof RULE_KEYS)[number];

export interface Validation {
  minimum?: number;
  maximum?: number;
  minLength?: number;
  maxLength?: number;
  pattern?: string;
  /** Each rule's own message (errorMessage.<keyword>); empty: the app's default text. */
  messages: Partial<Record<RuleKey, string>>;
}

export interface PatternPreset {
  label: string;
  pattern: string;
  message: string;
}

/** Patterns a centre asks for, in words; the written pattern is what is stored. */
export const PATTERN_PRESETS: PatternPreset[] = [
  { label: '手机号', pattern: '^1[3-9]\\d{9}$', message: '请输入 11 位手机号' },
  { label: '身份证号', pattern: '^\\d{17}[\\dXx]$', message: '请输入 18 位身份证号' },
  { label: '邮政编码', pattern: '^\\d{6}$', message: '请输入 6 位邮政编码' },
  { label: '电子邮箱', pattern: '^[^@\\s]+@[^@\\s]+\\.[^@\\s]+$', message: '请输入正确的电子邮箱' },
  { label: '只填数字', pattern: '^\\d+$', message: '只能填写数字' },
  { label: '中文姓名', pattern: '^[\\u4e00-\\u9fa5·]{2,20}$', message: '请填写中文姓名' },
];

export const presetOf = (pattern: string | undefined): PatternPreset | undefined => PATTERN_PRESETS.find((p) => p.pattern === pattern);

const num = (v: unknown): number | undefined => (typeof v === 'number' && Number.isFinite(v) ? v : undefined);

export function readValidation(p: Json): Validation {
  const em = isObj(p.errorMessage) ? p.errorMessage : {};
  const messages: Partial<Record<RuleKey, string>> = {};
  for (const k of RULE_KEYS) if (typeof em[k] === 'string') messages[k] = em[k] as string;
  return {
    minimum: num(p.minimum),
    maximum: num(p.maximum),
    minLength: num(p.minLength),
    maxLength: num(p.maxLength),
    pattern: typeof p.pattern === 'string' ? p.pattern : undefined,
    messages,
  };
}

/**
 * The keywords to write over the question's own (undefined: removed), with
 * its `errorMessage` keeping whatever else it held (a `type` text, say).
 * The editor clears a rule's message with the rule.
 */
export function validationJson(v: Validation | undefined, raw: Json): Json {
  const out: Json = {};
  for (const k of RULE_KEYS) out[k] = v?.[k];
  const em: Json = isObj(raw.errorMessage) ? { ...raw.errorMessage } : {};
  for (const k of RULE_KEYS) {
    const text = v?.messages[k]?.trim();
    if (text) em[k] = text;
    else delete em[k];
  }
  out.errorMessage = typeof raw.errorMessage === 'string' ? raw.errorMessage : Object.keys(em).length ? em : undefined;
  return out;
}

export const VALIDATION_KEYS = [...RULE_KEYS, 'errorMessage'];

/** What cannot work, in words (the checker says the rest once written). */
export function validationProblems(label: string, v: Validation | undefined): string[] {
  if (!v) return [];
  const out: string[] = [];
  if (v.minimum !== undefined && v.maximum !== undefined && v.minimum > v.maximum) out.push(`题目“${label}”的最小值 ${v.minimum} 大于最大值 ${v.maximum}`);
  if (v.minLength !== undefined && v.maxLength !== undefined && v.minLength > v.maxLength) out.push(`题目“${label}”的最少字数 ${v.minLength} 多于最多字数 ${v.maxLength}`);
  if ((v.minLength ?? 0) < 0 || (v.maxLength ?? 0) < 0 || !Number.isInteger(v.minLength ?? 0) || !Number.isInteger(v.maxLength ?? 0)) out.push(`题目“${label}”的字数要写不小于 0 的整数`);
  if (v.pattern !== undefined) {
    try {
      new RegExp(v.pattern, 'u');
    } catch {
      out.push(`题目“${label}”的格式规则写得不对（${v.pattern}）`);
    }
  }
  return out;
}

/** The rules in words, for the card's summary: 10–300；最多 20 字；手机号. */
export function validationWords(v: Validation | undefined): string {
  if (!v) return '';
  const parts: string[] = [];
  if (v.minimum !== undefined || v.maximum !== undefined) parts.push(v.minimum !== undefined && v.maximum !== undefined ? `${v.minimum}–${v.maximum}` : v.minimum !== undefined ? `不小于 ${v.minimum}` : `不大于 ${v.maximum}`);
  if (v.minLength !== undefined) parts.push(`至少 ${v.minLength} 字`);
  if (v.maxLength !== undefined) parts.push(`最多 ${v.maxLength} 字`);
  if (v.pattern !== undefined) parts.push(presetOf(v.pattern)?.label ?? '自定格式');
  return parts.join('；');
}
