/**
 * Imports from the hospital's system (issue 23): one SheetSpec per kind of
 * sheet (packages and items, capacity, group members, approvers). The runner
 * (run.ts) reads an .xlsx or .csv with exceljs into rows of text cells keyed by
 * column header, asks the spec to parse every row and to check them together
 * (and against the database), and then either reports every problem — a dry
 * run, or any problem at all: nothing is applied — or applies all rows in one
 * transaction. The template a centre downloads is made from `columns`.
 */
import type { Queryable } from '../../../db/types';

export interface SheetColumn {
  /** The key parseRow reads the cell by. */
  key: string;
  /** The header as written in the template's first row (Chinese), matched after trimming. */
  header: string;
  required?: boolean;
  /** One example value, written in the template's second row. */
  example: string;
  /** What the column takes, shown as the header cell's note in the template. */
  note?: string;
  /**
   * The template formats this column as text (ID, phone, codes, exam numbers):
   * Excel then keeps leading zeros and all 18 digits of an ID as typed.
   */
  text?: boolean;
  /** The template's column width in characters (default from the header and example). */
  width?: number;
}

/** One bad cell or row: the sheet's row number (1 = the header row, data from 2) and the column's header; the reason in Chinese. */
export interface ImportProblem {
  row: number;
  column: string;
  reason: string;
}

export interface ParsedRow<T> {
  row: number;
  value: T;
}

/** What a row's parse may need besides its cells. */
export interface ParseContext {
  /** The centre's day (contract/rules/centre-day.ts), e.g. for an ID's birth date not after today. */
  today: string;
}

export interface ImportContext {
  /** The admin applying (the audit log's actor). */
  actor: string;
  now: number;
}

export interface SheetSpec<T> {
  /** The URL name: 'packages' | 'capacity' | 'members' | 'approvers'. */
  kind: string;
  /** What the studio's list calls it, e.g. '套餐与项目'. */
  title: string;
  /** The template's file name without extension, e.g. '套餐导入模板'. */
  templateName: string;
  columns: SheetColumn[];
  /**
   * One row's cells (text, trimmed; '' when empty) → its value, or the problems of that row.
   * A value given together with problems is still checked with the others (checkAll: its
   * other problems are listed in the same dry run) but never applied.
   */
  parseRow(cells: Record<string, string>, row: number, ctx: ParseContext): { value?: T; problems: ImportProblem[] };
  /** Rows together and against the database (duplicates, unknown codes, capacity below what is booked…). */
  checkAll(db: Queryable, rows: Array<ParsedRow<T>>): Promise<ImportProblem[]>;
  /** Applies every row inside the runner's transaction; writes its own audit entries. Returns one line for the admin, e.g. '新增 3 个套餐，更新 1 个'. */
  apply(tx: Queryable, rows: Array<ParsedRow<T>>, ctx: ImportContext): Promise<string>;
}
