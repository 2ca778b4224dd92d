/**
 * The one database interface every route and service uses. Two adapters
 * implement it: better-sqlite3 (embedded, default, under DATA_DIR) and
 * PostgreSQL via `pg` (when DATABASE_URL is set). SQL is written once, in the
 * subset both dialects share; placeholders are `$1, $2, …` (the sqlite adapter
 * rewrites them). No state that another server instance would need lives in
 * process memory: codes, tokens, holds, counters are rows.
 */
export type SqlValue = string | number | bigint | null | boolean;
export type Row = Record<string, any>;

export interface Queryable {
  /** Rows of a SELECT (or of `… RETURNING`). */
  all<T extends Row = Row>(sql: string, params?: SqlValue[]): Promise<T[]>;
  /** First row or undefined. */
  one<T extends Row = Row>(sql: string, params?: SqlValue[]): Promise<T | undefined>;
  /** INSERT/UPDATE/DELETE: number of rows changed. */
  run(sql: string, params?: SqlValue[]): Promise<number>;
}

export interface Db extends Queryable {
  readonly dialect: 'sqlite' | 'postgres';
  /** Runs fn inside one transaction; commits when it resolves, rolls back when it throws. */
  transaction<T>(fn: (tx: Queryable) => Promise<T>): Promise<T>;
  close(): Promise<void>;
  /** PostgreSQL only: the pool's connections (for /metrics). */
  poolStats?(): { total: number; idle: number; waiting: number };
}

/** One schema migration (src/server/migrations/NNN_name.ts, listed in migrations/index.ts). */
export interface Migration {
  id: string;
  up: (db: Queryable) => Promise<void>;
}
