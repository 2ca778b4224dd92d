/**
 * The centre's config (flows/ and schemas/ under CONFIG_DIR) as the server
 * serves it, live: when a file changes (or on an admin's reload call) the
 * config is checked again and, when clean, swapped in at once — requests see
 * the old config or the new one, never a mix. A config with errors is never
 * served: the last good one stays, and every problem is logged as
 * `file:line:column reason`. Each good config is kept in DATA_DIR as the last
 * good snapshot, so a start on a broken config serves that snapshot (and says
 * so loudly) instead of taking the site down; with no snapshot the start is
 * refused as before.
 *
 * The version is a hash of everything the server serves or uses of the config
 * (app.yaml, flows, steps, messages with the server's own `server:` texts,
 * schemas): an edit of any of them is a new version, so the reload serves it.
 * Every answer names it (`x-config-version`, also in /app-config.json's body);
 * an open app asks for it on each step change and reloads at the step it
 * enters when it changed (drafts are kept in local storage across it).
 *
 * A version published in the admin studio (the database, services/studio/)
 * replaces the files: `swapTo` serves it (source 'studio'), and while it is
 * live a change of the files is logged as not served; the explicit reload call
 * makes the files live again (after the studio recorded them, `onBackToFiles`).
 * The files are read into a path → text map and checked by the same pure
 * checker the studio runs in the browser (engine/config/check-files.ts); the
 * served state keeps those texts, so the studio can show and version them.
 */
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { LoadedConfig } from '../engine/config/assemble';
import { checkConfigFiles } from '../engine/config/check-files';
import { formatErrors, readMetaSchema } from '../engine/config/check';
import { readConfigFiles } from '../engine/config/read-files';
import type { ConfigError } from '../engine/types';
import { registriesFor } from './config-registries';

export interface ConfigState {
  config: LoadedConfig;
  /** 12 hex characters of SHA-256 over what is served or used (`servable`: everything but the source positions). */
  version: string;
  /** Where it came from: the files, the last good snapshot (the files had errors), or a studio version (the database). */
  source: 'files' | 'snapshot' | 'studio';
  /** The texts of what is served, by config path (absent when unknown: a fixed config, a snapshot from before the studio). */
  files?: Record<string, string>;
  /** The studio version served (source 'studio'). */
  studioVersion?: number;
}

/** Why reload runs: a file watch event, the admin's reload call, or another instance made the files live again. */
export type ReloadCause = 'watch' | 'call' | 'studio';

let metaSchema: object | undefined;
/** The engine's flow format (schemas/meta/flow.schema.json), read once. */
export function serverMetaSchema(): object {
  return (metaSchema ??= readMetaSchema());
}

/**
 * Checks config texts with the server's registries: what the server serves, and what the studio publishes.
 * Synchronous (about a second of CPU for the whole config): the studio runs the same check in a worker thread
 * (services/studio/check-pool.ts) so examinees' calls are not held up meanwhile.
 */
export function checkServerFiles(files: Record<string, string>, configDir: string): { config: LoadedConfig; errors: ConfigError[] } {
  return checkConfigFiles(files, registriesFor(configDir), serverMetaSchema());
}

function checkDir(dir: string): { config: LoadedConfig; errors: ConfigError[]; files: Record<string, string> } {
  const files = readConfigFiles(dir);
  return { ...checkServerFiles(files, dir), files };
}

export type ReloadResult = { ok: true; version: string; changed: boolean } | { ok: false; errors: ConfigError[] };

/** What the server serves or uses of a config: all of it but the sources (positions for error messages). */
export type Servable = Omit<LoadedConfig, 'sources'>;

/**
 * The served part of a config: what the version hashes and the last good snapshot keeps. Everything but the
 * sources, rather than a list of fields: a field added to LoadedConfig is covered without anyone remembering
 * to add it here (the `server:` texts once were not, and an edit of only them was "config unchanged").
 */
export function servable(config: LoadedConfig): Servable {
  const { sources: _positions, ...used } = config;
  return used;
}

export function configVersion(config: LoadedConfig): string {
  return createHash('sha256').update(JSON.stringify(servable(config))).digest('hex').slice(0, 12);
}

