import { createContext, useContext } from 'react';
import type { AppRuntime } from './boot';

export const RuntimeContext = createContext<AppRuntime | null>(null);

export function useRuntime(): AppRuntime {
  const r = useContext(RuntimeContext);
  if (!r) throw new Error('RuntimeContext missing');
  return r;
}
