/** A thin bar at the top of the page while any call (without noLoading) is in flight. CSS only. */
import { useSyncExternalStore } from 'react';
import { loading } from './api/loading';

export function ProgressBar() {
  const n = useSyncExternalStore(loading.subscribe, loading.count, loading.count);
  return <div className={`cf-progress${n > 0 ? ' cf-progress--on' : ''}`} role="progressbar" aria-hidden={n === 0} data-active={n > 0 ? '1' : '0'} />;
}
