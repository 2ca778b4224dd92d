/**
 * better-sqlite3 adapter. One connection, WAL + synchronous=FULL (a committed
 * booking survives SIGKILL and power loss of the process). better-sqlite3 is
 * synchronous, so an open transaction spans awaits: every statement and every
 * transaction therefore goes through one async mutex, and transactions use
 * BEGIN IMMEDIATE (write lock up front, so a second process gets SQLITE_BUSY
 * early and waits busy_timeout instead of failing at COMMIT).
 */
import Database from 'better-sqlite3';
import fs from 'node:fs';
import path from 'node:path';
import type { Db, Queryable, Row, SqlValue } from './types';

class Mutex {
  private tail: Promise<void> = Promise.resolve();
  lock<T>(fn: () => Promise<T> | T): Promise<T> {
    const run = this.tail.then(fn, fn);
    this.tail = run.then(
      () => undefined,
      () => undefined,
    );
    return run;
  }
}

const stmtCache = new WeakMap<Database.Database, Map<string, { stmt: Database.Statement; order: number[] }>>();

/** `$1 … $n` → `?` with the parameter order of occurrence. Booleans → 1/0. */
function prepare(conn: Database.Database, sql: string) {
  let cache = stmtCache.get(conn);
  if (!cache) stmtCache.set(conn, (cache = new Map()));
  let hit = cache.get(sql);
  if (!hit) {
    const order: number[] = [];
    const text = sql.replace(/\$(\d+)/g, (_m, n: string) => {
      order.push(Number(n) - 1);
      return '?';
    });
    hit = { stmt: conn.prepare(text), order };
    if (cache.size > 500) cache.clear();
    cache.set(sql, hit);
  }
  return hit;
}

function bind(order: number[], params: SqlValue[] = []): unknown[] {
  return order.map((i) => {
    const v = params[i];
    if (v === undefined) return null;
    if (typeof v === 'boolean') return v ? 1 : 0;
    return v;
  });
}

function makeQueryable(conn: Database.Database): Queryable {
  return {
    async all<T extends Row>(sql: string, params?: SqlValue[]) {
      const { stmt, order } = prepare(conn, sql);
      if (!stmt.reader) {
        stmt.run(...bind(order, params));
        return [] as T[];
      }
      return stmt.all(...bind(order, params)) as T[];
    },
    async one<T extends Row>(sql: string, params?: SqlValue[]) {
      const { stmt, order } = prepare(conn, sql);
      if (!stmt.reader) {
        stmt.run(...bind(order, params));
        return undefined;
      }
      return stmt.get(...bind(order, params)) as T | undefined;
    },
    async run(sql: string, params?: SqlValue[]) {
      const { stmt, order } = prepare(conn, sql);
      if (stmt.reader) {
        stmt.all(...bind(order, params));
        return 0;
      }
      return stmt.run(...bind(order, params)).changes;
    },
  };
}

/** synchronous=FULL by default (fsync at every commit: safe against power loss too); SQLITE_SYNCHRONOUS=NORMAL trades that for speed (still safe under SIGKILL in WAL mode). */
export function openSqlite(file: string, opts: { synchronous?: 'FULL' | 'NORMAL' } = {}): Db {
  if (file !== ':memory:') fs.mkdirSync(path.dirname(file), { recursive: true });
  const conn = new Database(file);
  conn.pragma('journal_mode = WAL');
  const sync = opts.synchronous ?? (process.env.SQLITE_SYNCHRONOUS === 'NORMAL' ? 'NORMAL' : 'FULL');
  conn.pragma(`synchronous = ${sync}`);
  conn.pragma('foreign_keys = ON');
  conn.pragma('busy_timeout = 5000');
  const q = makeQueryable(conn);
  const mutex = new Mutex();
  let closed = false;
  return {
    dialect: 'sqlite',
    all: (sql, params) => mutex.lock(() => q.all(sql, params)),
    one: (sql, params) => mutex.lock(() => q.one(sql, params)),
    run: (sql, params) => mutex.lock(() => q.run(sql, params)),
    transaction<T>(fn: (tx: Queryable) => Promise<T>): Promise<T> {
      return mutex.lock(async () => {
        conn.prepare('BEGIN IMMEDIATE').run();
        try {
          const out = await fn(q);
          conn.prepare('COMMIT').run();
          return out;
        } catch (e) {
          if (conn.inTransaction) conn.prepare('ROLLBACK').run();
          throw e;
        }
      });
    },
    async close() {
      if (closed) return;
      closed = true;
      await mutex.lock(() => conn.close());
    },
  };
}
