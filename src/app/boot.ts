/**
 * Start-up (after-booking §2/§6/§9): root font size, the start-up config
 * (`config.json?t=<now>`), the version guard, the checked flow config
 * (`app-config.json`), the session store and the request layer (the service
 * token comes with the first call that needs it). No React here; main.tsx renders once boot() resolves.
 */
import type { StartupConfig } from '../contract/calls';
import type { AppFile, FlowFile, Step } from '../engine/types';
import { createFunctionRegistry, type FunctionRegistry } from '../engine/expr';
import type { SessionStore } from '../engine/session/store';
import type { Api } from './api/client';
import { createLazyApi } from './api/lazy-api';
import { CONFIG_VERSION_HEADER, noteConfigVersion, setLoadedConfigVersion } from './config-version';
import { appFunctions } from './functions';
import {
  APPROVER_TOKEN_KEY, REPORT_TOKEN_KEY, bearerValue, initSession, readToken,
} from './session';
import { setCentreZone } from '../contract/rules/centre-day';

export type StepWithId = Step & { id: string; flow?: string };

/** GET /app-config.json as the server serves it (tolerant of both message shapes). */
export interface AppConfigJson {
  app: AppFile;
  messages: Record<string, string> | { messages: Record<string, string> };
  flows?: Array<FlowFile & { file?: string }> | Record<string, FlowFile>;
  steps?: Record<string, Step & { flow?: string }>;
}

export interface AppRuntime {
  startup: StartupConfig;
  app: AppFile;
  messages: Record<string, string>;
  steps: Record<string, StepWithId>;
  session: SessionStore;
  api: Api;
  fns: FunctionRegistry;
  /** The page address's search when there is no window (the server drawing the first screen). */
  outerSearch?: string;
  /**
   * The step data the page's first screen was drawn with (app/ssr/entry-seed.ts): the first StepPage of
   * that step starts with it, on the server and, hydrating that drawing, on the phone (then it is cleared).
   */
  entryData?: { step: string; data: Record<string, unknown> };
}

// ------------------------------------------------------------------ pure helpers

/** html font-size: width/375*16 px, the width capped at 750 (after-booking §9). */
export function rootFontSize(width: number): number {
  const w = Math.min(Math.max(width, 0) || 375, 750);
  return Math.round((w / 375) * 16 * 100) / 100;
}

export function applyRootFontSize(win: Window = window): void {
  const set = () => {
    win.document.documentElement.style.fontSize = `${rootFontSize(win.document.documentElement.clientWidth || win.innerWidth)}px`;
  };
  set();
  win.addEventListener('resize', set);
  win.addEventListener('orientationchange', set);
}

/**
 * The version guard: the address (search part) must carry v=<version>.
 * Returns the address to load instead, or null when nothing is to be done.
 * The hash (the route) is kept.
 */
export function versionRedirect(version: string | undefined | null, href: string): string | null {
  if (!version) return null;
  const u = new URL(href);
  if (u.searchParams.get('v') === version) return null;
  u.searchParams.set('v', version);
  return u.toString();
}

/** Messages file as served: `{key: text}` or `{messages: {key: text}}`. */
export function normaliseMessages(m: AppConfigJson['messages'] | undefined): Record<string, string> {
  if (!m) return {};
  const inner = (m as { messages?: unknown }).messages;
  return (inner && typeof inner === 'object' ? inner : m) as Record<string, string>;
}

/** Every step by id, from `steps` or from the flows. */
export function collectSteps(cfg: AppConfigJson): Record<string, StepWithId> {
  const out: Record<string, StepWithId> = {};
  if (cfg.steps && typeof cfg.steps === 'object') {
    for (const [id, s] of Object.entries(cfg.steps)) out[id] = { ...s, id };
    return out;
  }
  const flows = Array.isArray(cfg.flows) ? cfg.flows : Object.values(cfg.flows ?? {});
  for (const f of flows) for (const [id, s] of Object.entries(f.steps ?? {})) out[id] = { ...s, id, flow: f.flow };
  return out;
}

async function getJson<T>(url: string, cache: RequestCache = 'no-store', asked?: Promise<Response>): Promise<T> {
  const ask = () => fetch(url, { credentials: 'include', cache });
  // A request the page already made is taken; if it failed, asked once more (a dropped connection, not an answer).
  const res = await (asked ? asked.catch(ask) : ask());
  if (!res.ok) throw new Error(`${url}: HTTP ${res.status}`);
  if (url.startsWith('app-config.json')) setLoadedConfigVersion(res.headers.get(CONFIG_VERSION_HEADER));
  return (await res.json()) as T;
}

/** The flow config's request the drawn page's inline script made with the bundle's (server/plugins/ssr-frame.ts). */
type EarlyConfig = Window & { __cfConfig?: Promise<Response> };

