/**
 * Capacity rules shared by the studio's page and the server (issue 23): how a
 * time slot is written, the limits on places and on a bulk rule's range, the
 * Chinese names of the calendars and the refusals an admin reads. The server
 * checks every one of them; the page checks the same while the admin types.
 */
import type { CapacityRule, CapacitySlotDraft } from '../api/backoffice/capacity';

export const CAPACITY_MAX_PLACES = 9999;
export const CAPACITY_MAX_SLOTS = 12;
/** A bulk rule (or a range closed at once) spans at most this many days from its first to its last. */
export const CAPACITY_RULE_MAX_DAYS = 190;
export const CAPACITY_NOTE_MAX = 40;

/** The personal calendars, in the order the studio lists them. */
export const PERSONAL_SCOPES: ReadonlyArray<{ scope: string; label: string }> = [
  { scope: 'P:person', label: '个人体检' },
  { scope: 'P:staff', label: '入职体检' },
  { scope: 'P:vehicle', label: '驾驶证体检' },
  { scope: 'P:healthCertificate', label: '健康证体检' },
];
export const TEAM_TOTAL_SCOPE = 'T:total';
export const TEAM_TOTAL_LABEL = '团体（共用）';
export const companyScopeLabel = (companyName: string) => `团体：${companyName}`;

/** 0 = Sunday, as Date.getDay(); the studio lists Monday first. */
export const WEEKDAY_SHORT = ['周日', '周一', '周二', '周三', '周四', '周五', '周六'];
export const WEEK_MONDAY_FIRST = [1, 2, 3, 4, 5, 6, 0];

export const belowBookedReason = (n: number) => `该时段已预约 ${n} 人，名额不能少于 ${n}`;
export const removeBookedReason = (n: number) => `该时段已预约 ${n} 人，不能删除`;
export const renameBookedReason = (n: number) => `该时段已预约 ${n} 人，不能修改时间`;

const DAY_RE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** A real calendar date 'YYYY-MM-DD' (not 2026-02-30). */
export function isDay(s: unknown): s is string {
  if (typeof s !== 'string') return false;
  const m = DAY_RE.exec(s);
  if (!m) return false;
  return new Date(Date.UTC(+m[1], +m[2] - 1, +m[3])).toISOString().slice(0, 10) === s;
}

export const isMonth = (s: unknown): s is string => typeof s === 'string' && /^\d{4}-(0[1-9]|1[0-2])$/.test(s);

const utc = (day: string) => Date.UTC(+day.slice(0, 4), +day.slice(5, 7) - 1, +day.slice(8, 10));
export const weekdayOf = (day: string) => new Date(utc(day)).getUTCDay();
export const daysBetween = (from: string, to: string) => Math.round((utc(to) - utc(from)) / 86_400_000);
export const nextDay = (day: string) => new Date(utc(day) + 86_400_000).toISOString().slice(0, 10);

/** Every date from..to inclusive. */
export function datesFrom(from: string, to: string): string[] {
  const out: string[] = [];
  for (let d = from; d <= to; d = nextDay(d)) out.push(d);
  return out;
}

const TIME = /^([01]?\d|2[0-3])[:：]([0-5]\d)$/;

/** '7:30-9:30', '07:30–09:30', '07:30 ~ 09:30', '07：30至09：30' → '07:30-09:30'; null when not a slot with its start before its end. */
export function normalizeSlotName(text: unknown): string | null {
  if (typeof text !== 'string') return null;
  const parts = text.trim().split(/\s*(?:-|–|—|~|～|至)\s*/);
  if (parts.length !== 2) return null;
  const times = parts.map((p) => TIME.exec(p));
  if (!times[0] || !times[1]) return null;
  const [a, b] = times.map((m) => `${m![1].padStart(2, '0')}:${m![2]}`);
  return a < b ? `${a}-${b}` : null;
}

/** The code a new slot gets when none is given: its start as 'HHMM' (the same on every day a rule writes). */
export const slotCodeFor = (name: string) => name.slice(0, 5).replace(':', '');

export const isSlotCode = (code: unknown): code is string => typeof code === 'string' && /^[0-9A-Za-z]{1,10}$/.test(code);

export function placesProblem(v: unknown): string | null {
  return typeof v === 'number' && Number.isInteger(v) && v >= 0 && v <= CAPACITY_MAX_PLACES ? null : `名额须为 0–${CAPACITY_MAX_PLACES} 的整数`;
}

