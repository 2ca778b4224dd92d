/**
 * 问卷统计 (issue 25): a questionnaire's completed answers at a glance, under
 * /api/studio/results. GETs every admin may call (counts only: no name, no
 * number, no free text ever leaves the server); the server reads the answers
 * and sends the tallies, never the answers themselves.
 *
 * GET /results/options                                        → ResultsOptionsRes
 * GET /results?questionnaire=&from=&to=&branch=               → ResultsRes
 *
 * from/to are the centre's days 'YYYY-MM-DD', both included, checked by the
 * exports' rule (exportRangeProblem, EXPORT_MAX_DAYS); an answer is in the range
 * by its submit time, as in the 问卷答案 export. branch is a 院区 code, or
 * RESULTS_ALL_BRANCHES ('' or left out). Which branch an answer belongs to:
 * docs/decisions-back-office.md「问卷统计」. A refusal is 400/404 { error } in Chinese.
 */
import type { ExportQuestionnaire } from './exports';

export const RESULTS_PATHS = {
  options: '/results/options',
  summary: '/results',
} as const;

/** The branch parameter meaning every answer, whether or not a branch can be told for it. */
export const RESULTS_ALL_BRANCHES = '';
/** Its name (the page's choice, the answer's branchName). */
export const RESULTS_ALL_BRANCHES_LABEL = '全部院区';

export interface ResultsBranch {
  /** hosp_code */
  code: string;
  name: string;
}

export interface ResultsOptionsRes {
  /** Those with completed answers, as the 问卷答案 export lists them. */
  questionnaires: ExportQuestionnaire[];
  branches: ResultsBranch[];
}

export interface ResultsCount {
  label: string;
  count: number;
  /** Not among the current schema's choices (or bands): an older version's, kept so no answer is lost from the chart. */
  old?: boolean;
}

interface QuestionBase {
  /** Property names from the form's root, joined with '.'. */
  path: string;
  /** The label the examinee read. */
  label: string;
  /** The labels of the sections it sits in ('糖尿病', '慢性病情况 · 糖尿病'), '' at the top. */
  section: string;
  /** Answers in which this question has a value (a question its condition hid has none). */
  answered: number;
}

/**
 * single: one choice (radio, picker, yes/no); multiple: several (checkboxes);
 * rating: a point of a 评分 (every point listed) — each option's count, shares of `answered`.
 */
export interface ResultsChoiceQuestion extends QuestionBase {
  kind: 'single' | 'multiple' | 'rating';
  /** rating: the mean point (rounded to 2 decimals); null when nobody answered. */
  avg?: number | null;
  /** The current choices in the schema's order (zero counts included), then older versions' values met in the answers. */
  options: ResultsCount[];
}

/** A number: its range and mean over the answers that hold one (rounded to 2 decimals); null when none does. */
export interface ResultsNumberQuestion extends QuestionBase {
  kind: 'number';
  min: number | null;
  avg: number | null;
  max: number | null;
}

/** Text, a date, a signature, a list: only how many answered (what they wrote stays in the export). */
export interface ResultsTextQuestion extends QuestionBase {
  kind: 'text';
}

export type ResultsQuestion = ResultsChoiceQuestion | ResultsNumberQuestion | ResultsTextQuestion;

export interface ResultsScore {
  /** The registry's bands in their order (zero counts included), then labels of older bands; 未计分 for answers saved without a score. */
  bands: ResultsCount[];
  /** The registry's band limits by label ('良好' → 4), for the page to say the range. */
  limits: Record<string, number>;
  /** Answers that carry a score; the mean of those scores (2 decimals), null when none. */
  scored: number;
  average: number | null;
}

export interface ResultsRes {
  questionnaire: { id: string; title: string };
  from: string;
  to: string;
  /** As asked ('' = every branch), and its name (全部院区). */
  branch: string;
  branchName: string;
  /** Completed answers in the range (of the branch). */
  completed: number;
  /** With every branch: how many of them no branch can be told for (counted in no single branch). */
  unplaced: number;
  /** null when the questionnaire does not score. */
  score: ResultsScore | null;
  questions: ResultsQuestion[];
}

/** The share shown beside a count: whole percent of `of` (0 when nobody answered). */
export function sharePercent(count: number, of: number): number {
  return of > 0 ? Math.round((count / of) * 100) : 0;
}
