/**
 * Where the data lives: DATABASE_URL's shape when set (PostgreSQL), else SQLite in DATA_DIR, which must be
 * writable; and whether the built app (DIST_DIR) is there. No connection is opened: the preflight is offline.
 */
import fs from 'node:fs';
import path from 'node:path';
import { PACKAGE_ROOT } from '../paths';
import { findingsOf, val, type Env, type Finding, type SettingInfo } from './types';

const INFO: Record<string, SettingInfo> = {
  DATABASE_URL: { what: 'PostgreSQL 连接串，形如 postgres://用户:密码@主机:5432/库名；不设则用 DATA_DIR 里的 SQLite 文件', where: '向医院的数据库管理员索取' },
  DATA_DIR: { what: '数据目录（SQLite 数据库、最后一份可用配置、会话密钥等），运行服务的用户须可写', where: '服务器上的一个持久目录，默认 ./data（相对启动时的工作目录）' },
  DIST_DIR: { what: '构建好的页面目录，默认为安装目录下的 dist/', where: '在安装目录运行 npm run build 生成' },
  SQLITE_SYNCHRONOUS: { what: 'SQLite 的写盘方式：FULL（默认，断电也安全）或 NORMAL（更快）', where: '一般不设' },
};

/** The nearest folder that exists at or above p. */
function existingAncestor(p: string): string {
  let d = path.resolve(p);
  while (!fs.existsSync(d) && path.dirname(d) !== d) d = path.dirname(d);
  return d;
}

export function databaseFindings(env: Env): Finding[] {
  const { out, add } = findingsOf('database', INFO);
  const url = val(env, 'DATABASE_URL');
  if (url) {
    let u: URL | null = null;
    try {
      u = new URL(url);
    } catch {
      /* said below */
    }
    if (!u || !/^postgres(ql)?:$/.test(u.protocol)) add('DATABASE_URL', 'malformed', '不是 postgres://用户:密码@主机:端口/库名 形式的连接串');
    else if (!u.hostname) add('DATABASE_URL', 'malformed', '缺少数据库主机名');
    else if (u.pathname.length < 2) add('DATABASE_URL', 'malformed', '缺少库名（…:5432/库名）');
  } else {
    const dir = path.resolve(val(env, 'DATA_DIR') || './data');
    const at = existingAncestor(dir);
    try {
      if (at === dir && !fs.statSync(dir).isDirectory()) throw new Error('not a folder');
      fs.accessSync(at, fs.constants.W_OK);
      add('DATA_DIR', 'note', `未设置 DATABASE_URL：数据保存在 SQLite 文件 ${path.join(dir, 'checkup.db')}，请纳入备份`);
    } catch {
      add('DATA_DIR', 'malformed', at === dir ? `${dir} 不是可写的文件夹` : `${dir} 不存在，且无法在 ${at} 下创建（没有写权限）`);
    }
  }
  const sync = val(env, 'SQLITE_SYNCHRONOUS');
  if (sync && sync !== 'FULL' && sync !== 'NORMAL') add('SQLITE_SYNCHRONOUS', 'malformed', `“${sync}”：只能是 FULL 或 NORMAL`);
  const dist = val(env, 'DIST_DIR') || path.join(PACKAGE_ROOT, 'dist');
  if (!fs.existsSync(path.join(dist, 'index.html'))) add('DIST_DIR', 'note', `${dist} 里没有 index.html：页面还没有构建（npm run build）`);
  return out;
}
