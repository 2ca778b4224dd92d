/**
 * Moving a question to another place in the questionnaire, within its section
 * or into another one: dragging a card onto another card, and the cards' ↑ ↓
 * buttons (the keyboard's way to do the same). Pure, unit-tested.
 *
 * A question that changes section changes its path (`section.key`, or `key`
 * outside any section), and the file says three things by that path or key:
 * conditions naming it (`form.basicInfo.smoke == '是'`), and the old section's
 * `required` and `errorMessage.required`. Conditions follow it; its required
 * entry and message go with it (model.ts writes them in the new place, because
 * the question keeps `required` and `requiredMessage`). Without that the old
 * section would still require a field it no longer has, and no answer could
 * ever be saved. A repeatable group (a list of entries) keeps its questions'
 * required list in `items`; no condition may name a question inside one, so a
 * question that conditions name does not go into one.
 */
import { questionPath, type Condition, type Questionnaire } from './model';
import { mapRule } from './logic';
import { allConditions, mapConditions } from './edit';

export interface Place {
  section: number;
  index: number;
}

type Json = Record<string, unknown>;
const isObj = (v: unknown): v is Json => !!v && typeof v === 'object' && !Array.isArray(v);

/**
 * Why the question at `from` cannot go to section `to` ('' when it can): a
 * field of the same name is already there (two properties of one JSON object
 * cannot share a name; one would be lost).
 */
export function moveProblem(qn: Questionnaire, from: Place, to: Place): string {
  const q = qn.sections[from.section]?.questions[from.index];
  const target = qn.sections[to.section];
  if (!q || !target) return '没有这个位置';
  if (from.section === to.section) return '';
  const src = qn.sections[from.section];
  // questions outside any section are all properties of the form itself, beside the sections
  if (target.key === null && src.key === null) return '';
  const names =
    target.key === null
      ? [...qn.sections.filter((s) => s.key === null).flatMap((s) => s.questions.map((x) => x.key)), ...qn.sections.flatMap((s) => (s.key === null ? [] : [s.key]))]
      : target.questions.map((x) => x.key);
  const where = target.key === null ? '不分组的题目' : `分组“${target.title}”`;
  if (names.includes(q.key)) return `${where}里已经有字段名 ${q.key}，不能把“${q.label || q.key}”移过去（先改一个字段名）`;
  if (target.repeat && !src.repeat && named(qn, questionPath(src, q))) return `有条件（显示、必填或结束）用到“${q.label || q.key}”，它不能移进可重复的${where}（那里的题目每条各有一个答案，条件无从比较）`;
  return '';
}

/** Does some condition name the question at `path`? */
function named(qn: Questionnaire, path: string): boolean {
  return allConditions(qn).some((c) => !('raw' in c) && c.clauses.some((x) => x.question === path));
}

/**
 * The questionnaire with the question at `from` moved so it then stands at
 * `to.index` of section `to.section` (the place of the card it was dropped
 * on; the section's length: at its end). Unchanged (the same object) when the
 * move is not possible (moveProblem) or changes nothing.
 */
export function moveQuestionTo(qn: Questionnaire, from: Place, to: Place): Questionnaire {
  if (moveProblem(qn, from, to)) return qn;
  const src = qn.sections[from.section];
  const q = src.questions[from.index];
  const sections = qn.sections.map((s) => ({ ...s, questions: [...s.questions] }));
  sections[from.section].questions.splice(from.index, 1);
  const list = sections[to.section].questions;
  const at = Math.max(0, Math.min(to.index, list.length));
  if (from.section === to.section && at === from.index) return qn;
  list.splice(at, 0, q);
  let out: Questionnaire = { ...qn, sections };
  if (from.section === to.section) return out;
  const dest = qn.sections[to.section];
  // the old place's required entry and message go (the new place writes them, see above)
  if (src.key !== dest.key) {
    if (src.key === null) out = { ...out, raw: withoutRequired(out.raw, q.key) };
    else {
      // a repeatable group's questions are required in its items
      const drop = (raw: Json) => (src.repeat && isObj(raw.items) ? { ...raw, items: withoutRequired(raw.items, q.key) } : withoutRequired(raw, q.key));
      out = { ...out, sections: out.sections.map((s, i) => (i === from.section ? { ...s, raw: drop(s.raw) } : s)) };
    }
  }
  const oldPath = questionPath(src, q);
  const newPath = questionPath(dest, q);
  if (oldPath === newPath) return out;
  // conditions naming the moved question follow it (logic.ts: a rule of clauses)
  const follow = (c: Condition | undefined): Condition | undefined => mapRule(c, (p) => (p === oldPath ? newPath : p));
  return mapConditions(out, follow);
}

/** `raw` without `key` in its required list and its required messages (other keys as they were). */
function withoutRequired(raw: Json, key: string): Json {
  const out: Json = { ...raw };
  if (Array.isArray(raw.required) && raw.required.includes(key)) {
    const left = (raw.required as unknown[]).filter((k) => k !== key);
    if (left.length) out.required = left;
    else delete out.required;
  }
  const em = raw.errorMessage;
  if (isObj(em) && isObj(em.required) && key in em.required) {
    const messages = { ...em.required };
    delete messages[key];
    out.errorMessage = { ...em, required: messages };
  }
  return out;
}

/**
 * Where ↑ (-1) or ↓ (+1) takes the question at (section, index): the next
 * place in its section, or at an edge the end of the section before / the
 * start of the section after; null at the questionnaire's first or last place.
 */
export function stepPlace(qn: Questionnaire, from: Place, delta: -1 | 1): Place | null {
  const n = qn.sections[from.section]?.questions.length ?? 0;
  const index = from.index + delta;
  if (index >= 0 && index < n) return { section: from.section, index };
  const other = from.section + delta;
  if (other < 0 || other >= qn.sections.length) return null;
  return { section: other, index: delta < 0 ? qn.sections[other].questions.length : 0 };
}

/** ↑ / ↓: moveQuestionTo the stepPlace (unchanged at the first or last place). */
export function moveQuestionBy(qn: Questionnaire, from: Place, delta: -1 | 1): Questionnaire {
  const to = stepPlace(qn, from, delta);
  return to ? moveQuestionTo(qn, from, to) : qn;
}
