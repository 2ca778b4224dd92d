/**
 * Which config version this page runs, and the newest one the server has
 * named (`x-config-version` on every answer: the calls' answers, and a HEAD of
 * app-config.json the app sends on each step change). When they differ, the
 * step being entered reloads the page at its address: the new flows, messages
 * and schemas apply from that step on, and a half-filled form keeps its
 * answers (drafts live in local storage).
 *
 * Why a request on every step change and not a timer: the centre's edit must
 * show on the examinee's very next step, not "within 10 s". Its cost is a
 * HEAD — a few hundred bytes of headers, never the config (which is only
 * downloaded again when it did change, by the reload).
 */
let loaded: string | null = null;
let latest: string | null = null;
/** The HEAD in flight: step changes in a row (a redirect right after a tap) share it. */
let asking: Promise<void> | null = null;

export const CONFIG_VERSION_HEADER = 'x-config-version';

/** The version of the config this page was built from (the app-config.json answer's header). */
export function setLoadedConfigVersion(v: string | null | undefined): void {
  if (v) loaded = latest = v;
}

/** The version this page runs (null until its flow config arrived). */
export function loadedConfigVersion(): string | null {
  return loaded;
}

/** A version the server named in an answer. */
export function noteConfigVersion(v: string | null | undefined): void {
  if (v) latest = v;
}

export function configIsStale(): boolean {
  return loaded !== null && latest !== null && latest !== loaded;
}

/** The server's version now: headers only (HEAD), past every cache. */
async function askServer(): Promise<string | null> {
  const res = await fetch('app-config.json', { method: 'HEAD', cache: 'no-store', credentials: 'include' });
  return res.headers.get(CONFIG_VERSION_HEADER);
}

/**
 * Asks the server for its config version now (no throttle; a request already
 * in flight is shared). Resolves true when this page's config is out of date;
 * offline it resolves with what is known (the next answer will tell).
 */
export function refreshConfigVersion(ask: () => Promise<string | null> = askServer): Promise<boolean> {
  if (loaded === null) return Promise.resolve(false);
  if (configIsStale()) return Promise.resolve(true);
  if (!asking) {
    const run = ask().then(noteConfigVersion, () => undefined);
    asking = run;
    void run.finally(() => {
      if (asking === run) asking = null;
    });
  }
  return asking.then(configIsStale);
}

/** Where the last reload for a new version is noted (this tab only), and how long it holds back another one. */
const RELOADED_KEY = 'checkup-config-reloaded';
const RELOAD_AGAIN_MS = 30_000;

export interface StepCheckOptions {
  reload?: () => void;
  ask?: () => Promise<string | null>;
  storage?: Pick<Storage, 'getItem' | 'setItem'> | null;
  now?: number;
}

function tabStorage(): Pick<Storage, 'getItem' | 'setItem'> | null {
  try {
    return window.sessionStorage;
  } catch {
    return null; // storage blocked
  }
}

/**
 * A step was entered: when the config changed since this page loaded (known
 * from an answer, else asked now), reload — the step starts again on the new
 * config. Resolves whether it reloaded.
 *
 * A reload that did not bring the version the server named (a proxy caching
 * app-config.json against its no-cache, an instance still on the old version)
 * is not repeated for that version within 30 s: every step must not become a
 * reload.
 */
export async function checkConfigOnStep(o: StepCheckOptions = {}): Promise<boolean> {
  if (!(await refreshConfigVersion(o.ask))) return false;
  const storage = o.storage === undefined ? tabStorage() : o.storage;
  const now = o.now ?? Date.now();
  try {
    const last = JSON.parse(storage?.getItem(RELOADED_KEY) ?? 'null') as { v?: string; when?: number } | null;
    if (last?.v === latest && now - (last.when ?? 0) < RELOAD_AGAIN_MS) return false;
    storage?.setItem(RELOADED_KEY, JSON.stringify({ v: latest, when: now }));
  } catch {
    /* storage full or blocked: reload anyway */
  }
  (o.reload ?? (() => window.location.reload()))();
  return true;
}

