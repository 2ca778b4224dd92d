/**
 * Benchmark page. `?impl=engine` (SchemaForm), `?impl=rjsf` (plain @rjsf/core),
 * `?impl=plain` (calibration), `?impl=occupational` (the real occupational
 * questionnaire as the app renders it), `?impl=demo|view|health` (every widget,
 * the health questionnaire; for screenshots).
 * Each implementation is its own chunk, so none pays for another's code at load.
 * scripts/bench-form.ts drives it.
 */
import { useEffect, type ComponentType } from 'react';
import { createRoot } from 'react-dom/client';
import 'antd-mobile/es/global';
import { installKeystrokeTimer, type BenchWindow } from './harness';

const impl = new URLSearchParams(location.search).get('impl') ?? 'engine';

/**
 * Records navigation start → the frame that first shows the form (`__mountMs`:
 * the animation frame right after the mount's commit, which that frame paints),
 * and → the mount's last DOM change (`__settledMs`: a long form draws the rows
 * below its first screen after that frame; 300 ms without a change ends it).
 */
function Mounted({ children }: { children: React.ReactNode }) {
  useEffect(() => {
    const w = window as unknown as BenchWindow;
    requestAnimationFrame(() => (w.__mountMs = performance.now()));
    let last = performance.now();
    const seen = new MutationObserver(() => (last = performance.now()));
    seen.observe(document.getElementById('root')!, { childList: true, subtree: true, characterData: true, attributes: true });
    const quiet = () => {
      if (performance.now() - last < 300) return void setTimeout(quiet, 50);
      seen.disconnect();
      w.__settledMs = last;
    };
    setTimeout(quiet, 50);
  }, []);
  return <>{children}</>;
}

installKeystrokeTimer();
document.title = `bench ${impl}`;
type PageModule = Promise<{ Page: ComponentType<{ impl: string }> }>;
const PAGES: Record<string, () => PageModule> = {
  rjsf: () => import('./rjsf-page'),
  plain: () => import('./plain-page'),
  occupational: () => import('./occupational-page'),
};
const load = (PAGES[impl] ?? (() => import('./engine-page')))();
void load.then(({ Page }) =>
  createRoot(document.getElementById('root')!).render(
    <Mounted>
      <Page impl={impl} />
    </Mounted>,
  ),
);
