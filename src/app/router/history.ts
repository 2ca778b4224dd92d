/**
 * The hash history behind the component router (`unstable_HistoryRouter`), with
 * navigation blocking — what the data router's `useBlocker` did, without the data
 * router (≈25 kB gzip of createRouter, fetchers, loaders off the first load).
 *
 * A blocked POP (back/forward) is reverted with `go(-delta)` before the router
 * sees it, as the data router does; a blocked PUSH/REPLACE does not happen.
 * `proceed()` performs the navigation after all.
 */
import { NavigationType, UNSAFE_createHashHistory as createHashHistory, UNSAFE_createMemoryHistory as createMemoryHistory, createPath, parsePath, type Location, type To } from 'react-router-dom';

export type HistoryAction = NavigationType;
export interface BlockerArgs {
  currentLocation: Location;
  nextLocation: Location;
  historyAction: HistoryAction;
}
export interface BlockerEntry {
  /** Whether this navigation is blocked (reads the hook's latest function). */
  test(a: BlockerArgs): boolean;
  /** Told a navigation was blocked; `proceed` performs it. */
  blocked(next: Location, proceed: () => void): void;
}

type HashHistory = ReturnType<typeof createHashHistory>;
type Update = Parameters<Parameters<HashHistory['listen']>[0]>[0];

export interface BlockingHistory extends HashHistory {
  addBlocker(e: BlockerEntry): () => void;
}

function nextLocationOf(to: To, state: unknown): Location {
  const p = typeof to === 'string' ? parsePath(to) : parsePath(createPath(to));
  return { pathname: p.pathname ?? '/', search: p.search ?? '', hash: p.hash ?? '', state: state ?? null, key: '' };
}

export function createBlockingHashHistory(win: Window = window): BlockingHistory {
  const base = createHashHistory({ window: win, v5Compat: true });
  const blockers = new Set<BlockerEntry>();
  let current: Location = base.location;
  let skipPops = 0; // our own revert
  let bypass = false; // a proceeding navigation

  const blocker = (nextLocation: Location, historyAction: HistoryAction): BlockerEntry | undefined => {
    if (bypass) {
      bypass = false;
      return undefined;
    }
    for (const b of blockers) if (b.test({ currentLocation: current, nextLocation, historyAction })) return b;
    return undefined;
  };

  const h: BlockingHistory = {
    get action() {
      return base.action;
    },
    get location() {
      return base.location;
    },
    createHref: (to) => base.createHref(to),
    createURL: (to) => base.createURL(to),
    encodeLocation: (to) => base.encodeLocation(to),
    go: (n) => base.go(n),
    push(to, state) {
      const b = blocker(nextLocationOf(to, state), NavigationType.Push);
      if (b) {
        b.blocked(nextLocationOf(to, state), () => {
          bypass = true;
          h.push(to, state);
        });
        return;
      }
      base.push(to, state);
    },
    replace(to, state) {
      const b = blocker(nextLocationOf(to, state), NavigationType.Replace);
      if (b) {
        b.blocked(nextLocationOf(to, state), () => {
          bypass = true;
          h.replace(to, state);
        });
        return;
      }
      base.replace(to, state);
    },
    listen(fn) {
      const stop = base.listen((u: Update) => {
        if (u.action === NavigationType.Pop) {
          if (skipPops > 0) {
            skipPops -= 1;
            return;
          }
          const delta = u.delta;
          const b = delta ? blocker(u.location, NavigationType.Pop) : undefined;
          if (b && delta) {
            skipPops += 1;
            base.go(-delta);
            b.blocked(u.location, () => {
              bypass = true;
              base.go(delta);
            });
            return;
          }
        }
        current = u.location;
        fn(u);
      });
      // The address may have changed before anyone listened: the router reads the location when it first
      // renders and subscribes after its commit, and a first render in slices (a transition, app/main.tsx)
      // leaves room for a hash change in between. It is told now, as the pop it was.
      const now = base.location;
      if (createPath(now) !== createPath(current)) {
        current = now;
        fn({ action: NavigationType.Pop, location: now, delta: null });
      }
      return stop;
    },
    addBlocker(e) {
      blockers.add(e);
      return () => blockers.delete(e);
    },
  };
  return h;
}

/** One fixed location, nothing to block: the server drawing a first screen (ssr/ssr-entry.tsx). */
export function createStaticHistory(path: string): BlockingHistory {
  const base = createMemoryHistory({ initialEntries: [path], v5Compat: true });
  return Object.assign(base, { addBlocker: () => () => undefined }) as unknown as BlockingHistory;
}
