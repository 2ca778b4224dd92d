import { useMemo } from 'react';
import { RouterProvider } from 'react-router-dom';
import type { AppRuntime } from './boot';
import { RuntimeContext } from './runtime-context';
import { createAppRouter } from './router/routes';
import { ProgressBar } from './ProgressBar';
import { SheetHost } from './SheetHost';

export function App({ runtime }: { runtime: AppRuntime }) {
  const router = useMemo(() => createAppRouter(runtime), [runtime]);
  return (
    <RuntimeContext.Provider value={runtime}>
      <ProgressBar />
      <RouterProvider router={router} />
      <SheetHost />
    </RuntimeContext.Provider>
  );
}
