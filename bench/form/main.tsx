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

/** Records navigation start → the first paint after the form mounted. */
function Mounted({ children }: { children: React.ReactNode }) {
  useEffect(() => {
    requestAnimationFrame(() => setTimeout(() => ((window as unknown as BenchWindow).__mountMs = performance.now())));
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
