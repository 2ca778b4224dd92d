import { lazy, Suspense, useSyncExternalStore } from 'react';
import type { AppRuntime } from './boot';
import { RuntimeContext } from './runtime-context';
import { AppRouter, AppRoutes } from './router/routes';
import { ProgressBar } from './ProgressBar';
import { sheetStore } from './effects/sheet-store';

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

export function App({ runtime }: { runtime: AppRuntime }) {
  return (
    <RuntimeContext.Provider value={runtime}>
      <ProgressBar />
      <AppRouter>
        <AppRoutes runtime={runtime} />
      </AppRouter>
      <Sheets />
    </RuntimeContext.Provider>
  );
}
