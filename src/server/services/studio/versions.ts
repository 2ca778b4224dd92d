/**
 * Config versions in the database: every publish, restore and every state of
 * the files the studio met is a row (its files as JSON text), and one row of
 * `studio_live` says which is live for every instance. Writes hold a lock
 * (PostgreSQL advisory lock; SQLite's BEGIN IMMEDIATE) so ids and the
 * "is the draft's base still live" check are race-free across instances.
 */
import type { Db, Queryable } from '../../db/types';
import type { StudioFiles, StudioVersionInfo } from '../../../contract/api/studio';

const STUDIO_LOCK_KEY = 734502;

export interface LiveRow {
  versionId: number;
  /** true: each instance serves its CONFIG_DIR (versionId records those files); false: versionId's files are served. */
  followsFiles: boolean;
}

interface VersionRow {
  id: number | string;
  hash: string;
  author: string;
  note: string;
  created_at: number | string;
  source: StudioVersionInfo['source'];
  restored_from: number | string | null;
}

const INFO_COLUMNS = 'id, hash, author, note, created_at, source, restored_from';

function info(r: VersionRow): StudioVersionInfo {
  return {
    id: Number(r.id),
    hash: r.hash,
    author: r.author,
    note: r.note,
    createdAt: new Date(Number(r.created_at)).toISOString(),
    source: r.source,
    restoredFrom: r.restored_from === null ? null : Number(r.restored_from),
  };
}

export async function readLive(db: Queryable): Promise<LiveRow | null> {
  const r = await db.one<{ version_id: number | string; follows_files: number | string }>(`SELECT version_id, follows_files FROM studio_live WHERE id = 1`);
  return r ? { versionId: Number(r.version_id), followsFiles: Number(r.follows_files) === 1 } : null;
}

export async function listVersions(db: Queryable): Promise<StudioVersionInfo[]> {
  return (await db.all<VersionRow>(`SELECT ${INFO_COLUMNS} FROM studio_versions ORDER BY id DESC`)).map(info);
}

export async function versionInfo(db: Queryable, id: number): Promise<StudioVersionInfo | null> {
  const r = await db.one<VersionRow>(`SELECT ${INFO_COLUMNS} FROM studio_versions WHERE id = $1`, [id]);
  return r ? info(r) : null;
}

export async function versionFiles(db: Queryable, id: number): Promise<{ version: StudioVersionInfo; files: StudioFiles } | null> {
  const r = await db.one<VersionRow & { files: string }>(`SELECT ${INFO_COLUMNS}, files FROM studio_versions WHERE id = $1`, [id]);
  return r ? { version: info(r), files: JSON.parse(r.files) as StudioFiles } : null;
}

export interface NewVersion {
  files: StudioFiles;
  hash: string;
  author: string;
  note: string;
  source: StudioVersionInfo['source'];
  restoredFrom?: number | null;
  followsFiles: boolean;
  now: number;
}

/**
 * Stores a version and makes it live, in one transaction under the lock.
 * `when(live)` decides under the lock whether to go on: false → nothing is
 * written and 'refused' is returned (a stale base, or files already recorded).
 */
export async function recordVersion(db: Db, v: NewVersion, when: (live: LiveRow | null, tx: Queryable) => Promise<boolean> = async () => true): Promise<StudioVersionInfo | 'refused'> {
  return db.transaction(async (tx) => {
    if (db.dialect === 'postgres') await tx.run(`SELECT pg_advisory_xact_lock(${STUDIO_LOCK_KEY})`);
    if (!(await when(await readLive(tx), tx))) return 'refused';
    const next = await tx.one<{ n: number | string }>(`SELECT COALESCE(MAX(id), 0) + 1 AS n FROM studio_versions`);
    const id = Number(next!.n);
    await tx.run(
      `INSERT INTO studio_versions (id, hash, files, author, note, created_at, source, restored_from) VALUES ($1, $2, $3, $4, $5, $6, $7, $8)`,
      [id, v.hash, JSON.stringify(v.files), v.author, v.note, v.now, v.source, v.restoredFrom ?? null],
    );
    await tx.run(
      `INSERT INTO studio_live (id, version_id, follows_files, updated_at) VALUES (1, $1, $2, $3)
       ON CONFLICT (id) DO UPDATE SET version_id = excluded.version_id, follows_files = excluded.follows_files, updated_at = excluded.updated_at`,
      [id, v.followsFiles ? 1 : 0, v.now],
    );
    return (await versionInfo(tx, id))!;
  });
}
