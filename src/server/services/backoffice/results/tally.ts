/**
 * Counting answers for 问卷统计, one answer at a time so only the counts stay in
 * memory (the answers are read page by page, summary.ts). Choices are counted by
 * the label the admin reads: a value the current schema no longer offers is
 * named by the schema version the answer was given in (as the export names it),
 * and counted under a current option of that label when there is one, else as
 * an option of its own marked old — never dropped.
 */
import type { ResultsCount, ResultsQuestion } from '../../../../contract/api/backoffice/results';
import { plain, valueAt } from '../exports/answer-columns';
import { optionLabels, type Question } from './questions';

/** The label an older schema version gives a value of the question at `path`, if it has one. */
export type OldLabel = (path: string, value: unknown) => string | undefined;

interface Counter {
  q: Question;
  answered: number;
  /** label → count; current options first (Map keeps insertion order). */
  counts: Map<string, number>;
  current: Set<string>;
  min: number;
  max: number;
  sum: number;
  numbers: number;
}

const round2 = (n: number) => Math.round(n * 100) / 100;

function empty(v: unknown): boolean {
  if (v === undefined || v === null) return true;
  if (typeof v === 'string') return v.trim() === '';
  if (Array.isArray(v)) return v.length === 0;
  if (typeof v === 'object') return Object.keys(v).length === 0;
  return false;
}

export class AnswerTally {
  private readonly counters: Counter[];
  private readonly key: string[];

  constructor(questions: Question[]) {
    this.counters = questions.map((q) => {
      const labels = optionLabels(q.node);
      return { q, answered: 0, counts: new Map(labels.map((l) => [l, 0])), current: new Set(labels), min: Infinity, max: -Infinity, sum: 0, numbers: 0 };
    });
    this.key = questions.map((q) => q.path.join('.'));
  }

  add(answer: unknown, oldLabel: OldLabel): void {
    this.counters.forEach((c, i) => {
      const v = valueAt(answer, c.q.path);
      if (empty(v)) return;
      c.answered++;
      if (c.q.kind === 'single' || c.q.kind === 'multiple' || c.q.kind === 'rating') {
        if (c.q.kind === 'rating' && typeof v === 'number') {
          c.numbers++;
          c.sum += v;
        }
        // a multiple choice counts each option once per answer, whatever the array repeats
        const labels = new Set((Array.isArray(v) ? v : [v]).map((x) => this.label(c, this.key[i], x, oldLabel)));
        for (const l of labels) c.counts.set(l, (c.counts.get(l) ?? 0) + 1);
      } else if (c.q.kind === 'number') {
        const n = typeof v === 'number' ? v : typeof v === 'string' ? Number(v.trim()) : NaN;
        if (!Number.isFinite(n)) return;
        c.numbers++;
        c.sum += n;
        c.min = Math.min(c.min, n);
        c.max = Math.max(c.max, n);
      }
    });
  }

  private label(c: Counter, path: string, value: unknown, oldLabel: OldLabel): string {
    const now = c.q.node.choices?.find((x) => x.value === value);
    return now?.label ?? oldLabel(path, value) ?? plain(value);
  }

  results(): ResultsQuestion[] {
    return this.counters.map((c, i) => {
      const base = { path: this.key[i], label: c.q.label, section: c.q.section, answered: c.answered };
      if (c.q.kind === 'single' || c.q.kind === 'multiple' || c.q.kind === 'rating') {
        const options: ResultsCount[] = [...c.counts].map(([label, count]) => (c.current.has(label) ? { label, count } : { label, count, old: true }));
        if (c.q.kind === 'rating') return { ...base, kind: 'rating', options, avg: c.numbers ? round2(c.sum / c.numbers) : null };
        return { ...base, kind: c.q.kind, options };
      }
      if (c.q.kind === 'number') {
        const any = c.numbers > 0;
        return { ...base, kind: 'number', min: any ? c.min : null, avg: any ? round2(c.sum / c.numbers) : null, max: any ? c.max : null };
      }
      return { ...base, kind: 'text' };
    });
  }
}

/** The band of an answer saved without a score, and of one with a score but no band. */
const NO_BAND = ['未计分', '未分级'];

/** Bands for a scored questionnaire: the registry's in order, older labels after, 未计分 for no score. */
export class ScoreTally {
  private readonly counts: Map<string, number>;
  private readonly current: Set<string>;
  private sum = 0;
  private scored = 0;

  constructor(bands: string[]) {
    this.counts = new Map(bands.map((b) => [b, 0]));
    this.current = new Set(bands);
  }

  add(score: number | string | null | undefined, label: string | null | undefined): void {
    const n = score === null || score === undefined || score === '' ? NaN : Number(score);
    if (Number.isFinite(n)) {
      this.scored++;
      this.sum += n;
    }
    // saved before the questionnaire scored (or before bands were named): said so, not hidden
    const l = label || (Number.isFinite(n) ? NO_BAND[1] : NO_BAND[0]);
    this.counts.set(l, (this.counts.get(l) ?? 0) + 1);
  }

  result(): { bands: ResultsCount[]; scored: number; average: number | null } {
    // 未计分 / 未分级 are not an older version's bands: shown plainly
    const bands = [...this.counts].map(([label, count]) => (this.current.has(label) || NO_BAND.includes(label) ? { label, count } : { label, count, old: true }));
    return { bands, scored: this.scored, average: this.scored ? round2(this.sum / this.scored) : null };
  }
}
