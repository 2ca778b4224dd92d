/**
 * The back office's Excel exports (issue 23), under /api/studio/exports/: GETs
 * every admin may call (a plain link downloads them); ID card and phone numbers
 * are masked unless the admin's roles show them (seesPersonalNumbers — the
 * server decides, the page only says so).
 *
 * GET /exports/bookings.xlsx?from=&to=                 one row per order whose exam day (体检日期) is in the range
 * GET /exports/answers.xlsx?questionnaire=&from=&to=   one row per answer of that questionnaire submitted in the range
 * GET /exports/questionnaires                          → ExportQuestionnairesRes (those that have answers)
 *
 * from/to are the centre's days 'YYYY-MM-DD', both included, at most
 * EXPORT_MAX_DAYS days. A refusal is 400 { error } in Chinese.
 */

export const EXPORT_MAX_DAYS = 366;

/** Where the files are (under /api/studio). */
export const EXPORT_PATHS = {
  bookings: '/exports/bookings.xlsx',
  answers: '/exports/answers.xlsx',
  questionnaires: '/exports/questionnaires',
} as const;

/** The bookings sheet's header row, in order. */
export const BOOKING_EXPORT_HEADERS = ['订单号', '姓名', '身份证号', '手机号', '体检类型', '套餐', '体检日期', '时段', '金额(元)', '状态', '支付状态', '单位', '下单时间'] as const;

/** The answers sheet's first columns (who and when: the booking account's or the group member's name and numbers); the questions follow, then 得分 / 分级 when it scores, then the trailing column of unknown keys. */
export const ANSWER_EXPORT_LEAD = ['提交时间', '填写人', '填写人身份证号', '填写人手机号', '体检号'] as const;
export const ANSWER_EXPORT_SCORE = ['得分', '分级'] as const;
/** Keys an answer has that the current schema no longer asks (older versions), as `label：value；…`. */
export const ANSWER_EXPORT_EXTRA = '其他（旧版问卷中的字段）';

export interface ExportQuestionnaire {
  /** The registry id (flows/app.yaml `questionnaires`), the `questionnaire` parameter. */
  id: string;
  title: string;
  /** Completed answers, all time. */
  answers: number;
  scored: boolean;
}

export interface ExportQuestionnairesRes {
  questionnaires: ExportQuestionnaire[];
  /** Whether this admin's files carry full ID card and phone numbers. */
  fullNumbers: boolean;
}

const DAY = /^\d{4}-\d{2}-\d{2}$/;

function dayNumber(d: string): number {
  const t = Date.UTC(+d.slice(0, 4), +d.slice(5, 7) - 1, +d.slice(8, 10));
  return new Date(t).toISOString().slice(0, 10) === d ? t / 86_400_000 : NaN;
}

/** null when [from, to] may be exported, else why not (the page checks with this too). */
export function exportRangeProblem(from: unknown, to: unknown): string | null {
  if (typeof from !== 'string' || !DAY.test(from) || Number.isNaN(dayNumber(from))) return '请选择有效的开始日期';
  if (typeof to !== 'string' || !DAY.test(to) || Number.isNaN(dayNumber(to))) return '请选择有效的结束日期';
  const days = dayNumber(to) - dayNumber(from) + 1;
  if (days < 1) return '开始日期不能晚于结束日期';
  if (days > EXPORT_MAX_DAYS) return `日期范围最多 ${EXPORT_MAX_DAYS} 天`;
  return null;
}
