/**
 * The studio's side of the live config: which version is live in the database
 * and this instance's LiveConfig kept in step with it.
 *
 *  - Files mode (no publish yet, or the reload call made the files live again):
 *    each instance serves and follows its CONFIG_DIR as before; the studio shows
 *    those files as the live version, recorded as a 'files' version the first
 *    time the studio meets them (version 1 on first use).
 *  - Studio mode (after a publish or restore): every instance serves the live
 *    version's files. This instance swaps at once; the others notice within
 *    STUDIO_POLL_MS (a one-row primary-key read) and swap too, each after
 *    checking the files against its own registries — a version that no longer
 *    checks clean is not served there (logged loudly, the last good config stays).
 *
 * Every check runs in a worker thread (check-pool.ts): about a second of CPU
 * that would otherwise hold up every examinee's call on this instance.
 */
import type { Db } from '../../db/types';
import type { StudioFiles, StudioVersionInfo } from '../../../contract/api/studio';
import type { ConfigError } from '../../../engine/types';
import { formatErrors } from '../../../engine/config/format';
import { compareConfigPaths } from '../../../engine/config/check-files';
import { configVersion, type ConfigState, type LiveConfig } from '../../config-live';
import { registriesFor } from '../../config-registries';
import { PACKAGE_ROOT } from '../../paths';
import { CheckWorkerFailure, studioCheckPool, type CheckOutcome, type CheckPool } from './check-pool';
import { readLive, recordVersion, versionFiles, versionInfo } from './versions';

export const FILES_AUTHOR = 'files';
export const FILES_NOTE = '服务器上的配置文件';

/** A studio failure with its HTTP status and the admin's message (routes answer `{ error, errors? }`). */
export class StudioFailure extends Error {
  constructor(readonly status: number, message: string, readonly errors?: ConfigError[]) {
    super(message);
  }
}

export const MSG_DRAFT_ERRORS = '配置有错误，未发布：请先修正下列问题';
export const MSG_STALE_BASE = '配置已被他人更新：请重新载入最新版本后再修改';
export const MSG_NO_FILES = '服务器没有保留当前配置的文件内容（配置文件有错误时启动）：请先修正配置文件并重新加载';
export const MSG_NO_VERSION = '版本不存在';
export const MSG_CHECK_CRASHED = '服务器检查配置时出错（检查进程意外退出），请重试';
export const MSG_CHECK_TIMEOUT = '服务器检查配置超时，请稍后重试';

type Log = (level: 'info' | 'warn' | 'error', msg: string) => void;

export class StudioLive {
  private chain: Promise<unknown> = Promise.resolve();
  private timer: NodeJS.Timeout | null = null;
  private polling = false;
  /** The live row already tried and not served here (so the poll does not re-check and re-log it every tick). */
  private refused: string | null = null;

  constructor(
    private readonly db: Db,
    readonly live: LiveConfig,
    private readonly opts: { now: () => number; log: Log; pool?: CheckPool },
  ) {
    // The reload call while a studio version is live: the files become the live version on every instance.
    live.onBackToFiles(async (next) => {
      await this.recordFiles(next, true);
    });
  }

  /** Where screen kinds are read for the registries. */
  get configDir(): string {
    return this.live.configDir ?? PACKAGE_ROOT;
  }

  /** Starts the check worker ahead of the first check (the studio page asks for the live config first). */
  warmCheck(): void {
    (this.opts.pool ?? studioCheckPool()).warm();
  }

  /**
   * The server's own check of a whole config (the same as the browser's, with this server's registries): the same
   * answer as `checkServerFiles`, computed in the check worker. A worker that crashes or runs out of time answers
   * 503 with a message to retry (the next check gets a new worker).
   */
  async check(files: StudioFiles): Promise<CheckOutcome> {
    try {
      return await (this.opts.pool ?? studioCheckPool()).check(files, registriesFor(this.configDir));
    } catch (e) {
      if (!(e instanceof CheckWorkerFailure)) throw e;
      this.opts.log('error', `studio: ${e.message}`);
      throw new StudioFailure(503, e.reason === 'timeout' ? MSG_CHECK_TIMEOUT : MSG_CHECK_CRASHED);
    }
  }

  /** One at a time on this instance: the poll's swap and a publish's swap never interleave. */
  private serial<T>(fn: () => Promise<T>): Promise<T> {
    const run = this.chain.then(fn, fn);
    this.chain = run.catch(() => undefined);
    return run;
  }

  /** Serves what the live row says (at start: a live version in the database is served, after checking). */
  async start(pollMs: number): Promise<void> {
    await this.sync('at start').catch((e: Error) => this.opts.log('error', `studio: the live version could not be read: ${e.message}`));
    if (pollMs > 0) {
      this.timer = setInterval(() => {
        if (this.polling) return;
        this.polling = true;
        this.sync('published on another instance')
          .catch((e: Error) => this.opts.log('warn', `studio: live version poll failed: ${e.message}`))
          .finally(() => (this.polling = false));
      }, pollMs);
      this.timer.unref();
    }
  }

  stop(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
  }

