/**
 * The import runner: reads the file (read-table.ts), parses every row with the
 * spec, checks them together and against the database, and then either
 * reports every problem — a dry run, or any problem at all: nothing is applied
 * — or applies all rows in ONE transaction with the check repeated inside it
 * (what changed since the dry run is caught, and a failure rolls everything
 * back), plus one audit entry 'import' for the whole file.
 */
import type { Db } from '../../../db/types';
import { recordAudit } from '../../studio/audit';
import { readTable } from './read-table';
import type { ImportProblem, ParsedRow, SheetSpec } from './types';

export interface ImportOutcome {
  /** True when the file has no problem (a clean dry run, or applied). */
  ok: boolean;
  /** Data rows read (the header row and blank rows not counted). */
  rows: number;
  problems: ImportProblem[];
  notes: string[];
  applied: boolean;
  /** The spec's line after an apply, e.g. '新增 3 人，更新 1 人'. */
  summary?: string;
}

export interface ImportRequest {
  fileName: string;
  content: Buffer;
  dryRun: boolean;
  actor: string;
  now: number;
  /** The centre's day (ID birth dates, dates in the past). */
  today: string;
}

/** Thrown inside the transaction to roll it back when the repeated check finds problems. */
class ChangedSinceCheck extends Error {
  constructor(readonly problems: ImportProblem[]) {
    super('import: problems found inside the transaction');
  }
}

export function sortProblems(spec: SheetSpec<unknown>, problems: ImportProblem[]): ImportProblem[] {
  const order = new Map(spec.columns.map((c, i) => [c.header, i]));
  return [...problems].sort((a, b) => a.row - b.row || (order.get(a.column) ?? 99) - (order.get(b.column) ?? 99));
}

export async function runImport(db: Db, spec: SheetSpec<unknown>, req: ImportRequest): Promise<ImportOutcome> {
  const table = await readTable(req.fileName, req.content, spec.columns);
  const base = { rows: table.rows.length, notes: table.notes, applied: false };
  if (table.problems.length) return { ...base, ok: false, problems: table.problems };

  const parsed: Array<ParsedRow<unknown>> = [];
  const problems: ImportProblem[] = [];
  for (const r of table.rows) {
    const out = spec.parseRow(r.cells, r.row, { today: req.today });
    problems.push(...out.problems.map((p) => ({ ...p, row: p.row || r.row })));
    if (out.value !== undefined) parsed.push({ row: r.row, value: out.value });
  }
  // Rows that parsed are checked together even when others did not: every problem in one go.
  problems.push(...(await spec.checkAll(db, parsed)));
  if (problems.length || req.dryRun || parsed.length === 0) {
    return { ...base, ok: problems.length === 0, problems: sortProblems(spec, problems) };
  }

  try {
    const summary = await db.transaction(async (tx) => {
      const again = await spec.checkAll(tx, parsed);
      if (again.length) throw new ChangedSinceCheck(again);
      const line = await spec.apply(tx, parsed, { actor: req.actor, now: req.now });
      await recordAudit(
        tx,
        {
          actor: req.actor,
          action: 'import',
          entity: 'import',
          key: spec.kind,
          summary: `导入${spec.title}：${req.fileName}，${parsed.length} 行（${line}）`,
          after: { kind: spec.kind, fileName: req.fileName, rows: parsed.length, summary: line },
        },
        req.now,
      );
      return line;
    });
    return { ...base, ok: true, problems: [], applied: true, summary };
  } catch (e) {
    if (e instanceof ChangedSinceCheck) return { ...base, ok: false, problems: sortProblems(spec, e.problems) };
    throw e;
  }
}
