/**
 * The server build's entry (vite.ssr.config.ts → build/ssr/ssr-entry.js): draws
 * the landing screens of the live config with React's server renderer, so the
 * first screen arrives with the HTML (issue 27). The server loads this file as
 * built; it never imports the app's sources (the layer rules).
 *
 * Each drawing is the app's own tree — App, router, guard, step page, screen
 * kind — on a fixed location and the cookie's session; nothing runs: `load`
 * and events are effects, and effects do not run on the server.
 */
import { Writable } from 'node:stream';
import { renderToPipeableStream } from 'react-dom/server';
import type { StartupConfig } from '../../contract/calls';
import { preloadScreenKinds } from '../../widgets/screens/registry';
import { widgetModules } from '../../widgets/form/widget-files';
import { App } from '../App';
import { createRuntime, type AppConfigJson, type AppRuntime } from '../boot';
import { createStaticHistory } from '../router/history';
import { decide } from '../router/routes';
import { callsOnEntry } from '../../engine/runtime';
import { entrySeed, type InlineAnswer, type PublicCall } from './entry-seed';
import { CLIENT_MODULE, FORM_MODULE, hashRoute, kindModule, landingSteps, parseHomeCookie, screenSignature, serverSession, type BootData } from './landing';

export interface PageInput {
  startup: StartupConfig;
  cfg: AppConfigJson;
  version: string;
  /** The request's search (`?v=…`), which the phone reads as part of every step's query. */
  search: string;
  cookie?: string;
  /** The live form schemas by path (`forms/team-login.json`): a form route preloads the widgets its schema draws. */
  schemas?: Record<string, object>;
  /** The server's answer to a public call (entry-seed.ts): a landing step that fetches only those is drawn with its data. */
  publicCall?: PublicCall;
}

export interface RouteNeeds {
  title: string;
  /** The sources of the code the phone loads first for it (as the build's manifest names them). */
  modules: string[];
  /** The form's schema path, when the step has one that is not computed or computes one of a single choice. */
  schema?: string;
}


export interface PageDrawing {
  /** Drawn route → markup (the root `/` first when drawn). */
  pages: Array<{ route: string; html: string }>;
  /**
   * Every route and alias (lower case) → what the inline script needs for it: the step's title (the frame), its
   * screen kind and its form's schema (the server adds the chunks and the schema the phone will load first).
   */
  routes: Record<string, RouteNeeds>;
  boot: BootData;
  /** Every public call made for the drawings and its answer: the server's page cache asks again to see whether they still hold. */
  calls: InlineAnswer[];
}

/** renderToPipeableStream waiting for every lazy part (the screen kinds' own chunks), as one string. */
function drawToString(node: React.ReactNode): Promise<string> {
  return new Promise((resolve, reject) => {
    let html = '';
    const sink = new Writable({
      write(chunk, _enc, done) {
        html += chunk.toString();
        done();
      },
    });
    sink.on('finish', () => resolve(html));
    let failed: unknown;
    const stream = renderToPipeableStream(node, {
      onAllReady: () => (failed ? reject(failed) : stream.pipe(sink)),
      onShellError: reject,
      onError: (e) => {
        failed = e;
      },
    });
  });
}

function drawStep(rt: AppRuntime, route: string): Promise<string> {
  return drawToString(<App runtime={rt} history={createStaticHistory(route)} />);
}

/** What of a Cookie header changes the drawing: the cookie as read (ssr-page.ts keys its page cache with it). */
export function drawingKey(cookie: string | undefined): string {
  return JSON.stringify(parseHomeCookie(cookie));
}

// The session store is one per app (app/session.ts): drawings take turns, a few ms each.
let queue: Promise<unknown> = Promise.resolve();

export function drawPage(input: PageInput): Promise<PageDrawing> {
  const next = queue.then(() => draw(input));
  queue = next.catch(() => undefined);
  return next;
}

async function draw({ startup, cfg, version, search, cookie, schemas, publicCall }: PageInput): Promise<PageDrawing> {
  await preloadScreenKinds();
  const rt: AppRuntime = { ...createRuntime(startup, cfg, { storageName: 'ssr' }), outerSearch: search };
  for (const [k, v] of Object.entries(serverSession(parseHomeCookie(cookie), startup))) {
    try {
      rt.session.getState().set(k, v);
    } catch {
      /* a config without that key: drawn without it */
    }
  }
  const routes: Record<string, RouteNeeds> = {};
  for (const s of Object.values(rt.steps)) {
    const schema = s.form && !s.form.schema.startsWith('=') ? s.form.schema : undefined;
    // A computed schema is one of the step's `choices`: the widgets of any of them.
    const forms = schema ? [schema] : (s.form?.choices ?? []);
    const widgets = [...new Set(forms.flatMap((f) => (schemas?.[f] ? widgetModules(schemas[f]) : [])))].sort();
    const needs: RouteNeeds = {
      title: s.title ?? '',
      modules: [kindModule(s.screen), ...(s.form ? [FORM_MODULE, ...widgets] : []), ...(callsOnEntry(s) ? [CLIENT_MODULE] : [])],
      // A computed schema with one choice (the occupational questionnaire outside view mode) opens that one.
      ...(schema || forms.length === 1 ? { schema: forms[0] } : {}),
    };
    for (const r of [s.route, ...(s.aliases ?? [])]) if (r) routes[r.toLowerCase()] ??= needs;
  }

  const boot: BootData = { startup, cfgUrl: `app-config.json?v=${encodeURIComponent(version)}`, version, drawn: {} };
  const pages: PageDrawing['pages'] = [];
  for (const { route, step } of landingSteps(rt.steps, rt.app)) {
    const d = decide(rt, step, route);
    // A step the guard sends elsewhere, or that would change the session on entry, is the phone's to draw.
    if (d.kind !== 'enter' || d.set) continue;
    const seed = await entrySeed(step, rt, search, publicCall);
    if (!seed) continue;
    const fetched = seed.calls.length > 0;
    const hasData = Object.keys(seed.data).length > 0;
    // Its StepPage starts with the data its load gave (runner/StepPage.tsx), as the phone's will.
    rt.entryData = hasData ? { step: step.id, data: seed.data } : undefined;
    pages.push({ route: hashRoute(route), html: await drawStep(rt, route) });
    rt.entryData = undefined;
    // Its load's answers ride in the page: the request layer loads with the first call that is not one of them.
    const key = route.toLowerCase();
    if (fetched && routes[key]) routes[key] = { ...routes[key], modules: routes[key].modules.filter((m) => m !== CLIENT_MODULE) };
    boot.drawn[route] = {
      step: step.id,
      sig: screenSignature(rt, step, '', search, seed.data),
      ...(hasData ? { data: seed.data } : {}),
      ...(fetched ? { calls: seed.calls } : {}),
    };
  }
  return { pages, routes, boot, calls: Object.values(boot.drawn).flatMap((d) => d.calls ?? []) };
}