  /** Brings this instance in step with the live row. */
  sync(why: string): Promise<void> {
    return this.serial(async () => {
      const row = await readLive(this.db);
      if (!row) return;
      const cur = this.live.current;
      const key = `${row.versionId}:${row.followsFiles}`;
      if (row.followsFiles) {
        if (cur.source !== 'studio' || this.refused === key) return;
        const r = await this.live.reload('studio');
        if (!r.ok) {
          this.refused = key;
          this.opts.log('error', `studio: the files were made live again on another instance, but THIS instance's files have errors: still serving studio version ${cur.studioVersion}`);
        }
        return;
      }
      if ((cur.source === 'studio' && cur.studioVersion === row.versionId) || this.refused === key) return;
      const v = await versionFiles(this.db, row.versionId);
      if (!v) return;
      const { config, errors } = await this.check(v.files);
      // The reload call may have served the files meanwhile (it does not wait for this chain): the next poll decides.
      if (this.live.current !== cur) return;
      if (errors.length) {
        this.refused = key;
        this.opts.log(
          'error',
          `STUDIO VERSION ${row.versionId} (${why}) DOES NOT CHECK CLEAN against this server (${errors.length} problem(s)); ` +
            `still serving ${cur.source} version ${cur.version}:\n${formatErrors(errors)}`,
        );
        return;
      }
      this.refused = null;
      this.live.swapTo({ config, version: configVersion(config), source: 'studio', files: v.files, studioVersion: row.versionId }, `studio version ${row.versionId}, ${why}`);
    });
  }

  /** The live version (in files mode, the files this instance serves, recorded when the studio meets them first). */
  async ensureLive(): Promise<StudioVersionInfo> {
    const row = await readLive(this.db);
    if (row) {
      const v = await versionInfo(this.db, row.versionId);
      // In files mode a version stands for the files while they are what this instance serves.
      if (v && (!row.followsFiles || v.hash === this.live.current.version || this.live.current.source === 'studio')) return v;
    }
    return this.recordFiles(this.live.current, false);
  }

  private async recordFiles(state: ConfigState, force: boolean): Promise<StudioVersionInfo> {
    if (!state.files) throw new StudioFailure(503, MSG_NO_FILES);
    const r = await recordVersion(
      this.db,
      { files: state.files, hash: state.version, author: FILES_AUTHOR, note: FILES_NOTE, source: 'files', followsFiles: true, now: this.opts.now() },
      async (live, tx) => {
        if (force || !live) return true;
        // A publish got in first, or another request recorded these files meanwhile.
        if (!live.followsFiles) return false;
        return (await versionInfo(tx, live.versionId))?.hash !== state.version;
      },
    );
    return r === 'refused' ? this.ensureLive() : r;
  }

  /** Checks a draft, stores it as the new live version when clean and its base is still live, and serves it at once. */
  async publish(p: { files: StudioFiles; note: string; author: string; baseVersion: number }): Promise<StudioVersionInfo> {
    const { config, errors } = await this.check(p.files);
    if (errors.length) throw new StudioFailure(422, MSG_DRAFT_ERRORS, errors);
    const base = await this.ensureLive();
    if (base.id !== p.baseVersion) throw new StudioFailure(409, MSG_STALE_BASE);
    return this.store({ config, files: p.files, author: p.author, note: p.note, source: 'publish' }, async (live) => live?.versionId === p.baseVersion);
  }

  /** Brings an old version back as a new one (checked again: this server's registries may have changed since). */
  async restore(p: { id: number; note: string; author: string }): Promise<StudioVersionInfo> {
    const old = await versionFiles(this.db, p.id);
    if (!old) throw new StudioFailure(404, MSG_NO_VERSION);
    const { config, errors } = await this.check(old.files);
    if (errors.length) throw new StudioFailure(422, MSG_DRAFT_ERRORS, errors);
    await this.ensureLive();
    return this.store({ config, files: old.files, author: p.author, note: p.note || `恢复版本 ${p.id}`, source: 'restore', restoredFrom: p.id }, async () => true);
  }

  private async store(
    v: { config: CheckOutcome['config']; files: StudioFiles; author: string; note: string; source: 'publish' | 'restore'; restoredFrom?: number },
    when: Parameters<typeof recordVersion>[2],
  ): Promise<StudioVersionInfo> {
    const hash = configVersion(v.config);
    // Only config paths reach here (the check refuses any other); kept in the order the loader reads them.
    const files = Object.fromEntries(Object.keys(v.files).sort(compareConfigPaths).map((k) => [k, v.files[k]]));
    const r = await recordVersion(
      this.db,
      { files, hash, author: v.author, note: v.note, source: v.source, restoredFrom: v.restoredFrom ?? null, followsFiles: false, now: this.opts.now() },
      when,
    );
    if (r === 'refused') throw new StudioFailure(409, MSG_STALE_BASE);
    await this.serial(async () => {
      const cur = this.live.current;
      if (cur.source === 'studio' && cur.studioVersion === r.id) return; // the poll got there first
      this.refused = null;
      this.live.swapTo({ config: v.config, version: hash, source: 'studio', files, studioVersion: r.id }, `studio version ${r.id} by ${v.author}`);
    });
    return r;
  }
}
