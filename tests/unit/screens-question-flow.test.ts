import { describe, expect, it } from 'vitest';
import {
  answerCurrent,
  collectAnswers,
  currentAnswer,
  currentEntry,
  goBack,
  isComplete,
  reopenLast,
  startFlow,
  validateAnswer,
  type Bank,
  type FlowState,
} from '../../src/widgets/screens/question-flow/sequence';

const bank: Bank = {
  sections: [
    {
      title: '一般情况',
      questions: [
        { code: 'q1', title: '是否吸烟', wt_type: 'A', type: 1, answers: [{ ans: '是', isNext: 'smk' }, { ans: '否' }] },
        { code: 'smk', title: '每天几支', wt_type: 'B', type: 3 },
        { code: 'smk', title: '烟龄', wt_type: 'B', type: 3 },
        { code: 'q2', title: '常吃', wt_type: 'A', type: 2, answers: [{ ans: '水果' }, { ans: '油炸', isNext: 'fry' }] },
        { code: 'fry', title: '每周几次', wt_type: 'C', type: 1, answers: [{ ans: '1次', isNext: 'deep' }, { ans: '多次' }] },
        { code: 'deep', title: '深层追问', wt_type: 'C', type: 3 },
      ],
    },
    { title: '女性', visibleIf: false, questions: [{ code: 'w1', title: '月经', wt_type: 'A', type: 3 }] },
    {
      title: '其他',
      questions: [
        { code: 'q3', title: '婚龄', wt_type: 'A', type: 3, visibleIf: false },
        { code: 'q4', title: '睡眠', type: '1', answers: [{ ans: '好' }, { ans: '差' }] },
      ],
    },
  ],
};

const titles = (s: FlowState) => s.entries.map((e) => e.question.title);
function answer(s: FlowState, v: string | string[]): FlowState {
  const r = answerCurrent(s, bank, v);
  expect(r.error).toBeUndefined();
  return r.state;
}

describe('question sequence', () => {
  it('asks main questions in section order, skipping hidden sections/questions and follow-ups', () => {
    const s = startFlow(bank);
    expect(titles(s)).toEqual(['是否吸烟', '常吃', '睡眠']);
    expect(currentEntry(s)?.question.code).toBe('q1');
  });

  it('an answer with isNext pulls the follow-ups carrying that code in right after it', () => {
    const s = answer(startFlow(bank), '是');
    expect(titles(s)).toEqual(['是否吸烟', '每天几支', '烟龄', '常吃', '睡眠']);
    expect(currentEntry(s)?.question.title).toBe('每天几支');
  });

  it('an answer without isNext pulls nothing', () => {
    const s = answer(startFlow(bank), '否');
    expect(titles(s)).toEqual(['是否吸烟', '常吃', '睡眠']);
    expect(currentEntry(s)?.question.title).toBe('常吃');
  });

  it('multi-select pulls for any chosen option; follow-ups can pull further follow-ups', () => {
    let s = answer(startFlow(bank), '否');
    s = answer(s, ['水果', '油炸']);
    expect(titles(s)).toEqual(['是否吸烟', '常吃', '每周几次', '睡眠']);
    s = answer(s, '1次');
    expect(titles(s)).toEqual(['是否吸烟', '常吃', '每周几次', '深层追问', '睡眠']);
  });

  it('back removes what the previous question pulled in (transitively) and restores its answer', () => {
    let s = answer(startFlow(bank), '否');
    s = answer(s, ['油炸']);
    s = answer(s, '1次'); // now at 深层追问
    s = goBack(s); // to 每周几次: its pull (深层追问) goes
    expect(titles(s)).toEqual(['是否吸烟', '常吃', '每周几次', '睡眠']);
    expect(currentAnswer(s)).toBe('1次');
    s = goBack(s); // to 常吃: 每周几次 goes too
    expect(titles(s)).toEqual(['是否吸烟', '常吃', '睡眠']);
    expect(currentAnswer(s)).toEqual(['油炸']);
  });

  it('re-answering after back replaces the old follow-ups', () => {
    let s = answer(startFlow(bank), '是');
    s = goBack(s);
    expect(titles(s)).toEqual(['是否吸烟', '常吃', '睡眠']);
    expect(currentAnswer(s)).toBe('是');
    s = answer(s, '否');
    expect(titles(s)).toEqual(['是否吸烟', '常吃', '睡眠']);
    s = goBack(s);
    s = answer(s, '是');
    expect(titles(s)).toEqual(['是否吸烟', '每天几支', '烟龄', '常吃', '睡眠']);
    expect(new Set(s.entries.map((e) => e.id)).size).toBe(s.entries.length);
  });

  it('back on the first question does nothing', () => {
    const s = startFlow(bank);
    expect(goBack(s)).toBe(s);
  });

  it('validation: multi needs ≥1 choice, others non-empty; a refused answer does not advance', () => {
    const q = { code: 'x', title: 'x', type: 2 };
    expect(validateAnswer(q, [])).toBe('multiRequired');
    expect(validateAnswer(q, ['a'])).toBeNull();
    expect(validateAnswer({ ...q, type: 3 }, '  ')).toBe('required');
    expect(validateAnswer({ ...q, type: 1 }, undefined)).toBe('required');
    const s = startFlow(bank);
    const r = answerCurrent(s, bank, '');
    expect(r.error).toBe('required');
    expect(r.state).toBe(s);
    const s2 = answer(s, '否');
    expect(answerCurrent(s2, bank, []).error).toBe('multiRequired');
  });

  it('completes after the last question, reopenLast returns to it, answers come in asked order', () => {
    let s = answer(startFlow(bank), '是');
    s = answer(s, '10');
    s = answer(s, '5年');
    s = answer(s, ['水果']);
    expect(isComplete(s)).toBe(false);
    s = answer(s, '好');
    expect(isComplete(s)).toBe(true);
    expect(currentEntry(reopenLast(s))?.question.title).toBe('睡眠');
    expect(collectAnswers(s)).toEqual([
      { code: 'q1', title: '是否吸烟', answer: '是' },
      { code: 'smk', title: '每天几支', answer: '10' },
      { code: 'smk', title: '烟龄', answer: '5年' },
      { code: 'q2', title: '常吃', answer: '水果' },
      { code: 'q4', title: '睡眠', answer: '好' },
    ]);
  });

  it('an empty bank is complete at once', () => {
    expect(isComplete(startFlow({}))).toBe(true);
  });
});

