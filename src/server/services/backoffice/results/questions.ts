/**
 * The questions 问卷统计 counts, read from a questionnaire's form schema as the
 * app renders it (engine/form/schema-model.ts), in display order: each answerable
 * field with its label, the labels of the sections around it, and how it is
 * counted. Sections are opened (their fields are the questions); what the
 * examinee cannot answer (a display text, a read-only value) is left out.
 */
import { buildFormModel, type FieldNode } from '../../../../engine/form/schema-model';
import type { ResultsQuestion } from '../../../../contract/api/backoffice/results';

export type QuestionKind = ResultsQuestion['kind'];

export interface Question {
  path: string[];
  label: string;
  section: string;
  kind: QuestionKind;
  node: FieldNode;
}

/** How a field is counted; null for one that asks nothing. */
export function questionKind(node: FieldNode): QuestionKind | null {
  if (node.type === 'null' || node.widget === 'display' || node.readOnly) return null;
  // A list of objects (工作经历) has no choices of its own; an array with choices is a multiple choice.
  if (node.choices?.length) return node.type === 'array' ? 'multiple' : 'single';
  // A rating (0–10) is a choice among its points: counted per point, as a chart reads it.
  if (ratingPoints(node)) return 'rating';
  // 年龄 may be a string typed with the number widget: counted as a number all the same.
  if (node.type === 'number' || node.type === 'integer' || node.widget === 'number') return 'number';
  return 'text';
}

/** A rating's points as the labels it is counted under ('0'…'10'); null for any other field. */
export function ratingPoints(node: FieldNode): string[] | null {
  const { minimum: lo, maximum: hi } = node.schema as { minimum?: unknown; maximum?: unknown };
  if (node.widget !== 'rating' || !Number.isInteger(lo) || !Number.isInteger(hi) || (hi as number) < (lo as number)) return null;
  return Array.from({ length: (hi as number) - (lo as number) + 1 }, (_, i) => String((lo as number) + i));
}

/** The labels a choice is counted under, in the order the phone shows them. */
export function optionLabels(node: FieldNode): string[] {
  return node.choices?.map((c) => c.label) ?? ratingPoints(node) ?? [];
}

function collect(node: FieldNode, path: string[], sections: string[], out: Question[]): void {
  for (const c of node.children ?? []) {
    const p = [...path, c.name];
    if (c.type === 'object' && c.children) {
      collect(c, p, c.label ? [...sections, c.label] : sections, out);
      continue;
    }
    const kind = questionKind(c);
    if (kind) out.push({ path: p, label: c.label || c.name, section: sections.join(' · '), kind, node: c });
  }
}

export function questionsOf(schema: object): Question[] {
  const out: Question[] = [];
  collect(buildFormModel(schema), [], [], out);
  return out;
}
