/** Entry: boot (config, version guard, flows, token), then the router. */
import { createRoot, hydrateRoot } from 'react-dom/client';
import './app.css';
import { boot, collectSteps, openingStep, type AppConfigJson } from './boot';
import { App } from './App';
import { screenKind } from '../widgets/screens/registry';
import { preloadFormSlot } from './runner/LazyFormSlot';
import { callsOnEntry } from '../engine/runtime';
import { drawingMatches, keepHomeCookie, readInlineBoot, takeDrawnData, takeOverTaps } from './ssr/hydrate';
import { startTransition, useEffect, type ReactNode } from 'react';

/**
 * Every screen kind, the form code and the request layer are chunks of their
 * own. What the opening step needs starts loading as soon as the flow config
 * names that step (the page preloads app-config.json), beside config.json and
 * React's start, instead of one after the other as the step renders: its kind,
 * and its form code and schema when it has a form; the request layer (axios)
 * when its `load` always calls (many steps call only on a tap, or under a
 * condition: for those the first call loads it).
 */
function preloadOpening(cfg: AppConfigJson): void {
  const step = openingStep(collectSteps(cfg), location.hash);
  if (!step) return;
  try {
    screenKind(step.screen)
      .preload?.()
      .catch(() => undefined); // the render retries and reports
  } catch {
    /* unknown kind: the step page says so */
  }
  if (step.form) {
    preloadFormSlot(step.form.schema.startsWith('=') ? undefined : step.form.schema);
  }
  // A step that always calls on entry: the request layer too (the drawn page's routes do the same: ssr-entry),
  // unless the page carries that load's answers (its first call that is not one of them loads it).
  const carried = Object.values(inline?.drawn ?? {}).some((d) => d.step === step.id && d.calls?.length);
  if (callsOnEntry(step) && !carried) import('./api/client').catch(() => undefined); // the first call retries and reports
}

/** Calls back once its tree is committed (hydrated: the drawing's nodes have their handlers). */
function Committed({ onCommit, children }: { onCommit(): void; children: ReactNode }) {
  // eslint-disable-next-line react-hooks/exhaustive-deps
  useEffect(onCommit, []);
  return <>{children}</>;
}

const el = document.getElementById('root')!;
// The server drew the first screen into the page and inlined the configs (app/ssr/*).
const inline = readInlineBoot();

boot(window, { onFlows: preloadOpening, inline }).then(
  async (r) => {
    if (r.kind !== 'ready') return;
    keepHomeCookie(r.runtime.session);
    const app = <App runtime={r.runtime} />;
    // Hydrate the drawing when it is this visit's first render; else draw afresh (the drawing or the
    // frame stays on screen until then).
    // As a transition: React then renders in slices of ≈ 5 ms and lets the phone paint and take taps between
    // them, instead of one long task of the whole first render (on a slow phone, hundreds of ms without a
    // frame). The drawing or the frame is on screen meanwhile; a tap on the drawing is kept and given again,
    // and a hash change before the router listens is given to it when it does (router/history.ts).
    if (inline && (await drawingMatches(r.runtime, inline, el))) {
      takeDrawnData(r.runtime, inline, el);
      startTransition(() => {
        hydrateRoot(el, <Committed onCommit={() => takeOverTaps(el, true)}>{app}</Committed>);
      });
    } else {
      takeOverTaps(el, false);
      const root = createRoot(el);
      startTransition(() => root.render(app));
    }
  },
  (e: Error) => {
    console.error('boot failed', e);
    createRoot(el).render(<div className="cf-boot">网络异常！请稍后再试</div>);
  },
);
