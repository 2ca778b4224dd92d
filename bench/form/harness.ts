/**
 * In-page keystroke timers, one sample per key:
 * - `paint`: keydown (window, capture: before any handler) → just after the next
 *   paint. A requestAnimationFrame callback runs right before the frame is
 *   produced; a MessageChannel message posted from it runs after that frame.
 * - `work`: keydown → the end of the `input` event's JavaScript, React's
 *   render and commit included. React flushes a discrete update in a microtask
 *   queued while its root listener runs; our window-level bubble listener
 *   queues its microtask after it, so it runs after React's commit.
 * Paint latency includes the browser's frame scheduling, which CPU throttling
 * makes jittery (see docs/benchmarks-forms.md: a bare <input> page calibrates it).
 */
export interface KeySample {
  paint: number;
  work: number;
}

export interface BenchWindow {
  __samples: KeySample[];
  __mountMs?: number;
  /** Navigation start → the mount's last DOM change (a long form draws rows after its first frame). */
  __settledMs?: number;
  __waitForSamples(n: number): Promise<void>;
}

export function installKeystrokeTimer(): void {
  const w = window as unknown as BenchWindow;
  const samples: KeySample[] = [];
  const waiters: Array<[number, () => void]> = [];
  w.__samples = samples;
  w.__waitForSamples = (n) =>
    new Promise((resolve) => {
      if (samples.length >= n) resolve();
      else waiters.push([n, resolve]);
    });
  let t0 = 0;
  let work = NaN;
  window.addEventListener(
    'keydown',
    () => {
      const start = performance.now();
      t0 = start;
      work = NaN;
      requestAnimationFrame(() => {
        const ch = new MessageChannel();
        ch.port1.onmessage = () => {
          samples.push({ paint: performance.now() - start, work });
          for (let i = waiters.length - 1; i >= 0; i--) {
            if (samples.length >= waiters[i][0]) waiters.splice(i, 1)[0][1]();
          }
        };
        ch.port2.postMessage(0);
      });
    },
    true,
  );
  window.addEventListener('input', () => {
    queueMicrotask(() => {
      work = performance.now() - t0;
    });
  });
}
