/**
 * PostgreSQL adapter (`pg` Pool), used when DATABASE_URL is set. Same SQL as
 * sqlite: `$n` placeholders are native here. INT8 and NUMERIC come back as JS
 * numbers (counts, sums, epoch-ms columns are all well inside 2^53).
 */
import pg from 'pg';
import type { Db, Queryable, Row, SqlValue } from './types';

pg.types.setTypeParser(20, (v) => Number(v)); // int8 (COUNT, SUM, BIGINT)
pg.types.setTypeParser(1700, (v) => Number(v)); // numeric

function wrap(c: pg.Pool | pg.PoolClient): Queryable {
  return {
    async all<T extends Row>(sql: string, params: SqlValue[] = []) {
      return (await c.query(sql, params as unknown[])).rows as T[];
    },
    async one<T extends Row>(sql: string, params: SqlValue[] = []) {
      return (await c.query(sql, params as unknown[])).rows[0] as T | undefined;
    },
    async run(sql: string, params: SqlValue[] = []) {
      return (await c.query(sql, params as unknown[])).rowCount ?? 0;
    },
  };
}

export function openPg(connectionString: string, opts: { max?: number } = {}): Db {
  const pool = new pg.Pool({ connectionString, max: opts.max ?? 10 });
  pool.on('error', () => {
    /* idle client errors (server restart): the pool replaces the client */
  });
  const q = wrap(pool);
  return {
    dialect: 'postgres',
    poolStats: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
    all: q.all,
    one: q.one,
    run: q.run,
    async transaction<T>(fn: (tx: Queryable) => Promise<T>): Promise<T> {
      const client = await pool.connect();
      try {
        await client.query('BEGIN');
        const out = await fn(wrap(client));
        await client.query('COMMIT');
        return out;
      } catch (e) {
        await client.query('ROLLBACK').catch(() => undefined);
        throw e;
      } finally {
        client.release();
      }
    },
    async close() {
      await pool.end();
    },
  };
}