/** Session flag that stops a second version redirect in the same tab (a proxy dropping `v` must not loop). */
const VGUARD_KEY = 'checkup-vguard';

// ------------------------------------------------------------------ boot

export type BootResult = { kind: 'ready'; runtime: AppRuntime } | { kind: 'redirected' };

/**
 * What the server's drawn page carries (app/ssr/landing.ts BootData): the start-up config inline, and
 * where the flow config of the same version is (its inline script asked for it with the bundle).
 */
export interface InlineConfigs {
  startup: StartupConfig;
  cfgUrl: string;
  version: string;
}

export async function boot(
  win: Window = window,
  opts: { onFlows?(cfg: AppConfigJson): void; inline?: InlineConfigs | null } = {},
): Promise<BootResult> {
  applyRootFontSize(win);
  let flows: Promise<AppConfigJson>;
  let startup: StartupConfig;
  if (opts.inline) {
    // The page was drawn per request from the configs served now: the start-up config rides in it, the flow
    // config was asked for by its inline script (docs/decisions-app.md, "the first screen in the HTML").
    setLoadedConfigVersion(opts.inline.version);
    const early = (win as EarlyConfig).__cfConfig;
    flows = getJson<AppConfigJson>(opts.inline.cfgUrl, 'default', early);
    flows.then((cfg) => opts.onFlows?.(cfg)).catch(() => undefined);
    startup = opts.inline.startup;
  } else {
    // Both configs at once (the page's Link header preloads app-config.json beside the
    // entry script; its default cache mode takes that preload, and the server's no-cache
    // + ETag keep it fresh): one round trip less before the first step can render.
    flows = getJson<AppConfigJson>('app-config.json', 'default');
    // As soon as the flows are here (usually before config.json): what the opening step will need.
    flows.then((cfg) => opts.onFlows?.(cfg)).catch(() => undefined); // awaited below; not an unhandled rejection when the redirect wins
    startup = await getJson<StartupConfig>(`config.json?t=${Date.now()}`);
  }

  const next = versionRedirect(startup.version, win.location.href);
  if (next) {
    let tried: string | null = null;
    try {
      tried = win.sessionStorage.getItem(VGUARD_KEY);
    } catch {
      /* storage blocked */
    }
    if (tried !== startup.version) {
      try {
        win.sessionStorage.setItem(VGUARD_KEY, startup.version);
      } catch {
        /* storage blocked */
      }
      win.location.replace(next);
      return { kind: 'redirected' };
    }
  }

  const cfg = await flows;
  // The service bearer is not fetched here: the first call that needs it gets it
  // (api.call → ensureToken; a stored unexpired one is reused). A page without
  // load calls (home) renders without the token round trip and without axios.
  return { kind: 'ready', runtime: createRuntime(startup, cfg) };
}

/** The step a hash route opens (undefined when no step has that route). */
export function openingStep(steps: Record<string, StepWithId>, hash: string): StepWithId | undefined {
  const route = (hash.replace(/^#/, '').split('?')[0] || '/').toLowerCase();
  return Object.values(steps).find((s) => [s.route, ...(s.aliases ?? [])].some((r) => r?.toLowerCase() === route));
}

/** Builds the runtime from loaded configs (browser tests / unit tests call it directly). */
export function createRuntime(startup: StartupConfig, cfg: AppConfigJson, opts: { storageName?: string } = {}): AppRuntime {
  // The centre's zone rules "today" and the cut-offs here as on the server (an old server sends none: the default).
  if (typeof startup.centreTz === 'string' && startup.centreTz) {
    try {
      setCentreZone(startup.centreTz);
    } catch {
      /* a name this phone does not know: the default */
    }
  }
  const session = initSession(cfg.app.session ?? {}, opts.storageName);
  const api = createLazyApi({
    config: startup,
    messages: normaliseMessages(cfg.messages),
    onConfigVersion: noteConfigVersion,
    getToken: () => readToken(session.getState()),
    setToken: (t) => session.getState().set('token', t),
    getOpenid: () => (session.getState().values.openid as string | undefined) ?? null,
    // The server no longer accepts the openid (its OAuth cookie is gone/expired): log the user
    // out of this session, so that the guard sends the next auth route through OAuth again.
    onOpenidRefused: () => session.getState().clear(['user', 'openid']),
    getHeaderTokens: () => {
      const v = session.getState().values;
      const now = Date.now();
      return { report: bearerValue(v[REPORT_TOKEN_KEY], now), approver: bearerValue(v[APPROVER_TOKEN_KEY], now) };
    },
    log: (...a) => console.warn(...a),
  });
  return {
    startup,
    app: cfg.app,
    messages: normaliseMessages(cfg.messages),
    steps: collectSteps(cfg),
    session,
    api,
    fns: createFunctionRegistry(appFunctions),
  };
}
