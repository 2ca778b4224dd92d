import { lazy, Suspense, useSyncExternalStore } from 'react';
import type { AppRuntime } from './boot';
import { RuntimeContext } from './runtime-context';
import { AppRouter, AppRoutes } from './router/routes';
import { ProgressBar } from './ProgressBar';
import { sheetStore } from './effects/sheet-store';
import type { BlockingHistory } from './router/history';

// Popup forms (antd-mobile Popup, react-spring) load with the first open sheet.
const SheetHost = lazy(() => import('./SheetHost').then((m) => ({ default: m.SheetHost })));

function Sheets() {
  const open = useSyncExternalStore(sheetStore.subscribe, () => sheetStore.list().length > 0, () => false);
  return open ? (
    <Suspense fallback={null}>
      <SheetHost />
    </Suspense>
  ) : null;
}

export function App({ runtime, history }: { runtime: AppRuntime; history?: BlockingHistory }) {
  return (
    <RuntimeContext.Provider value={runtime}>
      <ProgressBar />
      <AppRouter history={history}>
        <AppRoutes runtime={runtime} />
      </AppRouter>
      <Sheets />
    </RuntimeContext.Provider>
  );
}
