/**
 * The phone's side of the server's drawing (issue 27): the configs the page
 * carries, whether #root holds this visit's first render, and the cookie that
 * tells the next page request what to draw.
 */
import type { SessionStore } from '../../engine/session/store';
import { screenKind } from '../../widgets/screens/registry';
import type { AppRuntime } from '../boot';
import { withInlineAnswers } from '../api/inline-answers';
import { loadedConfigVersion } from '../config-version';
import { decide } from '../router/routes';
import { homeCookieHeader, homeCookieOf, screenSignature, type BootData } from './landing';

/** The page's inline `#cf-boot` (null: a page served as built, or unreadable). */
export function readInlineBoot(doc: Document = document): BootData | null {
  const text = doc.getElementById('cf-boot')?.textContent;
  if (!text) return null;
  try {
    const b = JSON.parse(text) as BootData;
    return b && b.startup && typeof b.cfgUrl === 'string' && typeof b.version === 'string' ? b : null;
  } catch {
    return null;
  }
}

/**
 * True when #root holds the server's drawing of the step this address opens and the
 * phone's first render will be the same: same route, the guard lets the person in
 * without a change, and the screen's props come out alike with the phone's own session.
 * Then the step's screen code is loaded first, so hydration does not wait on it.
 */
export async function drawingMatches(rt: AppRuntime, boot: BootData, root: HTMLElement, loc: Location = location): Promise<boolean> {
  const route = root.getAttribute('data-ssr');
  // Drawn from another config than the phone now runs (a publish between the page and its flow config).
  if (!route || loadedConfigVersion() !== boot.version) return false;
  const [path, hashSearch = ''] = loc.hash.replace(/^#/, '').split('?');
  if ((path || '/').toLowerCase() !== route.toLowerCase()) return false;
  const drawn = Object.hasOwn(boot.drawn, route) ? boot.drawn[route] : undefined;
  const step = drawn ? rt.steps[drawn.step] : undefined;
  if (!drawn || !step) return false;
  const d = decide(rt, step, (path || '/') + (hashSearch ? `?${hashSearch}` : ''));
  if (d.kind !== 'enter' || d.set) return false;
  if (screenSignature(rt, step, hashSearch ? `?${hashSearch}` : '', loc.search, drawn.data) !== drawn.sig) return false;
  try {
    await screenKind(step.screen).preload?.();
  } catch {
    return false;
  }
  return true;
}

/**
 * The drawing being hydrated was made with the data its step's load gave (entry-seed.ts): the step
 * starts with that data, and its load gets the answers of its public calls from the page, not the network.
 */
export function takeDrawnData(rt: AppRuntime, boot: BootData, root: HTMLElement): void {
  const route = root.getAttribute('data-ssr') ?? '';
  const drawn = Object.hasOwn(boot.drawn, route) ? boot.drawn[route] : undefined;
  if (!drawn?.data) return;
  rt.entryData = { step: drawn.step, data: drawn.data };
  if (drawn.calls?.length) rt.api = withInlineAnswers(rt.api, drawn.calls);
}

/** Keeps the `cf_home` cookie in step with the session (written only when it changes). */
export function keepHomeCookie(session: SessionStore, doc: Document = document): void {
  let last = '';
  const write = () => {
    const v = homeCookieHeader(homeCookieOf(session.getState().values));
    if (v === last) return;
    last = v;
    doc.cookie = v;
  };
  write();
  session.subscribe(write);
}

type EarlyTap = Window & { __cfTap?: EventTarget | null; __cfLive?: boolean };

/**
 * The page is the app's now: the inline script stops keeping taps, and the last tap on the drawing, made
 * while the bundle was on its way, is given again — when the drawing was hydrated (its nodes are the ones
 * that were tapped); a drawing replaced by a fresh render drops it.
 */
export function takeOverTaps(root: HTMLElement, hydrated: boolean, win: EarlyTap = window as EarlyTap): void {
  const tap = win.__cfTap;
  win.__cfLive = true;
  win.__cfTap = null;
  if (hydrated && tap instanceof HTMLElement && tap.isConnected && root.contains(tap)) tap.click();
}
