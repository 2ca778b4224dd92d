/**
 * PostgreSQL: the Debian client binaries (`pg_dump -Fc`, `pg_restore`), found as PG_BIN_DIR/<tool>,
 * else /usr/lib/postgresql/<server major>/bin/<tool>, else /usr/bin/<tool> (Debian's wrapper, which
 * runs the newest client installed). pg_dump refuses a server newer than itself, and pg_restore may
 * not read an archive written by a newer pg_dump: both are checked first and said in plain words.
 * The password travels in PGPASSWORD, never on the command line (where `ps` would show it).
 */
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import pg from 'pg';

export const DUMP_FILE = 'database.pgdump';

export interface PgTool {
  bin: string;
  major: number;
  version: string;
}

/** Connection string without the password, and the password for PGPASSWORD. */
function split(url: string): { url: string; env: NodeJS.ProcessEnv } {
  const u = new URL(url);
  const password = decodeURIComponent(u.password);
  u.password = '';
  return { url: u.toString(), env: password ? { ...process.env, PGPASSWORD: password } : { ...process.env } };
}

export async function withClient<T>(url: string, fn: (c: pg.Client) => Promise<T>): Promise<T> {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try {
    return await fn(c);
  } finally {
    await c.end().catch(() => undefined);
  }
}

export async function serverMajor(url: string): Promise<number> {
  return withClient(url, async (c) => Math.floor(Number((await c.query('SHOW server_version_num')).rows[0].server_version_num) / 10000));
}

export function findTool(name: 'pg_dump' | 'pg_restore', wantMajor: number): PgTool {
  const dir = process.env.PG_BIN_DIR;
  const candidates = dir ? [path.join(dir, name)] : [`/usr/lib/postgresql/${wantMajor}/bin/${name}`, `/usr/bin/${name}`, name];
  const bin = candidates.find((c) => !c.includes('/') || fs.existsSync(c)) ?? candidates[0];
  const r = spawnSync(bin, ['--version'], { encoding: 'utf8' });
  if (r.error || r.status !== 0)
    throw new Error(
      `没有找到可用的 ${name}（试过 ${candidates.join('、')}）。请安装 PostgreSQL 客户端：apt-get install postgresql-client-${wantMajor}（或更高版本），或设 PG_BIN_DIR 为 ${name} 所在的文件夹`,
    );
  const m = /(\d+)(?:\.(\d+))?/.exec(r.stdout);
  const major = m ? Number(m[1]) : 0;
  return { bin, major, version: r.stdout.trim() };
}

function run(bin: string, args: string[], env: NodeJS.ProcessEnv): Promise<void> {
  return new Promise((resolve, reject) => {
    const p = spawn(bin, args, { env, stdio: ['ignore', 'ignore', 'pipe'] });
    let err = '';
    p.stderr.on('data', (c) => (err += String(c)));
    p.on('error', reject);
    p.on('exit', (code) => (code === 0 ? resolve() : reject(new Error(`${path.basename(bin)} 失败（退出码 ${code}）：${err.trim()}`))));
  });
}

async function migrationsOf(url: string): Promise<string[]> {
  return withClient(url, async (c) => {
    const has = await c.query(`SELECT to_regclass('schema_migrations') AS t`);
    if (!has.rows[0].t) return [];
    return (await c.query('SELECT id FROM schema_migrations ORDER BY id')).rows.map((r: { id: string }) => r.id);
  });
}

/**
 * `pg_dump -Fc` into `<outDir>/database.pgdump`. pg_dump reads one snapshot (a repeatable-read
 * transaction), so bookings keep being taken and the dump holds exactly those committed before it began.
 */
export async function backupPg(url: string, outDir: string): Promise<{ file: string; migrations: string[]; tools: Record<string, string> }> {
  const major = await serverMajor(url);
  const tool = findTool('pg_dump', major);
  if (tool.major < major)
    throw new Error(`${tool.bin} 是 ${tool.major} 版，比数据库服务器（${major} 版）旧，pg_dump 会拒绝导出。请安装 postgresql-client-${major}，或设 PG_BIN_DIR 指向不低于 ${major} 版的客户端`);
  const migrations = await migrationsOf(url); // only a start migrates: the same before and during the dump
  const dest = path.join(outDir, DUMP_FILE);
  const { url: bare, env } = split(url);
  await run(tool.bin, ['--format=custom', `--file=${dest}`, `--dbname=${bare}`], env);
  fs.chmodSync(dest, 0o600);
  return { file: DUMP_FILE, migrations, tools: { postgresServer: String(major), pgDump: tool.version } };
}

/** 'missing' when the database does not exist, else how many tables it already has. */
export async function pgOccupied(url: string): Promise<'missing' | number> {
  try {
    return await withClient(url, async (c) =>
      Number((await c.query(`SELECT count(*) AS n FROM information_schema.tables WHERE table_schema NOT IN ('pg_catalog', 'information_schema')`)).rows[0].n),
    );
  } catch (e) {
    if ((e as { code?: string }).code === '3D000') return 'missing';
    throw e;
  }
}

/** CREATE DATABASE for the URL's database, from the server's `postgres` database. */
export async function createPgDatabase(url: string): Promise<string> {
  const u = new URL(url);
  const name = decodeURIComponent(u.pathname.slice(1));
  u.pathname = '/postgres';
  await withClient(u.toString(), (c) => c.query(`CREATE DATABASE "${name.replace(/"/g, '""')}"`));
  return name;
}

/**
 * pg_restore in one transaction (all or nothing), without the source's owners and grants (the target
 * may be another role). `clean`: drops the backup's objects first (--force on a non-empty database).
 */
export async function restorePg(backupDir: string, url: string, opts: { clean: boolean; dumpMajor?: number }): Promise<{ migrations: string[] }> {
  const major = await serverMajor(url);
  const tool = findTool('pg_restore', Math.max(major, opts.dumpMajor ?? 0));
  if (opts.dumpMajor && tool.major < opts.dumpMajor)
    throw new Error(`${tool.bin} 是 ${tool.major} 版，而备份由 ${opts.dumpMajor} 版的 pg_dump 制作，可能读不了。请安装 postgresql-client-${opts.dumpMajor} 或更高版本`);
  const { url: bare, env } = split(url);
  const args = ['--no-owner', '--no-privileges', '--exit-on-error', '--single-transaction', `--dbname=${bare}`];
  if (opts.clean) args.push('--clean', '--if-exists');
  await run(tool.bin, [...args, path.join(backupDir, DUMP_FILE)], env);
  return { migrations: await migrationsOf(url) };
}
