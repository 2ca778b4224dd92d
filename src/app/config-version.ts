/**
 * Which config version this page runs, and the newest one the server has
 * named (`x-config-version` on its answers). When they differ, the next
 * navigation reloads the page at its new address: the new flows, messages and
 * schemas apply from that step on, and a half-filled form keeps its answers
 * (drafts live in local storage).
 */
let loaded: string | null = null;
let latest: string | null = null;
let lastAsk = 0;
const ASK_EVERY_MS = 10_000;

export const CONFIG_VERSION_HEADER = 'x-config-version';

/** The version of the config this page was built from (the app-config.json answer's header). */
export function setLoadedConfigVersion(v: string | null | undefined): void {
  if (v) loaded = latest = v;
  lastAsk = Date.now(); // just asked
}

/** A version the server named in an answer. */
export function noteConfigVersion(v: string | null | undefined): void {
  if (v) latest = v;
}

export function configIsStale(): boolean {
  return loaded !== null && latest !== null && latest !== loaded;
}


/**
 * Asks the server for its config version (a HEAD of app-config.json, at most
 * every 10 s) — for a step entered without a call since the last answer.
 * Resolves true when this page's config is out of date.
 */
export async function refreshConfigVersion(now = Date.now()): Promise<boolean> {
  if (loaded === null) return false;
  if (now - lastAsk >= ASK_EVERY_MS) {
    lastAsk = now;
    try {
      const res = await fetch('app-config.json', { method: 'HEAD', cache: 'no-store', credentials: 'include' });
      noteConfigVersion(res.headers.get(CONFIG_VERSION_HEADER));
    } catch {
      /* offline: the next answer will tell */
    }
  }
  return configIsStale();
}
