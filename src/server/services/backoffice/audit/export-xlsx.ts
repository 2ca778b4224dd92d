/**
 * The audit log as an Excel file (exceljs): one row an entry, newest first, the
 * columns of AUDIT_EXPORT_HEADERS; at most AUDIT_EXPORT_MAX rows. Streamed (the
 * workbook writer commits each row, the log is read a batch at a time), so 50,000
 * entries never sit in memory at once. Times are the centre's wall clock; a
 * second sheet 说明 says what was asked for and whether the rows were cut.
 */
import { PassThrough, type Readable } from 'node:stream';
import ExcelJS from 'exceljs';
import { AUDIT_EXPORT_HEADERS, AUDIT_EXPORT_MAX, auditActionLabel, auditEntityLabel, type AuditEntryInfo, type AuditFilter } from '../../../../contract/api/backoffice/audit';
import { centreDateTime } from '../../../../contract/rules/centre-day';
import type { Queryable } from '../../../db/types';
import { auditBatches, countAudit } from '../../studio/audit';

/** Excel keeps at most 32,767 characters in a cell. */
const CELL_MAX = 32_000;

function jsonCell(v: unknown): string {
  if (v === null || v === undefined) return '';
  const text = typeof v === 'string' ? v : JSON.stringify(v);
  return text.length > CELL_MAX ? `${text.slice(0, CELL_MAX)}…（已截断）` : text;
}

export const auditRow = (e: AuditEntryInfo) => [
  centreDateTime(Date.parse(e.at)),
  e.actor,
  auditActionLabel(e.action),
  auditEntityLabel(e.entity),
  e.key,
  e.summary,
  jsonCell(e.before),
  jsonCell(e.after),
];

const WIDTHS = [20, 14, 12, 12, 18, 48, 48, 48];

/** The workbook as a stream (the route sends it); a failure midway ends the stream with the error. */
export function auditWorkbookStream(db: Queryable, f: AuditFilter, made: number, max = AUDIT_EXPORT_MAX): Readable {
  const out = new PassThrough();
  void (async () => {
    const wb = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useStyles: true, useSharedStrings: false });
    const ws = wb.addWorksheet('操作日志', { views: [{ state: 'frozen', ySplit: 1 }] });
    ws.columns = AUDIT_EXPORT_HEADERS.map((header, i) => ({ header, width: WIDTHS[i] }));
    ws.getRow(1).font = { bold: true };
    ws.getRow(1).commit();
    let rows = 0;
    for await (const batch of auditBatches(db, f, max)) {
      for (const e of batch) ws.addRow(auditRow(e)).commit();
      rows += batch.length;
    }
    ws.commit();
    const total = rows < max ? rows : await countAudit(db, f);
    const about = wb.addWorksheet('说明');
    about.columns = [{ width: 14 }, { width: 60 }];
    const said: Array<[string, string]> = [
      ['导出时间', centreDateTime(made)],
      ['日期', `${f.from || '最早'} 至 ${f.to || '今天'}（体检中心当地日期）`],
      ['操作人', f.actor || '全部'],
      ['对象', f.entity ? auditEntityLabel(f.entity) : '全部'],
      ['搜索', f.q || '—'],
      ['条数', total > rows ? `${rows}（共 ${total} 条，只导出最近的 ${max} 条；请缩小日期范围分次导出）` : String(rows)],
    ];
    for (const r of said) about.addRow(r).commit();
    about.commit();
    await wb.commit();
  })().catch((e: unknown) => out.destroy(e instanceof Error ? e : new Error(String(e))));
  return out;
}
