/**
 * Reads an uploaded sheet into rows of text cells keyed by the spec's columns:
 * the first worksheet of an .xlsx, or a .csv (UTF-8 with or without BOM, or
 * GBK/GB18030 — what Excel on Chinese Windows saves as "CSV": a file that is
 * not valid UTF-8 is read as GB18030, a superset of GBK). Row 1 is the header
 * row; headers are matched after trimming (a trailing * or （必填） is allowed).
 * Every cell becomes the text a person typed (cell-text.ts). A file that cannot
 * be read, is too large or has too many rows is refused (ImportRefusal, a
 * Chinese reason); a missing required column is one problem naming it.
 */
import { Readable } from 'node:stream';
import ExcelJS from 'exceljs';
import type { ImportProblem, SheetColumn } from './types';
import { cellText } from './cell-text';

export const IMPORT_MAX_BYTES = 5 * 1024 * 1024;
export const IMPORT_MAX_ROWS = 5000;

/** A file refused as a whole (not a sheet's problem): 400 with the reason. */
export class ImportRefusal extends Error {
  constructor(readonly status: number, message: string) {
    super(message);
  }
}

export interface TableRow {
  /** The sheet's 1-based row number (1 = headers, data from 2). */
  row: number;
  cells: Record<string, string>;
}

export interface Table {
  headers: string[];
  rows: TableRow[];
  /** Missing required columns (row 1). */
  problems: ImportProblem[];
  /** What was noticed and left alone: extra columns, the template's example row, the encoding. */
  notes: string[];
}

export type SheetFormat = 'xlsx' | 'csv';

/** The format by the file's name and its first bytes; null when neither. */
export function sheetFormat(fileName: string, content: Buffer): SheetFormat | null {
  const name = fileName.trim().toLowerCase();
  const zip = content.length >= 4 && content.readUInt32BE(0) === 0x504b0304;
  if (name.endsWith('.xlsx')) return zip ? 'xlsx' : null;
  if (name.endsWith('.csv')) return zip ? null : 'csv';
  return null;
}

/** CSV bytes as text: a UTF-8 BOM, else valid UTF-8, else GB18030 (GBK). */
export function decodeCsv(content: Buffer): { text: string; encoding: 'UTF-8' | 'GBK' } {
  if (content.length >= 3 && content[0] === 0xef && content[1] === 0xbb && content[2] === 0xbf) return { text: content.subarray(3).toString('utf8'), encoding: 'UTF-8' };
  try {
    return { text: new TextDecoder('utf-8', { fatal: true }).decode(content), encoding: 'UTF-8' };
  } catch {
    return { text: new TextDecoder('gb18030').decode(content), encoding: 'GBK' };
  }
}

const normHeader = (h: string) => h.replace(/\s+/g, '').replace(/(\*|＊|（必填）|\(必填\))$/, '');

async function worksheetOf(format: SheetFormat, content: Buffer, notes: string[]): Promise<ExcelJS.Worksheet> {
  const wb = new ExcelJS.Workbook();
  if (format === 'xlsx') {
    try {
      await wb.xlsx.load(content as unknown as ExcelJS.Buffer);
    } catch {
      throw new ImportRefusal(400, '无法读取这个 Excel 文件：文件已损坏或不是 .xlsx 格式');
    }
    const ws = wb.worksheets[0];
    if (!ws) throw new ImportRefusal(400, 'Excel 文件里没有工作表');
    if (wb.worksheets.length > 1) notes.push(`只读取第一个工作表「${ws.name}」，其余 ${wb.worksheets.length - 1} 个工作表已忽略`);
    return ws;
  }
  const { text, encoding } = decodeCsv(content);
  if (encoding === 'GBK') notes.push('CSV 文件按 GBK 编码读取');
  try {
    // Every value stays the text it is (exceljs would turn an ID into a rounded number, a code into a date).
    return await wb.csv.read(Readable.from([text]), { map: (v: unknown) => v, parserOptions: { ignoreEmpty: false } });
  } catch {
    throw new ImportRefusal(400, '无法读取这个 CSV 文件：格式错误（请检查引号是否成对）');
  }
}

/** Reads the file against the columns of one kind of sheet. */
export async function readTable(fileName: string, content: Buffer, columns: SheetColumn[]): Promise<Table> {
  if (content.length > IMPORT_MAX_BYTES) throw new ImportRefusal(413, `文件超过 ${IMPORT_MAX_BYTES / 1024 / 1024} MB，请拆分成几个文件分批导入`);
  if (content.length === 0) throw new ImportRefusal(400, '文件是空的');
  const format = sheetFormat(fileName, content);
  if (!format) {
    if (/\.xls$/i.test(fileName.trim())) throw new ImportRefusal(400, '不支持旧版 Excel（.xls）文件：请在 Excel 中另存为 .xlsx 或 CSV 后再上传');
    throw new ImportRefusal(400, '只能导入 .xlsx 或 .csv 文件');
  }
  const notes: string[] = [];
  const ws = await worksheetOf(format, content, notes);

  const headerRow = ws.getRow(1);
  const headers: string[] = [];
  const colOf = new Map<string, number>();
  const known = new Map(columns.map((c) => [normHeader(c.header), c]));
  const extra: string[] = [];
  for (let c = 1; c <= Math.max(headerRow.cellCount, 0); c++) {
    const h = cellText(headerRow.getCell(c).value);
    headers.push(h);
    if (!h) continue;
    const col = known.get(normHeader(h));
    if (!col) extra.push(h);
    else if (!colOf.has(col.key)) colOf.set(col.key, c);
  }
  if (extra.length) notes.push(`以下列不属于模板，已忽略：${extra.join('、')}`);
  const problems: ImportProblem[] = columns
    .filter((c) => c.required && !colOf.has(c.key))
    .map((c) => ({ row: 1, column: c.header, reason: `缺少必需的列「${c.header}」（请使用下载的模板，表头在第 1 行）` }));
  if (headers.every((h) => !h)) return { headers, rows: [], problems: problems.length ? problems : [{ row: 1, column: '', reason: '第 1 行应是表头，但它是空的' }], notes };

  const rows: TableRow[] = [];
  let exampleRows = 0;
  const last = ws.rowCount;
  for (let r = 2; r <= last; r++) {
    const sheetRow = ws.getRow(r);
    const cells: Record<string, string> = {};
    let any = false;
    for (const col of columns) {
      const at = colOf.get(col.key);
      const v = at ? cellText(sheetRow.getCell(at).value) : '';
      cells[col.key] = v;
      if (v) any = true;
    }
    if (!any) continue;
    // The template's own example row, left in: skipped (the admin meant to replace it).
    if (columns.every((c) => cells[c.key] === (colOf.has(c.key) ? c.example : ''))) {
      exampleRows++;
      continue;
    }
    rows.push({ row: r, cells });
    if (rows.length > IMPORT_MAX_ROWS) throw new ImportRefusal(413, `数据超过 ${IMPORT_MAX_ROWS} 行，请拆分成几个文件分批导入`);
  }
  if (exampleRows) notes.push(`模板里的示例行（未修改）已跳过`);
  return { headers, rows, problems, notes };
}
