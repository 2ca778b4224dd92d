/** Entry: boot (config, version guard, flows, token), then the router. */
import { createRoot } from 'react-dom/client';
import './app.css';
import { boot, collectSteps, openingStep, type AppConfigJson } from './boot';
import { App } from './App';
import { screenKind } from '../widgets/screens/registry';
import { preloadFormSlot } from './runner/LazyFormSlot';
import { loadSchemaRemember } from './runner/schemas';

/**
 * Every screen kind, the form code and the request layer are chunks of their
 * own. What the opening step needs starts loading as soon as the flow config
 * names that step (the page preloads app-config.json), beside config.json and
 * React's start, instead of one after the other as the step renders: its kind,
 * and its form code and schema when it has a form. (Not axios: many steps call
 * only on a tap, or under a condition; the first call loads it.)
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
    preloadFormSlot();
    if (!step.form.schema.startsWith('=')) loadSchemaRemember(step.form.schema).catch(() => undefined);
  }
}

const el = document.getElementById('root')!;
const root = createRoot(el);

boot(window, { onFlows: preloadOpening }).then(
  (r) => {
    if (r.kind !== 'ready') return;
    root.render(<App runtime={r.runtime} />);
  },
  (e: Error) => {
    console.error('boot failed', e);
    root.render(<div className="cf-boot">网络异常！请稍后再试</div>);
  },
);
