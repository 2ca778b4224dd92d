/**
 * Imports by Excel or CSV (issue 23), under /api/studio: the kinds of sheet,
 * their templates, and one call that checks (dry run) or applies a file. The
 * file travels as base64 in JSON (at most 5 MB before encoding; 5,000 data
 * rows). A file that cannot be read at all is a 400/413 { error }; a file with
 * problems is a 200 with ok false and every problem — nothing is applied.
 */

export interface ImportColumnInfo {
  header: string;
  required: boolean;
  example: string;
  note?: string;
}

export interface ImportKindInfo {
  /** 'packages' | 'capacity' | 'members' | 'approvers' */
  kind: string;
  /** '套餐与项目', '号源容量', '团体人员', '审核人' */
  title: string;
  columns: ImportColumnInfo[];
}

// GET /api/studio/imports → every kind, in the order the page lists them
export interface ImportKindsRes {
  kinds: ImportKindInfo[];
  /** Limits the page tells the admin before a file is chosen. */
  maxBytes: number;
  maxRows: number;
}

// GET /api/studio/imports/:kind/template.xlsx → the template (header row, one example row)
// GET /api/studio/imports/:kind/template.csv  → the same as UTF-8 CSV (with BOM)

// POST /api/studio/imports/:kind (role 运营) → ImportRes | 400/413 { error } (unreadable, too large, too many rows)
export interface ImportReq {
  fileName: string;
  contentBase64: string;
  /** true: check only (nothing is written); false: check again and apply in one transaction. */
  dryRun: boolean;
}

/** One bad cell or row: the sheet's row number (1 = header row, data from 2), the column's header ('' for a whole row), the reason. */
export interface ImportProblemInfo {
  row: number;
  column: string;
  reason: string;
}

export interface ImportRes {
  /** No problem: a clean dry run, or applied. */
  ok: boolean;
  /** Data rows read (blank rows and the template's untouched example row not counted). */
  rows: number;
  /** Every problem, sorted by row then by column. Empty when ok. */
  problems: ImportProblemInfo[];
  /** What was noticed and left alone (extra columns, GBK encoding, the example row). */
  notes: string[];
  /** True when this call wrote the rows. */
  applied: boolean;
  /** After an apply: what changed, e.g. '新增 3 人，更新 1 人'. */
  summary?: string;
}
