/**
 * The templates a centre downloads, made from a spec's columns: an .xlsx (the
 * header row bold and frozen, required headers marked in the note, each
 * header's note saying what the column takes, one example row in grey, column
 * widths to fit, text columns formatted as text so Excel keeps IDs and leading
 * zeros) and a .csv (UTF-8 with BOM, so Excel opens the Chinese headers right).
 * Re-uploading a template unchanged is a clean, empty import: the runner skips
 * the untouched example row.
 */
import ExcelJS from 'exceljs';
import type { SheetSpec } from './types';

/** Display width of text: CJK characters count double. */
const textWidth = (s: string) => [...s].reduce((n, ch) => n + (/[\u2e80-\uffff]/.test(ch) ? 2 : 1), 0);

export async function templateXlsx(spec: SheetSpec<unknown>): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  wb.creator = 'checkup-flow';
  const ws = wb.addWorksheet(spec.title, { views: [{ state: 'frozen', ySplit: 1 }] });
  ws.columns = spec.columns.map((c) => ({
    key: c.key,
    width: c.width ?? Math.min(40, Math.max(10, textWidth(c.header) + 4, textWidth(c.example) + 2)),
    style: c.text ? { numFmt: '@' } : {},
  }));
  const header = ws.getRow(1);
  spec.columns.forEach((c, i) => {
    const cell = header.getCell(i + 1);
    cell.value = c.header;
    cell.font = { bold: true, color: c.required ? { argb: 'FFC00000' } : undefined };
    cell.fill = { type: 'pattern', pattern: 'solid', fgColor: { argb: 'FFF3F5F8' } };
    cell.alignment = { vertical: 'middle' };
    const note = [c.required ? '必填。' : '选填。', c.note ?? ''].join('').trim();
    cell.note = { texts: [{ text: note }] };
  });
  const example = ws.getRow(2);
  spec.columns.forEach((c, i) => {
    const cell = example.getCell(i + 1);
    cell.value = c.example;
    cell.font = { color: { argb: 'FF808080' } };
    if (c.text) cell.numFmt = '@';
  });
  return Buffer.from(await wb.xlsx.writeBuffer());
}

const csvField = (s: string) => (/[",\r\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s);

export function templateCsv(spec: SheetSpec<unknown>): Buffer {
  const lines = [spec.columns.map((c) => csvField(c.header)).join(','), spec.columns.map((c) => csvField(c.example)).join(',')];
  return Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(`${lines.join('\r\n')}\r\n`, 'utf8')]);
}

/** Content-Disposition for a Chinese file name (RFC 5987, with an ASCII fallback). */
export function attachment(fileName: string): string {
  const ascii = fileName.replace(/[^\x20-\x7e]/g, '_').replace(/"/g, '');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(fileName)}`;
}
