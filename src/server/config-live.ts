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
 * The version is a hash of what is served: the app reads it from /config.json
 * and the `x-config-version` header of every answer, and reloads on its next
 * navigation when it changed (drafts are kept in local storage across it).
 */
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { LoadedConfig } from '../engine/config/assemble';
import { checkConfig, formatErrors } from '../engine/config/check';
import type { ConfigError } from '../engine/types';
import { registriesFor } from './config-registries';

export interface ConfigState {
  config: LoadedConfig;
  /** 12 hex characters of SHA-256 over what is served (app, messages, steps, schemas). */
  version: string;
  /** Where it came from: the files, or the last good snapshot (the files had errors). */
  source: 'files' | 'snapshot';
}

export type ReloadResult = { ok: true; version: string; changed: boolean } | { ok: false; errors: ConfigError[] };

/** What is served of a config, in a stable form (also what the version hashes). */
export function servable(config: LoadedConfig): Pick<LoadedConfig, 'app' | 'messages' | 'steps' | 'schemas' | 'flows'> {
  return { app: config.app, messages: config.messages, steps: config.steps, schemas: config.schemas, flows: config.flows };
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

  constructor(
    first: ConfigState,
    private readonly opts: { configDir?: string; dataDir?: string; log?: (level: 'info' | 'warn' | 'error', msg: string) => void } = {},
  ) {
    this.state = first;
  }

  /** A config that never changes (tests, SKIP_CONFIG_CHECK). */
  static fixed(config: LoadedConfig): LiveConfig {
    return new LiveConfig({ config, version: configVersion(config), source: 'files' });
  }

  /**
   * Checks CONFIG_DIR. Clean: serves it and keeps it as the last good snapshot.
   * Errors: serves the last good snapshot when DATA_DIR has one, else throws
   * with every problem (the caller refuses to start).
   */
  static async start(configDir: string, dataDir: string, log: NonNullable<LiveConfig['opts']['log']>): Promise<LiveConfig> {
    const { config, errors } = await checkConfig(configDir, registriesFor(configDir));
    if (!errors.length) {
      const live = new LiveConfig({ config, version: configVersion(config), source: 'files' }, { configDir, dataDir, log });
      live.keepSnapshot();
      return live;
    }
    const snapshot = readSnapshot(dataDir);
    const problems = `flow/schema configuration errors (${errors.length}) in ${configDir}:\n${formatErrors(errors)}`;
    if (!snapshot) throw new Error(problems);
    log('error', `${problems}\nSERVING THE LAST GOOD CONFIG (version ${configVersion(snapshot)}, ${path.join(dataDir, SNAPSHOT)}) until the files are fixed`);
    return new LiveConfig({ config: snapshot, version: configVersion(snapshot), source: 'snapshot' }, { configDir, dataDir, log });
  }

  get current(): ConfigState {
    return this.state;
  }

  /** Called after each swap (not for the first config). */
  onSwap(fn: (s: ConfigState) => void): void {
    this.listeners.push(fn);
  }

  /** Checks the files again; swaps when clean. Concurrent calls share one run (and one more after it). */
  reload(): Promise<ReloadResult> {
    if (this.running) {
      this.again = true;
      return this.running;
    }
    this.running = this.runReload().finally(() => {
      this.running = null;
      if (this.again) {
        this.again = false;
        void this.reload();
      }
    });
    return this.running;
  }

  private async runReload(): Promise<ReloadResult> {
    const dir = this.opts.configDir;
    if (!dir) return { ok: true, version: this.state.version, changed: false };
    let result: Awaited<ReturnType<typeof checkConfig>>;
    try {
      result = await checkConfig(dir, registriesFor(dir));
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
    this.state = { config: result.config, version, source: 'files' };
    this.keepSnapshot();
    this.opts.log?.('info', `config reloaded: version ${version}`);
    for (const fn of this.listeners) fn(this.state);
    return { ok: true, version, changed: true };
  }

  /** Watches flows/ and schemas/ and reloads (debounced) on any change. */
  watch(debounceMs = 250): void {
    const dir = this.opts.configDir;
    if (!dir) return;
    const kick = () => {
      if (this.timer) clearTimeout(this.timer);
      this.timer = setTimeout(() => void this.reload(), debounceMs);
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
      fs.writeFileSync(tmp, JSON.stringify(servable(this.state.config)));
      fs.renameSync(tmp, file); // atomic: a reader never sees half a snapshot
    } catch (e) {
      this.opts.log?.('warn', `last good config not kept: ${(e as Error).message}`);
    }
  }
}

function readSnapshot(dataDir: string): LoadedConfig | null {
  try {
    const raw = JSON.parse(fs.readFileSync(path.join(dataDir, SNAPSHOT), 'utf8')) as Omit<LoadedConfig, 'sources'>;
    return raw && typeof raw === 'object' && raw.steps && raw.app ? { ...raw, sources: {} } : null;
  } catch {
    return null;
  }
}
