/**
 * What the server may draw into the page before the bundle runs, and how the
 * phone tells whether that drawing is its own first render (issue 27). Pure:
 * shared by the server render bundle (ssr-entry.tsx) and the phone (main.tsx),
 * so both sides decide with one rule.
 *
 * The routes are hash routes: the server sees only `/`. It draws the page of `/`
 * and, in templates, the other steps a person lands on; an inline script shows
 * the one the hash names (src/server/plugins/ssr-frame.ts).
 *
 * The request carries one small cookie the app writes (`cf_home`): whether a
 * user is signed in, their tag and the chosen branch — never a name, phone or
 * id number. It only chooses which public screen is drawn (the branch list, the
 * home page of a branch, the approver tiles); the server decides access on its
 * calls as before, and the phone's guard decides again before hydrating.
 */
import type { StartupConfig } from '../../contract/calls';
import type { InlineAnswer } from '../api/inline-answers';
import type { AppFile } from '../../engine/types';
import type { RuntimeScope } from '../../engine/runtime';
import type { AppRuntime, StepWithId } from '../boot';
import { stepQuery } from '../router/paths';
import { evalProps } from '../runner/props';
import { isLoggedIn } from '../session';

export const HOME_COOKIE = 'cf_home';

/** The cookie's content: u = signed in, t = the user's tag, b = the branch code. */
export interface HomeCookie {
  u?: 1;
  t?: string;
  b?: string;
}

/** The cookie value for the session now (what the next page request carries). */
export function homeCookieOf(values: Record<string, unknown>): HomeCookie {
  const out: HomeCookie = {};
  const user = values.user as { tag?: unknown } | undefined;
  if (isLoggedIn(user)) {
    out.u = 1;
    if (typeof user!.tag === 'string' || typeof user!.tag === 'number') out.t = String(user!.tag).slice(0, 8);
  }
  const code = (values.hospInfo as { hospCode?: unknown } | undefined)?.hospCode;
  if (typeof code === 'string' && code) out.b = code.slice(0, 32);
  return out;
}

export function homeCookieHeader(c: HomeCookie): string {
  return `${HOME_COOKIE}=${encodeURIComponent(JSON.stringify(c))}; path=/; max-age=31536000; SameSite=Lax`;
}

/** Reads the cookie from a Cookie header; anything odd is an empty cookie. */
export function parseHomeCookie(header: string | undefined): HomeCookie {
  const m = (header ?? '').match(new RegExp(`(?:^|;\\s*)${HOME_COOKIE}=([^;]{0,200})`));
  if (!m) return {};
  try {
    const v = JSON.parse(decodeURIComponent(m[1])) as Record<string, unknown>;
    const out: HomeCookie = {};
    if (v.u === 1) out.u = 1;
    if (typeof v.t === 'string' && /^[\w-]{0,8}$/.test(v.t)) out.t = v.t;
    if (typeof v.b === 'string' && /^[\w-]{1,32}$/.test(v.b)) out.b = v.b;
    return out;
  } catch {
    return {};
  }
}

/**
 * The session the server draws with: a signed-in user known only by tag, and the
 * branch's public details when the cookie names a branch of config.json.
 */
export function serverSession(c: HomeCookie, startup: Pick<StartupConfig, 'branches'>): Record<string, unknown> {
  const values: Record<string, unknown> = {};
  if (c.u) values.user = { tag: c.t ?? '' };
  const b = c.b ? (startup.branches ?? []).find((x) => x.hospCode === c.b) : undefined;
  if (b) values.hospInfo = { hospCode: b.hospCode, hospAddr: b.hospAddr, hospTel: b.hospTel };
  return values;
}

/** The routes drawn into a page: the step at `/` first, then every entry step. */
export function landingSteps(steps: Record<string, StepWithId>, app: Pick<AppFile, 'start'>): Array<{ route: string; step: StepWithId }> {
  const all = Object.values(steps);
  const root = all.find((s) => s.route === '/') ?? steps[app.start];
  const out: Array<{ route: string; step: StepWithId }> = root ? [{ route: '/', step: root }] : [];
  for (const s of all) if (s.entry && s.route && s !== root) out.push({ route: s.route, step: s });
  return out;
}

/** FNV-1a of a string, hex: short enough for an attribute. */
export function fnv1a(text: string): string {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return (h >>> 0).toString(16);
}

/**
 * What the step's screen shows on its first render, as a short signature: its props
 * evaluated in the scope StepPage starts with (no form yet; the data the page carries for
 * it, entry-seed.ts, or none). Equal signatures on both sides mean the phone's first render
 * is the server's drawing, so the phone hydrates it; otherwise it draws afresh.
 */
export function screenSignature(
  rt: Pick<AppRuntime, 'session' | 'startup' | 'app' | 'fns'>,
  step: StepWithId,
  hashSearch: string,
  pageSearch: string,
  data: Record<string, unknown> = {},
): string {
  const props = evalProps(step.props ?? {}, firstScope(rt, hashSearch, pageSearch, data), rt.fns, () => undefined);
  return fnv1a(JSON.stringify([step.id, step.title ?? '', props]));
}

/** The scope a StepPage starts with: no form values yet, and no step data but what the page carries (runner/StepPage.tsx). */
export function firstScope(rt: Pick<AppRuntime, 'session' | 'startup' | 'app'>, hashSearch: string, pageSearch: string, data: Record<string, unknown> = {}): RuntimeScope {
  return {
    session: rt.session.getState().values, data, form: {}, query: stepQuery(hashSearch, pageSearch),
    config: rt.startup, const: rt.app.constants ?? {},
  };
}

/** A screen kind's source, as the build's manifest names it (widgets/screens/registry.ts imports each from there; a unit test checks every kind). */
export function kindModule(kind: string): string {
  const dir = kind.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`);
  return `src/widgets/screens/${dir}/${kind[0].toUpperCase()}${kind.slice(1)}Screen.tsx`;
}
/** The form code's source (runner/LazyFormSlot.tsx loads it). */
export const FORM_MODULE = 'src/app/runner/FormSlot.tsx';
/** The request layer's source, with axios (api/lazy-api.ts loads it with the first call). */
export const CLIENT_MODULE = 'src/app/api/client.ts';

/**
 * The page's inline `#cf-boot` data: the start-up config the phone would have fetched, where the flow
 * config of the drawing's version is (asked for with the bundle: ≈ 12 kB that would otherwise hold the
 * drawing back on a slow line), and what was drawn.
 */
export interface BootData {
  startup: StartupConfig;
  cfgUrl: string;
  version: string;
  /**
   * Route (as drawn) → the step and its screen signature; for a step drawn with data its load gave
   * (entry-seed.ts), that data, and the answers of the public calls it made.
   */
  drawn: Record<string, DrawnRoute>;
}

export type { InlineAnswer };

export interface DrawnRoute {
  step: string;
  sig: string;
  data?: Record<string, unknown>;
  calls?: InlineAnswer[];
}

/** The hash route as the router sees it: `/#/Index?x=1` → `/Index`. */
export function hashRoute(hash: string): string {
  return hash.replace(/^#/, '').split('?')[0] || '/';
}
