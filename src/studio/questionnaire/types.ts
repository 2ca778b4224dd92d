/**
 * The builder's types: a questionnaire as questions in sections, and its
 * registry entry (model.ts reads and writes them; the rest of the builder
 * imports them from model.ts, which re-exports this file).
 */
import type { Condition } from './logic';
import type { Validation } from './validators';
import { MORE_TYPE_LABELS, type QuestionMore } from './types-more';

export type QType = 'single' | 'multiple' | 'text' | 'number' | 'date' | 'description' | 'calculated' | 'signature' | 'rating' | 'yesno' | 'other';

export const TYPE_LABELS: Record<QType, string> = {
  single: '单选',
  multiple: '多选',
  text: '文字',
  number: '数字',
  date: '日期',
  description: '说明文字',
  calculated: '计算结果',
  signature: '签名',
  ...MORE_TYPE_LABELS,
  other: '其他（在编辑器中修改）',
};

export interface QOption {
  value: string;
  /** Points (x-score); undefined: the option scores nothing. */
  score?: number;
  /** A multiple choice's option ticked alone (x-exclusive: 以上都没有). */
  exclusive?: boolean;
}

export interface Question extends QuestionMore {
  key: string;
  label: string;
  type: QType;
  options: QOption[];
  required: boolean;
  /** Its own message when left empty (errorMessage.required[key]). */
  requiredMessage: string;
  visibleIf?: Condition;
  /** Required only while this holds (x-requiredIf); written only when not always required. */
  requiredIf?: Condition;
  /** Skip to the end: once answered so that this holds, the questions after it are not shown (x-endIf). */
  endIf?: Condition;
  placeholder?: string;
  /** text: several lines (textarea). */
  multiline?: boolean;
  /** single: a picker (a wheel) instead of radio buttons. */
  picker?: boolean;
  /** calculated: the expression shown (formula.ts), without its `=`. */
  formula?: string;
  /** text / number: range, length, pattern, each with its message. */
  validation?: Validation;
  /** The property as read: keys the builder does not manage are written back as they were. */
  raw: Record<string, unknown>;
}

export interface Section {
  /** The object property's name; null: questions directly in the form. */
  key: string | null;
  title: string;
  questions: Question[];
  visibleIf?: Condition;
  /** A repeatable group: a list of entries (x-widget list, items an object), e.g. past illnesses. */
  repeat?: boolean;
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
