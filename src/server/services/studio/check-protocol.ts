/** What the studio's check pool (check-pool.ts) and its worker (check-worker.ts) send each other. */
import type { LoadedConfig } from '../../../engine/config/assemble';
import type { ConfigError, Registries } from '../../../engine/types';

export interface CheckRequest {
  id: number;
  files: Record<string, string>;
  registries: Registries;
}

/** The checked config without `sources` (not cloneable), or the message of an exception the check threw. */
export type CheckAnswer = { id: number; config: Omit<LoadedConfig, 'sources'>; errors: ConfigError[] } | { id: number; failed: string };
