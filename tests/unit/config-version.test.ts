/**
 * An open app learns of a new config version on its next step: every step
 * change asks (no 10 s throttle), step changes in a row share one request, an
 * answer that already named a new version reloads without asking, and offline
 * keeps the page as it is.
 */
import { beforeEach, describe, expect, it, vi } from 'vitest';

type Mod = typeof import('../../src/app/config-version');
let m: Mod;
beforeEach(async () => {
  vi.resetModules(); // each test starts as a fresh page
  m = await import('../../src/app/config-version');
});

/** A server whose version the test sets, counting the HEADs it gets. */
function server(version: string) {
  const s = {
    version,
    asks: 0,
    ask: async () => {
      s.asks++;
      return s.version;
    },
  };
  return s;
}

describe('config version on each step', () => {
  it('asks on every step change, however soon after the last one', async () => {
    m.setLoadedConfigVersion('v1');
    const srv = server('v1');
    const reload = vi.fn();
    expect(await m.checkConfigOnStep({ reload, ask: srv.ask, storage: null })).toBe(false);
    expect(await m.checkConfigOnStep({ reload, ask: srv.ask, storage: null })).toBe(false);
    expect(srv.asks).toBe(2);
    // The centre's edit went live a moment ago: the very next step sees it.
    srv.version = 'v2';
    expect(await m.checkConfigOnStep({ reload, ask: srv.ask, storage: null })).toBe(true);
    expect(reload).toHaveBeenCalledTimes(1);
    expect(srv.asks).toBe(3);
  });

  it('step changes in a row (a redirect right after a tap) share one request', async () => {
    m.setLoadedConfigVersion('v1');
    let answer!: (v: string) => void;
    let asks = 0;
    const ask = () => {
      asks++;
      return new Promise<string>((r) => (answer = r));
    };
    const reload = vi.fn();
    const a = m.checkConfigOnStep({ reload, ask, storage: null });
    const b = m.checkConfigOnStep({ reload, ask, storage: null });
    answer('v2');
    expect(await Promise.all([a, b])).toEqual([true, true]);
    expect(asks).toBe(1);
    // (storage: null — without the tab's note both reload; the page goes once either way)
  });

  it('a version named by a call answer reloads on the next step without asking', async () => {
    m.setLoadedConfigVersion('v1');
    m.noteConfigVersion('v1');
    expect(m.configIsStale()).toBe(false);
    m.noteConfigVersion('v2');
    expect(m.configIsStale()).toBe(true);
    const srv = server('v2');
    const reload = vi.fn();
    expect(await m.checkConfigOnStep({ reload, ask: srv.ask, storage: null })).toBe(true);
    expect(srv.asks).toBe(0);
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('offline or an answer without the header: the page stays as it is', async () => {
    m.setLoadedConfigVersion('v1');
    const reload = vi.fn();
    expect(await m.checkConfigOnStep({ reload, ask: () => Promise.reject(new TypeError('Failed to fetch')) })).toBe(false);
    expect(await m.checkConfigOnStep({ reload, ask: async () => null })).toBe(false);
    expect(reload).not.toHaveBeenCalled();
  });

  it('a page that never learnt its version (an old server) never asks', async () => {
    const srv = server('v1');
    expect(await m.checkConfigOnStep({ reload: vi.fn(), ask: srv.ask })).toBe(false);
    expect(srv.asks).toBe(0);
  });

  it('a reload that did not bring the new version is not repeated for it within 30 s (no reload on every step)', async () => {
    const store = new Map<string, string>();
    const storage = { getItem: (k: string) => store.get(k) ?? null, setItem: (k: string, v: string) => void store.set(k, v) };
    const reload = vi.fn();
    // The page reloads for v2 …
    m.setLoadedConfigVersion('v1');
    expect(await m.checkConfigOnStep({ reload, ask: async () => 'v2', storage, now: 1_000 })).toBe(true);
    // … but a cache gave it v1 again (a fresh page: the module starts over).
    vi.resetModules();
    m = await import('../../src/app/config-version');
    m.setLoadedConfigVersion('v1');
    expect(await m.checkConfigOnStep({ reload, ask: async () => 'v2', storage, now: 5_000 })).toBe(false);
    expect(reload).toHaveBeenCalledTimes(1);
    // 30 s on, it tries again.
    expect(await m.checkConfigOnStep({ reload, ask: async () => 'v2', storage, now: 31_001 })).toBe(true);
    // Another new version is reloaded for at once.
    vi.resetModules();
    m = await import('../../src/app/config-version');
    m.setLoadedConfigVersion('v1');
    expect(await m.checkConfigOnStep({ reload, ask: async () => 'v3', storage, now: 31_002 })).toBe(true);
    expect(reload).toHaveBeenCalledTimes(3);
  });
});
