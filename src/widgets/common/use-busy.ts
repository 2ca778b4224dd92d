import { useCallback, useEffect, useRef, useState } from 'react';

/**
 * Guards an async action against double taps: while one run is in flight,
 * further calls are ignored and `busy` is true (buttons show loading).
 */
export function useBusy(): [boolean, (run: () => Promise<unknown>) => Promise<void>] {
  const [busy, setBusy] = useState(false);
  const inFlight = useRef(false);
  const mounted = useRef(true);
  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);
  const guard = useCallback(async (run: () => Promise<unknown>) => {
    if (inFlight.current) return;
    inFlight.current = true;
    setBusy(true);
    try {
      await run();
    } finally {
      inFlight.current = false;
      if (mounted.current) setBusy(false);
    }
  }, []);
  return [busy, guard];
}
