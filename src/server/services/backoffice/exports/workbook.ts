/**
 * One sheet as an .xlsx (exceljs): a bold header row frozen at the top with a
 * filter, widths from the content, every value as text or a number, and no cell
 * over Excel's 32,767 characters. Also the masks a role without 运营 gets.
 */
import ExcelJS from 'exceljs';
import { maskIdCard } from '../../../../contract/rules/idcard';
import { maskPhone } from '../../../../contract/rules/phone';

export const EXCEL_CELL_MAX = 32_767;

export type Cell = string | number | null;

export interface SheetColumn {
  header: string;
  /** An exceljs number format for numbers (e.g. '0.00'). */
  numFmt?: string;
}

const clip = (v: Cell): Cell => (typeof v === 'string' && v.length > EXCEL_CELL_MAX ? `${v.slice(0, EXCEL_CELL_MAX - 1)}…` : v);

export async function sheetXlsx(title: string, columns: SheetColumn[], rows: Cell[][]): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  wb.creator = 'checkup-flow';
  const ws = wb.addWorksheet(title.slice(0, 31), { views: [{ state: 'frozen', ySplit: 1 }] });
  ws.addRow(columns.map((c) => c.header));
  ws.getRow(1).font = { bold: true };
  ws.getRow(1).fill = { type: 'pattern', pattern: 'solid', fgColor: { argb: 'FFF3F5F8' } };
  for (const r of rows) ws.addRow(r.map(clip));
  columns.forEach((c, i) => {
    const col = ws.getColumn(i + 1);
    if (c.numFmt) col.numFmt = c.numFmt;
    // CJK counts double; long answers wrap at 60.
    let w = 0;
    for (const v of [c.header, ...rows.slice(0, 500).map((r) => r[i])]) {
      const s = v === null || v === undefined ? '' : String(v);
      let n = 0;
      for (const ch of s.slice(0, 80)) n += ch.charCodeAt(0) > 0xff ? 2 : 1;
      w = Math.max(w, n);
    }
    col.width = Math.min(60, Math.max(8, w + 2));
    if (w > 60) col.alignment = { wrapText: true, vertical: 'top' };
  });
  if (columns.length) ws.autoFilter = { from: { row: 1, column: 1 }, to: { row: 1, column: columns.length } };
  return Buffer.from(await wb.xlsx.writeBuffer());
}

const ID_IN_TEXT = /\b(\d{6})\d{8}(\d{3}[\dXx])\b/g;
const PHONE_IN_TEXT = /\b(1[3-9]\d)\d{4}(\d{4})\b/g;

/** What a role without 运营 reads: ID and phone masked (full when `full`). */
export function numbersFor(full: boolean) {
  return {
    id: (v: string) => (full || !v ? v : maskIdCard(v)),
    phone: (v: string) => (full || !v ? v : maskPhone(v)),
    /** Free text (an answer): any ID or mobile number inside it masked. */
    text: (v: string) => (full ? v : v.replace(ID_IN_TEXT, '$1********$2').replace(PHONE_IN_TEXT, '$1****$2')),
  };
}

/** A Content-Disposition that keeps a Chinese file name (RFC 6266/5987) with an ASCII fallback. */
export function attachment(asciiName: string, name: string): string {
  return `attachment; filename="${asciiName}"; filename*=UTF-8''${encodeURIComponent(name)}`;
}
