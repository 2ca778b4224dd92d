/**
 * Backup and restore of either store (npm run backup / npm run restore). Each returns the lines it
 * printed (in Chinese: an operator reads them), and throws with a plain reason on anything it refuses.
 */
import fs from 'node:fs';
import path from 'node:path';
import { appVersion, describeFiles, FORMAT, pendingMigrations, readVerifiedManifest, safeUrl, writeManifest, type Manifest } from './manifest';
import { backupDataFiles, occupiedDataFiles, restoreDataFiles } from './data-files';
import { backupSqlite, DB_FILE, restoreSqlite, sqliteOccupied } from './sqlite';
import { backupPg, createPgDatabase, pgOccupied, restorePg } from './pg';

export interface StoreEnv {
  dataDir: string;
  /** Empty: SQLite in dataDir. */
  databaseUrl: string;
}

/** From the environment the server itself reads (DATA_DIR, DATABASE_URL). */
export function storeFromEnv(env: NodeJS.ProcessEnv = process.env): StoreEnv {
  return { dataDir: path.resolve(env.DATA_DIR || './data'), databaseUrl: env.DATABASE_URL || '' };
}

/** 2026-05-01T03-00-00Z: sorts by time, and legal in every file system. */
export function stamp(d = new Date()): string {
  return d.toISOString().replace(/\.\d+Z$/, 'Z').replace(/:/g, '-');
}

function nonEmptyDir(dir: string): boolean {
  return fs.existsSync(dir) && fs.readdirSync(dir).length > 0;
}

export async function runBackup(store: StoreEnv, outArg?: string): Promise<{ dir: string; manifest: Manifest; lines: string[] }> {
  const dir = path.resolve(outArg ?? path.join('backups', stamp()));
  if (nonEmptyDir(dir)) throw new Error(`${dir} 已存在且不为空；请指定新的 --out 文件夹`);
  const created = !fs.existsSync(dir);
  fs.mkdirSync(dir, { recursive: true, mode: 0o700 }); // health data and a secret: readable by the owner only
  try {
    const createdAt = new Date().toISOString();
    const db = store.databaseUrl ? await backupPg(store.databaseUrl, dir) : { ...backupSqlite(store.dataDir, dir), tools: undefined };
    const names = [db.file, ...backupDataFiles(store.dataDir, dir)];
    const manifest: Manifest = {
      format: FORMAT,
      store: store.databaseUrl ? 'postgres' : 'sqlite',
      appVersion: appVersion(),
      migrations: db.migrations,
      createdAt,
      source: store.databaseUrl ? safeUrl(store.databaseUrl) : path.join(store.dataDir, DB_FILE),
      ...(db.tools ? { tools: db.tools } : {}),
      files: await describeFiles(dir, names),
    };
    writeManifest(dir, manifest);
    const lines = [
      `备份完成：${dir}`,
      `  数据库：${manifest.store === 'postgres' ? 'PostgreSQL' : 'SQLite'}（${manifest.source}），开始于 ${createdAt}`,
      `  版本 ${manifest.appVersion}，数据库迁移 ${manifest.migrations.length} 个（最后一个 ${manifest.migrations.at(-1) ?? '无'}）`,
      ...manifest.files.map((f) => `  ${f.name}  ${f.bytes} 字节  sha256 ${f.sha256}`),
      '  备份里有体检者的个人和健康信息：请加密保存，并复制到另一台机器（见 docs/deploy.md「备份与恢复」）',
    ];
    return { dir, manifest, lines };
  } catch (e) {
    if (created) fs.rmSync(dir, { recursive: true, force: true });
    else for (const f of fs.readdirSync(dir)) fs.rmSync(path.join(dir, f), { recursive: true, force: true });
    throw e;
  }
}

export interface RestoreOptions {
  backup: string;
  toDataDir?: string;
  toDatabaseUrl?: string;
  force?: boolean;
}

export async function runRestore(store: StoreEnv, opts: RestoreOptions): Promise<{ manifest: Manifest; lines: string[] }> {
  const backup = path.resolve(opts.backup);
  const manifest = await readVerifiedManifest(backup);
  const dataDir = path.resolve(opts.toDataDir ?? store.dataDir);
  const fileNames = manifest.files.map((f) => f.name);
  const lines = [`备份 ${backup}：${manifest.store === 'postgres' ? 'PostgreSQL' : 'SQLite'}，版本 ${manifest.appVersion}，制作于 ${manifest.createdAt}；清单与 ${manifest.files.length} 个文件的 sha256 核对无误`];
  const busyFiles = occupiedDataFiles(fileNames, dataDir);
  let restored: string[];
  if (manifest.store === 'sqlite') {
    if (opts.toDatabaseUrl) throw new Error('这是 SQLite 的备份，只能恢复到数据目录（--to-data-dir）；要迁到 PostgreSQL 请另行导入');
    if ((sqliteOccupied(dataDir) || busyFiles.length) && !opts.force)
      throw new Error(`目标数据目录 ${dataDir} 里已有数据（${[sqliteOccupied(dataDir) ? DB_FILE : '', ...busyFiles].filter(Boolean).join('、')}）；确认要覆盖请先停止服务，再加 --force`);
    const r = restoreSqlite(backup, dataDir);
    restored = r.migrations;
    lines.push(`已写入 SQLite 数据库 ${r.file}（PRAGMA integrity_check 通过）`);
  } else {
    const url = opts.toDatabaseUrl ?? store.databaseUrl;
    if (!url) throw new Error('这是 PostgreSQL 的备份：请用 --to-database-url 指定目标库（或设 DATABASE_URL）');
    const occupied = await pgOccupied(url);
    if (((typeof occupied === 'number' && occupied > 0) || busyFiles.length) && !opts.force)
      throw new Error(
        `目标不为空（${[typeof occupied === 'number' && occupied > 0 ? `库 ${safeUrl(url)} 已有 ${occupied} 张表` : '', ...busyFiles.map((f) => path.join(dataDir, f))].filter(Boolean).join('、')}）；确认要覆盖请先停止服务，再加 --force`,
      );
    if (occupied === 'missing') lines.push(`已创建数据库 ${await createPgDatabase(url)}`);
    const dumpMajor = Number(/(\d+)/.exec(manifest.tools?.pgDump ?? '')?.[1] ?? 0) || undefined;
    restored = (await restorePg(backup, url, { clean: occupied !== 'missing' && occupied > 0, dumpMajor })).migrations;
    lines.push(`已用 pg_restore 恢复到 ${safeUrl(url)}（单个事务：要么全部恢复，要么什么都没改）`);
  }
  if ([...restored].sort().join() !== [...manifest.migrations].sort().join()) throw new Error(`恢复后的迁移记录（${restored.join(', ')}）与清单（${manifest.migrations.join(', ')}）不符`);
  for (const f of restoreDataFiles(backup, fileNames, dataDir)) lines.push(`已写入 ${f}`);
  const pending = pendingMigrations(restored);
  lines.push(pending.length ? `备份来自较旧的版本：服务启动时会自动执行数据库迁移 ${pending.join(', ')}` : '数据库迁移与本版本一致');
  lines.push('恢复完成。现在可以启动服务（npm run serve）；启动后请按 docs/deploy.md「恢复演练」核对');
  return { manifest, lines };
}
