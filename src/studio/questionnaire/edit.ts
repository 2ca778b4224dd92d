/**
 * Editing a questionnaire read by model.ts: add, change, delete and move
 * questions and sections. A renamed question's conditions follow it; a
 * deleted question's clauses go with it. Pure.
 */
import { mapRule, type Condition } from './logic';
import { questionPath, type QType, type Question, type Questionnaire, type Section } from './model';

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
    out = mapConditions(out, (c) => mapRule(c, (p) => (p === from ? to : p)));
    next = out.sections[sectionIdx].questions[qIdx];
  }
  return out;
}

/** Every rule of the questionnaire (when shown, required, or ending it) through `f`: renames and deletions reach them all. */
export function mapConditions(qn: Questionnaire, f: (c: Condition | undefined) => Condition | undefined): Questionnaire {
  return {
    ...qn,
    sections: qn.sections.map((s) => ({ ...s, visibleIf: f(s.visibleIf), questions: s.questions.map((q) => ({ ...q, visibleIf: f(q.visibleIf), requiredIf: f(q.requiredIf), endIf: f(q.endIf) })) })),
  };
}

/** Every rule of the questionnaire, wherever it stands. */
export function allConditions(qn: Questionnaire): Condition[] {
  return qn.sections.flatMap((s) => [s.visibleIf, ...s.questions.flatMap((q) => [q.visibleIf, q.requiredIf, q.endIf])]).filter((c): c is Condition => !!c);
}

export function deleteQuestion(qn: Questionnaire, sectionIdx: number, qIdx: number): Questionnaire {
  const path = questionPath(qn.sections[sectionIdx], qn.sections[sectionIdx].questions[qIdx]);
  const out = { ...qn, sections: qn.sections.map((s, i) => (i === sectionIdx ? { ...s, questions: s.questions.filter((_, j) => j !== qIdx) } : s)) };
  // a condition on a deleted question would name nothing: drop it
  return mapConditions(out, (c) => mapRule(c, (p) => (p === path ? null : p)));
}

/** A group; `repeat`: a repeatable one (the examinee adds an entry per illness, per job…). */
export function addSection(qn: Questionnaire, title: string, repeat = false): Questionnaire {
  return { ...qn, sections: [...qn.sections, { key: uniqueKey(qn, 'section'), title, questions: [], ...(repeat ? { repeat } : {}), raw: {} }] };
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

