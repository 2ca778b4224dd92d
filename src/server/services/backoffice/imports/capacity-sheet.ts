/**
 * Import sheet 号源容量: one time slot of one calendar day a row (or a row that
 * only closes or opens a day). All rows of a calendar and date together are
 * that day's slots: it keeps exactly those (services/backoffice/capacity/
 * sheet-days.ts), under the rules of the capacity page — places never below
 * what is booked (refused with the count), a booked slot neither dropped nor
 * moved, a time or code twice in one day refused on the later row.
 */
import type { CapacitySheetRow, SheetProblem } from '../capacity/sheet-days';
import { SCOPE_HINT, applySheetDays, checkSheetDays } from '../capacity/sheet-days';
import { refusalMessage } from '../capacity/refusal';
import { CAPACITY_MAX_PLACES, CAPACITY_NOTE_MAX, isDay, isSlotCode, normalizeSlotName, placesProblem } from '../../../../contract/rules/capacity-rules';
import { recordAudit } from '../../studio/audit';
import { StudioFailure } from '../../studio/live-sync';
import type { ImportProblem, SheetColumn, SheetSpec } from './types';

const COLUMNS: SheetColumn[] = [
  { key: 'calendar', header: '日历', required: true, example: '个人体检', width: 16, note: SCOPE_HINT },
  { key: 'day', header: '日期', required: true, example: '2026-12-01', text: true, width: 12, note: 'YYYY-MM-DD，今天或以后。同一日历同一天的时段写在多行：导入后该天只保留表中的时段' },
  { key: 'slot', header: '时段', example: '07:30-09:30', text: true, width: 13, note: '开始-结束，如 07:30-09:30；只设休息日的行可空' },
  { key: 'code', header: '时段编码', example: '0730', text: true, note: '可空：已有的同一时段沿用原编码，新时段用开始时间（如 0730）' },
  { key: 'places', header: '名额', example: '40', note: `0–${CAPACITY_MAX_PLACES} 的整数，不能少于该时段已预约的人数` },
  { key: 'closed', header: '休息日', example: '否', note: '是：该天关闭，手机端显示休假、不能预约；否：开放；空着：不变' },
  { key: 'note', header: '说明', example: '', width: 14, note: `休息日的名称，如 国庆节（最多 ${CAPACITY_NOTE_MAX} 个字）` },
];

const HEADER: Record<SheetProblem['column'], string> = Object.fromEntries(COLUMNS.map((c) => [c.key, c.header])) as Record<SheetProblem['column'], string>;

/** '2026-12-01', '2026/12/1', '2026.12.1', '2026年12月1日' → '2026-12-01'; null otherwise. */
export function dayFromText(text: string): string | null {
  const m = /^(\d{4})\s*[-/.年]\s*(\d{1,2})\s*[-/.月]\s*(\d{1,2})\s*日?$/.exec(text.trim());
  if (!m) return null;
  const day = `${m[1]}-${m[2].padStart(2, '0')}-${m[3].padStart(2, '0')}`;
  return isDay(day) ? day : null;
}

const YES = new Set(['是', 'Y', 'y', 'yes', 'YES', '1', 'TRUE']);
const NO = new Set(['否', 'N', 'n', 'no', 'NO', '0', 'FALSE']);

export const capacitySheet: SheetSpec<CapacitySheetRow> = {
  kind: 'capacity',
  title: '号源容量',
  templateName: '号源导入模板',
  columns: COLUMNS,

  parseRow(cells, row, ctx) {
    const problems: ImportProblem[] = [];
    const bad = (column: SheetProblem['column'], reason: string) => problems.push({ row, column: HEADER[column], reason });
    const calendar = cells.calendar ?? '';
    if (!calendar) bad('calendar', '请填写日历');
    const day = dayFromText(cells.day ?? '');
    if (!cells.day) bad('day', '请填写日期');
    else if (!day) bad('day', '日期须写成 YYYY-MM-DD，如 2026-12-01');
    else if (day < ctx.today) bad('day', '不能修改今天以前的日期');

    let slot: CapacitySheetRow['slot'];
    const slotText = cells.slot ?? '';
    const placesText = (cells.places ?? '').replace(/\s+/g, '');
    const code = cells.code ?? '';
    if (slotText) {
      const name = normalizeSlotName(slotText);
      if (!name) bad('slot', '时段须写成 07:30-09:30，开始早于结束');
      if (code && !isSlotCode(code)) bad('code', '时段编码只能是 1–10 位字母或数字');
      const places = /^\d+$/.test(placesText) ? Number(placesText) : NaN;
      if (!placesText) bad('places', '请填写名额');
      else if (placesProblem(places)) bad('places', placesProblem(places)!);
      if (name) slot = { name, places, ...(code ? { code } : {}) };
    } else {
      if (placesText) bad('slot', '填写了名额，请同时填写时段');
      if (code) bad('slot', '填写了时段编码，请同时填写时段');
    }

    const closedText = cells.closed ?? '';
    const closed = YES.has(closedText) ? true : NO.has(closedText) ? false : undefined;
    if (closedText && closed === undefined) bad('closed', '休息日填 是 或 否（空着为不变）');
    const note = cells.note ?? '';
    if (note.length > CAPACITY_NOTE_MAX) bad('note', `说明最多 ${CAPACITY_NOTE_MAX} 个字`);
    if (!slotText && closed === undefined && problems.length === 0) bad('slot', '请填写时段和名额，或把休息日填为 是 / 否');
    if (problems.length) return { problems };
    return { value: { calendar, day: day!, slot, closed, note }, problems };
  },

  async checkAll(db, rows) {
    return (await checkSheetDays(db, rows)).map((p) => ({ row: p.row, column: HEADER[p.column], reason: p.reason }));
  },

  async apply(tx, rows, ctx) {
    const done = await applySheetDays(tx, rows);
    // Bookings that landed after the runner's check inside this transaction (PostgreSQL): refused, all rolled back.
    if (done.problems.length) throw new StudioFailure(409, refusalMessage(done.problems));
    const line = [`设置 ${done.slotted} 天的时段`, done.closed ? `关闭 ${done.closed} 天` : '', done.opened ? `开放 ${done.opened} 天` : ''].filter(Boolean).join('，');
    await recordAudit(
      tx,
      {
        actor: ctx.actor,
        action: 'import',
        entity: 'capacity',
        key: '',
        summary: `导入号源（${done.labels.join('、')}）：${line}`,
        before: { days: done.before },
        after: { rows: rows.map((r) => ({ row: r.row, ...r.value })) },
      },
      ctx.now,
    );
    return line;
  },
};