describe('the real self-assessment bank with the engine evaluator', async () => {
  const { readFileSync } = await import('node:fs');
  const { compileExpr, createFunctionRegistry } = await import('../../src/engine/expr');
  const { isBankPath, parseBank, resolveBankConditions } = await import('../../src/widgets/screens/question-flow/bank');
  const fns = createFunctionRegistry();
  // What the runner's evalItem does: `=expr` evaluated with `item` in scope.
  const evalItem = (v: unknown, item: unknown) => (typeof v === 'string' && v.startsWith('=') ? compileExpr(v.slice(1)).evaluate({ item }, fns) : v);
  const file = parseBank(readFileSync('schemas/questionnaires/self-assessment.json', 'utf8'));
  const sectionsShown = (context: unknown) => startFlow(resolveBankConditions(file, evalItem, context)).entries.map((e) => e.section);

  it('women-only and not-unmarried sections follow the context', () => {
    const woman = new Set(sectionsShown({ sex: '女', hyzk: '已婚' }));
    const unmarriedMan = new Set(sectionsShown({ sex: '男', hyzk: '未婚' }));
    expect(woman.size).toBe(file.sections!.length);
    expect(unmarriedMan.size).toBe(file.sections!.length - 2);
  });

  it('every isNext code of the bank names at least one follow-up', () => {
    const followUpCodes = new Set(file.sections!.flatMap((s) => s.questions ?? []).filter((q) => q.wt_type && q.wt_type !== 'A').map((q) => q.code));
    const pulls = file.sections!.flatMap((s) => s.questions ?? []).flatMap((q) => (q.answers ?? []).map((a) => a.isNext).filter(Boolean));
    expect(pulls.length).toBeGreaterThan(0);
    for (const code of pulls) expect(followUpCodes.has(code!), String(code)).toBe(true);
  });

  it('bank paths vs inline banks', () => {
    expect(isBankPath('questionnaires/self-assessment.json')).toBe(true);
    expect(isBankPath('{"sections":[]}')).toBe(false);
    expect(isBankPath({ sections: [] })).toBe(false);
    expect(parseBank('{"sections":[{"questions":[]}]}').sections).toHaveLength(1);
    expect(parseBank('nonsense')).toEqual({});
  });
});
