/**
 * SQLite: `VACUUM INTO` on a second connection. It reads one snapshot (one read transaction): in WAL
 * mode that never blocks the server's writers, and the copy holds exactly the transactions committed
 * before it began — a booking is in or out whole. Chosen over better-sqlite3's db.backup(): the online
 * backup API restarts from the first page whenever another connection (the server's) writes between
 * its steps, so under steady bookings it may never finish. The copy is checked (integrity_check)
 * before it counts.
 */
import Database from 'better-sqlite3';
import fs from 'node:fs';
import path from 'node:path';

export const DB_FILE = 'checkup.db';

function check(file: string): { migrations: string[] } {
  const conn = new Database(file, { readonly: true, fileMustExist: true });
  try {
    const r = conn.pragma('integrity_check', { simple: true });
    if (r !== 'ok') throw new Error(`${file}：PRAGMA integrity_check 报告 ${String(r)}`);
    const has = conn.prepare(`SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'schema_migrations'`).get();
    const rows = has ? (conn.prepare('SELECT id FROM schema_migrations ORDER BY id').all() as Array<{ id: string }>) : [];
    return { migrations: rows.map((x) => x.id) };
  } finally {
    conn.close();
  }
}

/** Copies DATA_DIR/checkup.db into `<outDir>/checkup.db` while the server keeps serving; returns its migrations. */
export function backupSqlite(dataDir: string, outDir: string): { file: string; migrations: string[] } {
  const src = path.join(dataDir, DB_FILE);
  if (!fs.existsSync(src)) throw new Error(`没有找到 SQLite 数据库 ${src}（DATA_DIR 是否设对了？）`);
  const dest = path.join(outDir, DB_FILE);
  const conn = new Database(src, { fileMustExist: true });
  try {
    conn.pragma('busy_timeout = 10000');
    conn.prepare('VACUUM INTO ?').run(dest);
  } finally {
    conn.close();
  }
  fs.chmodSync(dest, 0o600);
  return { file: DB_FILE, ...check(dest) };
}

/** True when DATA_DIR already has a database (or its WAL) a restore would replace. */
export function sqliteOccupied(dataDir: string): boolean {
  return [DB_FILE, `${DB_FILE}-wal`].some((f) => {
    const p = path.join(dataDir, f);
    return fs.existsSync(p) && fs.statSync(p).size > 0;
  });
}

/**
 * Puts the backup's checkup.db at DATA_DIR/checkup.db: copied under a temporary name, checked, then
 * renamed into place (a stale -wal/-shm of a replaced database removed first: SQLite would otherwise
 * try to apply the old log to the new file). The server must be stopped.
 */
export function restoreSqlite(backupDir: string, dataDir: string): { file: string; migrations: string[] } {
  fs.mkdirSync(dataDir, { recursive: true });
  const target = path.join(dataDir, DB_FILE);
  const tmp = `${target}.restore-${process.pid}`;
  fs.copyFileSync(path.join(backupDir, DB_FILE), tmp);
  fs.chmodSync(tmp, 0o600);
  let migrations: string[];
  try {
    ({ migrations } = check(tmp));
  } catch (e) {
    fs.rmSync(tmp, { force: true });
    throw e;
  }
  for (const f of [`${DB_FILE}-wal`, `${DB_FILE}-shm`]) fs.rmSync(path.join(dataDir, f), { force: true });
  fs.renameSync(tmp, target);
  return { file: target, migrations };
}
