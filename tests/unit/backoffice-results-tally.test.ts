/**
 * 问卷统计's counting (services/backoffice/results/questions.ts, tally.ts), without
 * a database: which fields are questions and how each is counted, a multiple
 * choice counting an option once per answer, numbers written as text, a value
 * the schema no longer offers (named by the old version, merged with a current
 * option of the same label, else its own option marked old), and the bands with
 * 未计分 / 未分级 and older band labels.
 */
import { describe, expect, it } from 'vitest';
import { questionsOf } from '../../src/server/services/backoffice/results/questions';
import { AnswerTally, ScoreTally } from '../../src/server/services/backoffice/results/tally';

const SCHEMA = {
  type: 'object',
  properties: {
    note: { type: 'null', 'x-label': '请如实填写' },
    fixed: { type: 'string', 'x-label': '版本', readOnly: true, default: 'v2' },
    smoker: { type: 'boolean', 'x-label': '吸烟' },
    level: { type: 'string', 'x-label': '程度', oneOf: [{ const: 'a', title: '轻' }, { const: 'b', title: '重' }] },
    body: { type: 'object', 'x-label': '身体', properties: { weight: { type: 'string', 'x-label': '体重', 'x-widget': 'number' }, when: { type: 'string', format: 'date', 'x-label': '日期' } } },
    tags: { type: 'array', 'x-label': '标签', items: { type: 'string', enum: ['x', 'y'] } },
    jobs: { type: 'array', 'x-label': '工作经历', items: { type: 'object', properties: { name: { type: 'string', 'x-label': '单位' } } } },
  },
};

describe('问卷统计: questions and counts', () => {
  it('takes the answerable fields in order, sections opened, display and read-only fields left out', () => {
    expect(questionsOf(SCHEMA).map((q) => [q.path.join('.'), q.kind, q.section, q.label])).toEqual([
      ['smoker', 'single', '', '吸烟'],
      ['level', 'single', '', '程度'],
      ['body.weight', 'number', '身体', '体重'],
      ['body.when', 'text', '身体', '日期'],
      ['tags', 'multiple', '', '标签'],
      ['jobs', 'text', '', '工作经历'],
    ]);
  });

  it('counts a rating per point, every point listed (a chart of 0–10)', () => {
    const rating = { type: 'object', properties: { nps: { type: 'integer', minimum: 0, maximum: 10, 'x-widget': 'rating', 'x-label': '推荐' } } };
    const qs = questionsOf(rating);
    expect(qs.map((q) => q.kind)).toEqual(['rating']);
    const t = new AnswerTally(qs);
    for (const v of [8, 8, 10]) t.add({ nps: v }, () => undefined);
    const [r] = t.results() as Array<{ options: Array<{ label: string; count: number }>; avg: number }>;
    expect(r.avg).toBe(8.67);
    expect(r.options.map((o) => o.label)).toEqual(['0', '1', '2', '3', '4', '5', '6', '7', '8', '9', '10']);
    expect(r.options.filter((o) => o.count)).toEqual([{ label: '8', count: 2 }, { label: '10', count: 1 }]);
  });

  it('counts choices by label (old values named by their version), numbers as numbers, the rest as answered', () => {
    const t = new AnswerTally(questionsOf(SCHEMA));
    const none = () => undefined;
    t.add({ smoker: true, level: 'a', body: { weight: '60.5', when: '2026-01-02' }, tags: ['x', 'x', 'y'], jobs: [{ name: '甲' }] }, none);
    t.add({ smoker: false, level: 'c', body: { weight: 80 }, tags: [] }, (path, v) => (path === 'level' && v === 'c' ? '重' : undefined));
    t.add({ level: 'd', body: { weight: '  ' }, jobs: [] }, none);
    const r = Object.fromEntries(t.results().map((q) => [q.path, q]));
    expect(r.smoker).toMatchObject({ answered: 2, options: [{ label: '是', count: 1 }, { label: '否', count: 1 }] });
    // 'c' was called 重 in its version: counted with the current 重; 'd' has no label anywhere: its own, old
    expect(r.level).toMatchObject({ answered: 3, options: [{ label: '轻', count: 1 }, { label: '重', count: 1 }, { label: 'd', count: 1, old: true }] });
    expect(r['body.weight']).toMatchObject({ kind: 'number', answered: 2, min: 60.5, avg: 70.25, max: 80 });
    expect(r['body.when']).toMatchObject({ kind: 'text', answered: 1 });
    expect(r.tags).toMatchObject({ answered: 1, options: [{ label: 'x', count: 1 }, { label: 'y', count: 1 }] });
    expect(r.jobs).toMatchObject({ answered: 1 });
  });

  it('bands: the registry order, then older labels, 未计分 and 未分级 plainly; the mean of the scores', () => {
    const s = new ScoreTally(['良好', '一般']);
    s.add(2, '良好');
    s.add('5', '较差');
    s.add(null, null);
    s.add(7, '');
    expect(s.result()).toEqual({
      bands: [
        { label: '良好', count: 1 },
        { label: '一般', count: 0 },
        { label: '较差', count: 1, old: true },
        { label: '未计分', count: 1 },
        { label: '未分级', count: 1 },
      ],
      scored: 3,
      average: 4.67,
    });
  });
});
