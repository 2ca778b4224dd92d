/** In-flight counter for the top progress bar (calls without noLoading). */
type Listener = () => void;

export interface LoadingTracker {
  start(): () => void;
  count(): number;
  subscribe(l: Listener): () => void;
}

export function createLoadingTracker(): LoadingTracker {
  let n = 0;
  const ls = new Set<Listener>();
  const emit = () => ls.forEach((l) => l());
  return {
    start() {
      n += 1;
      emit();
      let done = false;
      return () => {
        if (done) return;
        done = true;
        n -= 1;
        emit();
      };
    },
    count: () => n,
    subscribe(l) {
      ls.add(l);
      return () => ls.delete(l);
    },
  };
}

/** The page's tracker (the ProgressBar component reads it). */
export const loading = createLoadingTracker();
