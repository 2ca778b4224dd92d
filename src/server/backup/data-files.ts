/**
 * What of DATA_DIR besides the database belongs in a backup. The last good config snapshot
 * (config-live.ts: a start on broken config files serves it instead of refusing) and session.key
 * (oauth-session.ts: the dev/demo session secret when SESSION_SECRET is unset; restoring it keeps
 * people logged in). Both are small and both are needed to come back exactly as before. The SQLite
 * WAL/-shm files are not copied: the database is copied through SQLite itself (sqlite.ts).
 */
import fs from 'node:fs';
import path from 'node:path';

/** Names as config-live.ts (SNAPSHOT) and oauth-session.ts (devSessionSecret) write them. */
export const DATA_FILES = ['config-last-good.json', 'session.key'] as const;
/** Folder inside the backup holding them. */
export const DATA_SUBDIR = 'data';

/** Copies the DATA_DIR files that exist into `<backup>/data/`; returns their backup names. */
export function backupDataFiles(dataDir: string, backupDir: string): string[] {
  const out: string[] = [];
  for (const name of DATA_FILES) {
    const from = path.join(dataDir, name);
    if (!fs.existsSync(from)) continue;
    fs.mkdirSync(path.join(backupDir, DATA_SUBDIR), { recursive: true, mode: 0o700 });
    const to = path.join(backupDir, DATA_SUBDIR, name);
    fs.copyFileSync(from, to);
    fs.chmodSync(to, 0o600);
    out.push(`${DATA_SUBDIR}/${name}`);
  }
  return out;
}

/** The DATA_DIR files a restore would write that are already there. */
export function occupiedDataFiles(backupFiles: string[], dataDir: string): string[] {
  return dataNames(backupFiles).filter((n) => fs.existsSync(path.join(dataDir, n)));
}

/** Writes the backup's data files into DATA_DIR (each via a temporary name and a rename); returns what it wrote. */
export function restoreDataFiles(backupDir: string, backupFiles: string[], dataDir: string): string[] {
  fs.mkdirSync(dataDir, { recursive: true });
  const out: string[] = [];
  for (const name of dataNames(backupFiles)) {
    const to = path.join(dataDir, name);
    const tmp = `${to}.restore-${process.pid}`;
    fs.copyFileSync(path.join(backupDir, DATA_SUBDIR, name), tmp);
    fs.chmodSync(tmp, 0o600);
    fs.renameSync(tmp, to);
    out.push(to);
  }
  return out;
}

function dataNames(backupFiles: string[]): string[] {
  return backupFiles.filter((f) => f.startsWith(`${DATA_SUBDIR}/`)).map((f) => f.slice(DATA_SUBDIR.length + 1));
}
