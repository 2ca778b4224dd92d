/** Entry: boot (config, version guard, flows, token), then the router. */
import { createRoot } from 'react-dom/client';
import './app.css';
import { boot, openingKind } from './boot';
import { App } from './App';
import { screenKind } from '../widgets/screens/registry';

/**
 * Every screen kind is a chunk of its own: the one of the step being opened
 * starts loading now, beside React's first render and the step's load calls,
 * not once the router has rendered the step.
 */
function preloadKind(kind: string | undefined): void {
  if (!kind) return;
  try {
    screenKind(kind)
      .preload?.()
      .catch(() => undefined); // the render retries and reports
  } catch {
    /* unknown kind: the step page says so */
  }
}

const el = document.getElementById('root')!;
const root = createRoot(el);

boot().then(
  (r) => {
    if (r.kind !== 'ready') return;
    preloadKind(openingKind(r.runtime.steps, location.hash));
    root.render(<App runtime={r.runtime} />);
  },
  (e: Error) => {
    console.error('boot failed', e);
    root.render(<div className="cf-boot">网络异常！请稍后再试</div>);
  },
);
