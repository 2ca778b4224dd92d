/**
 * Settings of /readyz, the overload guard and /metrics (docs/deploy.md「健康检查与监控」). The defaults
 * are generous on purpose: a busy 2-core machine (CI running browsers beside the server) must not be
 * told it is overloaded; they are there to shed load before requests time out, not to tune latency.
 */
import v8 from 'node:v8';

export interface MonitoringConfig {
  /** METRICS_TOKEN: bearer for GET /metrics; empty = only from loopback without a proxy's X-Forwarded-For. */
  metricsToken: string;
  /** READYZ_DB_TIMEOUT_MS (1000): how long /readyz waits for the database's answer. */
  readyDbTimeoutMs: number;
  /** OVERLOAD_MAX_EVENT_LOOP_DELAY_MS (2000; 0 = off): mean event-loop delay per second above which (3 s in a row) requests get 503. */
  maxEventLoopDelayMs: number;
  /** OVERLOAD_MAX_HEAP_MB (0.9 × V8's heap limit; 0 = off): heap used above which requests get 503. */
  maxHeapUsedBytes: number;
  /** SHUTDOWN_DRAIN_MS (0): on SIGTERM, how long /readyz answers 503 while requests are still served, before closing. */
  shutdownDrainMs: number;
}

const int = (v: string | undefined, d: number) => (v === undefined || v.trim() === '' || !Number.isFinite(Number(v)) ? d : Math.max(0, Number(v)));

export function monitoringOf(env: NodeJS.ProcessEnv): MonitoringConfig {
  const heapLimitMb = Math.floor((v8.getHeapStatistics().heap_size_limit / 1_048_576) * 0.9);
  return {
    metricsToken: (env.METRICS_TOKEN ?? '').trim(),
    readyDbTimeoutMs: int(env.READYZ_DB_TIMEOUT_MS, 1000) || 1000,
    maxEventLoopDelayMs: int(env.OVERLOAD_MAX_EVENT_LOOP_DELAY_MS, 2000),
    maxHeapUsedBytes: int(env.OVERLOAD_MAX_HEAP_MB, heapLimitMb) * 1_048_576,
    shutdownDrainMs: Math.min(int(env.SHUTDOWN_DRAIN_MS, 0), 8000),
  };
}