const SNAPSHOT = 'config-last-good.json';

export class LiveConfig {
  private state: ConfigState;
  private readonly listeners: Array<(s: ConfigState) => void> = [];
  private watchers: fs.FSWatcher[] = [];
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<ReloadResult> | null = null;
  private again = false;
  private backToFiles: ((next: ConfigState) => Promise<void>) | null = null;

  constructor(
    first: ConfigState,
    private readonly opts: { configDir?: string; dataDir?: string; log?: (level: 'info' | 'warn' | 'error', msg: string) => void } = {},
  ) {
    this.state = first;
  }

  /** A config that does not follow the files (tests, SKIP_CONFIG_CHECK); a studio version may still replace it. */
  static fixed(config: LoadedConfig, files?: Record<string, string>): LiveConfig {
    return new LiveConfig({ config, version: configVersion(config), source: 'files', files });
  }

  /**
   * Checks CONFIG_DIR. Clean: serves it and keeps it as the last good snapshot.
   * Errors: serves the last good snapshot when DATA_DIR has one, else throws
   * with every problem (the caller refuses to start).
   */
  static async start(configDir: string, dataDir: string, log: NonNullable<LiveConfig['opts']['log']>): Promise<LiveConfig> {
    const { config, errors, files } = checkDir(configDir);
    if (!errors.length) {
      const live = new LiveConfig({ config, version: configVersion(config), source: 'files', files }, { configDir, dataDir, log });
      live.keepSnapshot();
      return live;
    }
    const snapshot = readSnapshot(dataDir);
    const problems = `flow/schema configuration errors (${errors.length}) in ${configDir}:\n${formatErrors(errors)}`;
    if (!snapshot) throw new Error(problems);
    const version = configVersion(snapshot.config);
    log('error', `${problems}\nSERVING THE LAST GOOD CONFIG (version ${version}, ${path.join(dataDir, SNAPSHOT)}) until the files are fixed`);
    return new LiveConfig({ config: snapshot.config, version, source: 'snapshot', files: snapshot.files }, { configDir, dataDir, log });
  }

  /** The log this config reports to (main.ts: stdout/stderr), if any. */
  get log(): LiveConfig['opts']['log'] {
    return this.opts.log;
  }

  /** CONFIG_DIR (undefined for a fixed config). */
  get configDir(): string | undefined {
    return this.opts.configDir;
  }

  /** Serves an already checked config now (a studio version), keeps it as the last good one and tells the listeners. */
  swapTo(next: ConfigState, why: string): void {
    this.state = next;
    this.keepSnapshot();
    this.opts.log?.('info', `config swapped: version ${next.version} (${why})`);
    for (const fn of this.listeners) fn(this.state);
  }

  /**
   * Called by the reload call before it makes clean files live again while a
   * studio version is served: the studio records them as a version and tells
   * the other instances. Throwing keeps the studio version.
   */
  onBackToFiles(fn: (next: ConfigState) => Promise<void>): void {
    this.backToFiles = fn;
  }

  get current(): ConfigState {
    return this.state;
  }

  /** Called after each swap (not for the first config). */
  onSwap(fn: (s: ConfigState) => void): void {
    this.listeners.push(fn);
  }

  /**
   * Checks the files again; swaps when clean. While a studio version is live only the reload call ('call')
   * or the studio ('studio') serve the files again; a watch event is logged as not served.
   * Watch events during a run share it (and one more run after it); a call waits for a run of its own.
   */
  reload(cause: ReloadCause = 'call'): Promise<ReloadResult> {
    if (this.running) {
      if (cause === 'watch') {
        this.again = true;
        return this.running;
      }
      const own = () => this.reload(cause);
      return this.running.then(own, own);
    }
    this.running = this.runReload(cause).finally(() => {
      this.running = null;
      if (this.again) {
        this.again = false;
        void this.reload('watch');
      }
    });
    return this.running;
  }

