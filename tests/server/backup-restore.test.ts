/**
 * npm run backup / npm run restore (src/server/backup/): a real server takes bookings from several
 * people without pause; the backup CLI runs meanwhile; every booking answered "预约成功" before the
 * backup began is in the copy restored into a fresh store (SQLite: a new data directory, checked by
 * integrity_check; PostgreSQL: a new database the restore creates), with the studio config version
 * made before it, and a server starts on the restored store without reseeding. Then what restore
 * refuses (a tampered file, a store that already has data) and a backup from an older version
 * (fewer migrations) coming back up to date on start.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import Database from 'better-sqlite3';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { openDb } from '../../src/server/db/index';
import { migrate } from '../../src/server/db/migrate';
import { MIGRATIONS } from '../../src/server/migrations/index';
import { centreDay } from '../../src/contract/rules/centre-day';
import { MSG_INTERNAL } from '../../src/server/plugins/envelope';
import { freshStore, personBody, plusDays, uniqueId, PG_ADMIN_URL, TEST_DB, type TestStore } from './core-helpers';
import { api, killServers, startServer, userToken } from './process-helpers';

const stores: TestStore[] = [];
const dirs: string[] = [];
const pgDbs: string[] = [];
afterAll(async () => {
  killServers();
  for (const s of stores) await s.cleanup();
  for (const d of dirs) fs.rmSync(d, { recursive: true, force: true });
  if (pgDbs.length) {
    const a = new pg.Client({ connectionString: PG_ADMIN_URL });
    await a.connect();
    for (const n of pgDbs) await a.query(`DROP DATABASE IF EXISTS ${n} WITH (FORCE)`);
    await a.end();
  }
});

const tmp = (p: string) => {
  const d = fs.mkdtempSync(path.join(os.tmpdir(), p));
  dirs.push(d);
  return d;
};

/** Runs a CLI (backup-cli.ts / restore-cli.ts) from the source tree, as `npm run backup` does. */
function cli(name: 'backup' | 'restore', args: string[], env: Record<string, string>): Promise<{ code: number | null; out: string }> {
  const tsx = pathToFileURL(path.resolve('node_modules/tsx/dist/loader.mjs')).href;
  return new Promise((resolve) => {
    const p = spawn(process.execPath, ['--import', tsx, path.resolve(`src/server/${name}-cli.ts`), ...args], { env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    p.stdout.on('data', (c) => (out += String(c)));
    p.stderr.on('data', (c) => (out += String(c)));
    p.on('exit', (code) => resolve({ code, out }));
  });
}

/** A target nobody has used: a new data directory, or the URL of a PostgreSQL database that does not exist yet. */
function freshTarget(): { args: string[]; env: Record<string, string> } {
  const dataDir = tmp('cf-restored-');
  if (TEST_DB !== 'postgres') return { args: ['--to-data-dir', dataDir], env: { DATA_DIR: dataDir, DATABASE_URL: '' } };
  const name = `cf_restored_${Date.now().toString(36)}_${Math.random().toString(36).slice(2, 6)}`;
  pgDbs.push(name);
  const u = new URL(PG_ADMIN_URL);
  u.pathname = `/${name}`;
  return { args: ['--to-database-url', u.toString(), '--to-data-dir', dataDir], env: { DATA_DIR: dataDir, DATABASE_URL: u.toString() } };
}

describe(`backup while booking, restore into a fresh store (${TEST_DB})`, () => {
  it('every booking answered before the backup began is in the restored store, with the studio version; a server starts on it', async () => {
    const store = await freshStore({ migrate: false });
    stores.push(store);
    const dataDir = store.env.DATA_DIR || tmp('cf-data-');
    const storeEnv = { ...store.env, DATA_DIR: dataDir };
    const s = await startServer(storeEnv); // an empty database: the server migrates and seeds the demo calendar

    // a studio config version published before the backup
    const note = `before backup ${Date.now()}`;
    await store.db.run(
      `INSERT INTO studio_versions (id, hash, files, author, note, created_at, source) VALUES ((SELECT COALESCE(MAX(id), 0) + 1 FROM studio_versions), $1, $2, $3, $4, $5, $6)`,
      ['h-backup-test', '{}', 'admin', note, Date.now(), 'publish'],
    );

    // bookable (day, slot) pairs of the demo calendar
    const today = centreDay(Date.now());
    let days: any[] | null = null;
    while (!days) {
      const t0 = await userToken(s.base, 'bk-probe').catch(() => ''); // 503 under load: ask again
      days = t0 ? ((await api(s.base, t0, 'PersonSumApi/GetPersonSumList', { type: 'person', start: plusDays(today, 1), end: plusDays(today, 30) })).returnData as any[] | null) : null;
      if (!days) await new Promise((r) => setTimeout(r, 200));
    }
    const open = days.filter((d) => d.person_Flag !== 'T' && d.person_Surplus > 0).map((d) => d.person_Date as string);
    expect(open.length).toBeGreaterThan(0);
    let pick = 0;
    const answered: Array<{ id: string; at: number }> = [];
    const refused: string[] = [];
    const failed: string[] = [];
    let stop = false;
    let n = 0;
    async function booker(): Promise<void> {
      while (!stop) {
        const openid = `bk-person-${n++}`;
        const day = open[pick % open.length];
        const tok = await userToken(s.base, openid).catch((e: Error) => void failed.push(e.message));
        if (!tok) continue; // not a booking answered: nothing to find later
        const slots = (await api(s.base, tok, 'PersonSumApi/GetSumTimeList', { date_Time: day, type: 'person' })).returnData as Array<{ sumtime_Code: string; person_Surplus: number }> | null;
        if (!slots) continue; // 503 from the overload guard on a busy machine: try again
        const slot = slots.find((x) => x.person_Surplus > 0);
        if (!slot) {
          pick++; // this day is full: the next one
          continue;
        }
        const r = await api(s.base, tok, 'OrderListApi/PersonOrderAdd', personBody(day, { openid, idCard: uniqueId(n % 2 ? 1 : 2), sumtime_Code: slot.sumtime_Code }));
        if (r.success) answered.push({ id: String(r.returnData.ord.id), at: Date.now() });
        else if (r.returnMsg === MSG_INTERNAL) failed.push('PersonOrderAdd: 503 under load');
        else refused.push(r.returnMsg);
      }
    }
    const bookers = [booker(), booker(), booker()];
    const until = async (cond: () => boolean) => {
      while (!cond()) await new Promise((r) => setTimeout(r, 20));
    };
    await until(() => answered.length >= 10);

    const backupDir = path.join(tmp('cf-backups-'), 'b1');
    const before = answered.length; // answered (success) before the backup began
    const beganAt = Date.now();
    const backup = await cli('backup', ['--out', backupDir], storeEnv);
    const endedAt = Date.now();
    expect(backup.code, backup.out).toBe(0);
    // the bookings went on while the backup ran
    expect(answered.filter((a) => a.at > beganAt && a.at < endedAt).length, 'bookings answered during the backup').toBeGreaterThan(0);
    stop = true;
    await Promise.all(bookers);
    s.proc.kill('SIGKILL');
    if (failed.length) console.warn(`token handshakes that failed under load: ${failed.length} (${failed[0]})`);
    expect(refused.filter((m) => !/满|无号源|不足|名额/.test(m)), 'refusals other than a full day').toEqual([]);

    const manifest = JSON.parse(fs.readFileSync(path.join(backupDir, 'manifest.json'), 'utf8'));
    expect(manifest).toMatchObject({ format: 'checkup-flow-backup/1', store: TEST_DB, migrations: MIGRATIONS.map((m) => m.id) });

    const target = freshTarget();
    const restore = await cli('restore', [backupDir, ...target.args], { DATA_DIR: '', DATABASE_URL: '' });
    expect(restore.code, restore.out).toBe(0);
    expect(restore.out).toContain('恢复完成');

    if (TEST_DB !== 'postgres') {
      const raw = new Database(path.join(target.env.DATA_DIR, 'checkup.db'), { readonly: true });
      expect(raw.pragma('integrity_check', { simple: true })).toBe('ok');
      raw.close();
    }
    const restored = await openDb({ dataDir: target.env.DATA_DIR, databaseUrl: target.env.DATABASE_URL, migrate: false });
    try {
      const ids = new Set((await restored.all<{ id: string }>('SELECT id FROM orders')).map((r) => String(r.id)));
      const missing = answered.slice(0, before).filter((a) => !ids.has(a.id));
      expect(missing, `of ${before} bookings answered before the backup`).toEqual([]);
      expect(await restored.one('SELECT note, source FROM studio_versions WHERE note = $1', [note])).toEqual({ note, source: 'publish' });
    } finally {
      await restored.close();
    }

    // a server starts on the restored store and finds its data (no demo reseed)
    const again = await startServer({ ...target.env, LOG_LEVEL: 'info' });
    expect(again.output()).toContain('demo data not needed (database has data)');
    // (the overload guard may answer 503 on a busy machine: ask until it answers)
    let listed = false;
    while (!listed) {
      const tok = await userToken(again.base, 'bk-person-0').catch(() => '');
      if (tok) listed = (await api(again.base, tok, 'PersonSumApi/GetPersonSumList', { type: 'person', start: plusDays(today, 1), end: plusDays(today, 30) })).success;
      if (!listed) await new Promise((r) => setTimeout(r, 200));
    }
    again.proc.kill('SIGKILL');
  }, 120_000);

  it('refuses a tampered backup and a target with data (unless --force); a backup from an older version is migrated on start', async () => {
    const store = await freshStore({ migrate: false });
    stores.push(store);
    const older = MIGRATIONS.slice(0, MIGRATIONS.findIndex((m) => m.id === '075_studio_admin_activity'));
    await migrate(store.db, older);
    const dataDir = store.env.DATA_DIR || tmp('cf-data-');
    const env = { ...store.env, DATA_DIR: dataDir };
    const out = path.join(tmp('cf-backups-'), 'old');
    const b = await cli('backup', ['--out', out], env);
    expect(b.code, b.out).toBe(0);

    // tampered: refused before anything is written
    const copy = path.join(tmp('cf-backups-'), 'tampered');
    fs.cpSync(out, copy, { recursive: true });
    const dbFile = TEST_DB === 'postgres' ? 'database.pgdump' : 'checkup.db';
    fs.appendFileSync(path.join(copy, dbFile), 'x');
    const t1 = freshTarget();
    const bad = await cli('restore', [copy, ...t1.args], { DATA_DIR: '', DATABASE_URL: '' });
    expect(bad.code).toBe(1);
    expect(bad.out).toContain(`备份已损坏：${dbFile}`);

    // into a fresh target: says which migrations a start will apply; the start applies them
    const ok = await cli('restore', [out, ...t1.args], { DATA_DIR: '', DATABASE_URL: '' });
    expect(ok.code, ok.out).toBe(0);
    expect(ok.out).toContain('服务启动时会自动执行数据库迁移 075_studio_admin_activity');
    // again into the same (now non-empty) target: refused, then --force does it
    const again = await cli('restore', [out, ...t1.args], { DATA_DIR: '', DATABASE_URL: '' });
    expect(again.code).toBe(1);
    expect(again.out).toMatch(/已有数据|目标不为空/);
    const forced = await cli('restore', [out, ...t1.args, '--force'], { DATA_DIR: '', DATABASE_URL: '' });
    expect(forced.code, forced.out).toBe(0);

    const s = await startServer(t1.env);
    s.proc.kill('SIGKILL');
    const db = await openDb({ dataDir: t1.env.DATA_DIR, databaseUrl: t1.env.DATABASE_URL, migrate: false });
    try {
      expect((await db.all<{ id: string }>('SELECT id FROM schema_migrations ORDER BY id')).map((r) => r.id)).toEqual(MIGRATIONS.map((m) => m.id));
    } finally {
      await db.close();
    }
  }, 90_000);
});
