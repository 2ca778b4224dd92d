/**
 * A backup is a folder: the database (checkup.db or database.pgdump), the DATA_DIR files that matter
 * (data/…), and manifest.json saying what it is — which store, which app version and migrations made
 * it, when, and the sha256 of every file, so a restore can refuse a damaged or foreign copy before
 * touching anything.
 */
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { PACKAGE_ROOT } from '../paths';
import { MIGRATIONS } from '../migrations/index';

export const MANIFEST = 'manifest.json';
export const FORMAT = 'checkup-flow-backup/1';

export interface ManifestFile {
  /** Path inside the backup folder, with '/'. */
  name: string;
  bytes: number;
  sha256: string;
}

export interface Manifest {
  format: typeof FORMAT;
  store: 'sqlite' | 'postgres';
  appVersion: string;
  /** schema_migrations of the backed-up database, in order. */
  migrations: string[];
  createdAt: string;
  /** Where it came from (a PostgreSQL URL without its password). */
  source: string;
  /** PostgreSQL: the server's and pg_dump's versions. */
  tools?: Record<string, string>;
  files: ManifestFile[];
}

export function appVersion(): string {
  try {
    return String(JSON.parse(fs.readFileSync(path.join(PACKAGE_ROOT, 'package.json'), 'utf8')).version ?? 'unknown');
  } catch {
    return 'unknown';
  }
}

/** Streams the file: a database can be larger than memory should hold. */
export async function sha256File(file: string): Promise<string> {
  const h = createHash('sha256');
  for await (const chunk of fs.createReadStream(file)) h.update(chunk as Buffer);
  return h.digest('hex');
}

export async function describeFiles(dir: string, names: string[]): Promise<ManifestFile[]> {
  const out: ManifestFile[] = [];
  for (const name of names) {
    const file = path.join(dir, name);
    out.push({ name, bytes: fs.statSync(file).size, sha256: await sha256File(file) });
  }
  return out;
}

export function writeManifest(dir: string, m: Manifest): void {
  fs.writeFileSync(path.join(dir, MANIFEST), `${JSON.stringify(m, null, 2)}\n`, { mode: 0o600 });
}

/** Reads and checks a backup folder; throws (in Chinese, for the operator) on anything wrong. */
export async function readVerifiedManifest(dir: string): Promise<Manifest> {
  const file = path.join(dir, MANIFEST);
  if (!fs.existsSync(file)) throw new Error(`${dir} 不是备份文件夹：缺少 ${MANIFEST}`);
  let m: Manifest;
  try {
    m = JSON.parse(fs.readFileSync(file, 'utf8')) as Manifest;
  } catch (e) {
    throw new Error(`${file} 无法解析：${(e as Error).message}`);
  }
  if (m.format !== FORMAT) throw new Error(`${file} 的格式是 ${String(m.format)}，本程序只认 ${FORMAT}`);
  if (m.store !== 'sqlite' && m.store !== 'postgres') throw new Error(`${file} 的 store 字段无效：${String(m.store)}`);
  for (const f of m.files ?? []) {
    const p = path.join(dir, f.name);
    if (path.relative(dir, p).startsWith('..')) throw new Error(`清单里的文件名越出了备份文件夹：${f.name}`);
    if (!fs.existsSync(p)) throw new Error(`备份不完整：缺少 ${f.name}`);
    const sum = await sha256File(p);
    if (sum !== f.sha256) throw new Error(`备份已损坏：${f.name} 的 sha256 是 ${sum}，清单记的是 ${f.sha256}`);
  }
  const known = new Set(MIGRATIONS.map((x) => x.id));
  const unknown = (m.migrations ?? []).filter((id) => !known.has(id));
  if (unknown.length)
    throw new Error(`这份备份由更新的版本（${m.appVersion}）制作，含本程序不认识的数据库迁移 ${unknown.join(', ')}；请用不低于 ${m.appVersion} 的版本恢复`);
  return m;
}

/** The migrations this code would still apply on start to a database that has `done`. */
export function pendingMigrations(done: string[]): string[] {
  const set = new Set(done);
  return MIGRATIONS.map((x) => x.id).filter((id) => !set.has(id));
}

/** A PostgreSQL URL fit to print: without its password. */
export function safeUrl(url: string): string {
  try {
    const u = new URL(url);
    if (u.password) u.password = '***';
    return u.toString();
  } catch {
    return '(unparsable DATABASE_URL)';
  }
}