  private async runReload(cause: ReloadCause): Promise<ReloadResult> {
    const dir = this.opts.configDir;
    if (!dir) return { ok: true, version: this.state.version, changed: false };
    if (this.state.source === 'studio' && cause === 'watch') {
      this.opts.log?.(
        'warn',
        `config files changed in ${dir} but are NOT served: studio version ${this.state.studioVersion} (${this.state.version}) is live. ` +
          'POST /api/admin/reload-config on this machine makes the files live again; the studio\'s export writes the live version into them',
      );
      return { ok: true, version: this.state.version, changed: false };
    }
    let result: ReturnType<typeof checkDir>;
    const started = Date.now();
    try {
      result = checkDir(dir);
    } catch (e) {
      const errors = [{ file: dir, line: 1, column: 1, message: `cannot read the config: ${(e as Error).message}` }];
      this.opts.log?.('error', `config not reloaded: ${errors[0].message}`);
      return { ok: false, errors };
    }
    if (result.errors.length) {
      this.opts.log?.('error', `config NOT reloaded, still serving version ${this.state.version} — ${result.errors.length} problem(s) in ${dir}:\n${formatErrors(result.errors)}`);
      return { ok: false, errors: result.errors };
    }
    const version = configVersion(result.config);
    if (version === this.state.version && this.state.source === 'files') return { ok: true, version, changed: false };
    const next: ConfigState = { config: result.config, version, source: 'files', files: result.files };
    if (this.state.source === 'studio' && cause === 'call' && this.backToFiles) {
      try {
        await this.backToFiles(next);
      } catch (e) {
        const errors = [{ file: dir, line: 1, column: 1, message: `the files could not be made live: ${(e as Error).message}` }];
        this.opts.log?.('error', `config not reloaded: ${errors[0].message}`);
        return { ok: false, errors };
      }
    }
    this.state = next;
    this.keepSnapshot();
    // How long the read and check took: on a loaded machine that part stretches, the rest must not.
    this.opts.log?.('info', `config reloaded: version ${version} (read and checked in ${Date.now() - started} ms)`);
    for (const fn of this.listeners) fn(this.state);
    return { ok: true, version, changed: true };
  }

  /** Watches flows/ and schemas/ and reloads (debounced) on any change. */
  watch(debounceMs = 250): void {
    const dir = this.opts.configDir;
    if (!dir) return;
    const kick = () => {
      if (this.timer) clearTimeout(this.timer);
      this.timer = setTimeout(() => void this.reload('watch'), debounceMs);
      this.timer.unref();
    };
    for (const sub of ['flows', 'schemas']) {
      const p = path.join(dir, sub);
      if (!fs.existsSync(p)) continue;
      try {
        const w = fs.watch(p, { recursive: true }, kick);
        w.on('error', (e) => this.opts.log?.('warn', `config watch on ${p} stopped: ${e.message}`));
        w.unref();
        this.watchers.push(w);
      } catch (e) {
        this.opts.log?.('warn', `config files are not watched (${(e as Error).message}): use the reload call`);
      }
    }
  }

  close(): void {
    for (const w of this.watchers) w.close();
    this.watchers = [];
    if (this.timer) clearTimeout(this.timer);
  }

  private keepSnapshot(): void {
    const dataDir = this.opts.dataDir;
    if (!dataDir) return;
    try {
      fs.mkdirSync(dataDir, { recursive: true });
      const file = path.join(dataDir, SNAPSHOT);
      const tmp = `${file}.${process.pid}.tmp`;
      // The texts too: a start on broken files still has the served version's files for the studio.
      fs.writeFileSync(tmp, JSON.stringify({ ...servable(this.state.config), files: this.state.files }));
      fs.renameSync(tmp, file); // atomic: a reader never sees half a snapshot
    } catch (e) {
      this.opts.log?.('warn', `last good config not kept: ${(e as Error).message}`);
    }
  }
}

function readSnapshot(dataDir: string): { config: LoadedConfig; files?: Record<string, string> } | null {
  try {
    const raw = JSON.parse(fs.readFileSync(path.join(dataDir, SNAPSHOT), 'utf8')) as Omit<LoadedConfig, 'sources'> & { files?: Record<string, string> };
    if (!raw || typeof raw !== 'object' || !raw.steps || !raw.app) return null;
    const { files, ...config } = raw;
    return { config: { ...config, sources: {} }, files };
  } catch {
    return null;
  }
}