/** A day's slots as the admin wrote them: each problem a line naming the slot (empty: fine). */
export function slotListProblems(slots: unknown): string[] {
  if (!Array.isArray(slots)) return ['时段列表格式错误'];
  if (slots.length > CAPACITY_MAX_SLOTS) return [`每天最多 ${CAPACITY_MAX_SLOTS} 个时段`];
  const out: string[] = [];
  const names = new Set<string>();
  const codes = new Set<string>();
  const spans: Array<[string, string, string]> = [];
  slots.forEach((raw, i) => {
    const s = (raw ?? {}) as Partial<CapacitySlotDraft>;
    const label = `第 ${i + 1} 个时段`;
    const name = normalizeSlotName(s.name);
    if (!name) out.push(`${label}：时间须写成 07:30-09:30，开始早于结束`);
    else {
      if (names.has(name)) out.push(`${label}：时段 ${name} 重复`);
      names.add(name);
      spans.push([name.slice(0, 5), name.slice(6), name]);
    }
    if (s.code !== undefined && s.code !== '') {
      if (!isSlotCode(s.code)) out.push(`${label}：编码只能是 1–10 位字母或数字`);
      else if (codes.has(s.code)) out.push(`${label}：编码 ${s.code} 重复`);
      else codes.add(s.code);
    }
    const p = placesProblem(s.places);
    if (p) out.push(`${label}：${p}`);
  });
  spans.sort((a, b) => (a[0] < b[0] ? -1 : 1));
  for (let i = 1; i < spans.length; i++) if (spans[i][0] < spans[i - 1][1]) out.push(`时段 ${spans[i - 1][2]} 与 ${spans[i][2]} 重叠`);
  return out;
}

/** From..to as a range an admin may change: real dates, in order, not before today, at most CAPACITY_RULE_MAX_DAYS apart. */
export function rangeProblem(from: unknown, to: unknown, today: string): string | null {
  if (!isDay(from) || !isDay(to)) return '请填写开始和结束日期（YYYY-MM-DD）';
  if (to < from) return '结束日期不能早于开始日期';
  if (from < today) return '不能修改今天以前的日期';
  if (daysBetween(from, to) > CAPACITY_RULE_MAX_DAYS) return `日期范围最多 ${CAPACITY_RULE_MAX_DAYS} 天`;
  return null;
}

/** A bulk rule's problems (the calendar itself is checked by the server). */
export function ruleProblems(rule: CapacityRule, today: string): string[] {
  const range = rangeProblem(rule?.from, rule?.to, today);
  const out = range ? [range] : [];
  if (!Array.isArray(rule?.groups) || rule.groups.length === 0) return [...out, '请至少设置一组星期和时段'];
  const seen = new Set<number>();
  rule.groups.forEach((g, i) => {
    const label = rule.groups.length > 1 ? `第 ${i + 1} 组：` : '';
    const days = Array.isArray(g?.weekdays) ? g.weekdays : [];
    if (days.length === 0 || days.some((d) => !Number.isInteger(d) || d < 0 || d > 6)) out.push(`${label}请选择星期`);
    for (const d of days) {
      if (seen.has(d)) out.push(`${label}${WEEKDAY_SHORT[d] ?? ''} 在多组中重复`);
      seen.add(d);
    }
    for (const p of slotListProblems(g?.slots)) out.push(`${label}${p}`);
  });
  return out;
}

/** The dates a rule writes, each with its group. */
export function ruleDates(rule: CapacityRule): Array<{ day: string; group: number }> {
  const out: Array<{ day: string; group: number }> = [];
  for (const day of datesFrom(rule.from, rule.to)) {
    const w = weekdayOf(day);
    const group = rule.groups.findIndex((g) => g.weekdays.includes(w));
    if (group >= 0) out.push({ day, group });
  }
  return out;
}

/** [1,2,3,4,5] → 周一至周五; [6] → 周六; [1,3] → 周一、周三 (Monday first). */
export function weekdaysLabel(days: readonly number[]): string {
  const order = WEEK_MONDAY_FIRST.filter((d) => days.includes(d)).map((d) => WEEK_MONDAY_FIRST.indexOf(d));
  const runs: string[] = [];
  for (let i = 0; i < order.length; ) {
    let j = i;
    while (j + 1 < order.length && order[j + 1] === order[j] + 1) j++;
    const a = WEEKDAY_SHORT[WEEK_MONDAY_FIRST[order[i]]];
    const b = WEEKDAY_SHORT[WEEK_MONDAY_FIRST[order[j]]];
    runs.push(j - i >= 2 ? `${a}至${b}` : j > i ? `${a}、${b}` : a);
    i = j + 1;
  }
  return runs.join('、');
}
