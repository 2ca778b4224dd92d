/**
 * One check of a whole draft, as the server makes it on publish: the engine's
 * React-free checker (checkConfigFiles) on every file, plus what the studio
 * shows from the checked config (the flow graph, the names completion offers).
 * Plain data out: it crosses from the check worker.
 */
import { checkConfigFiles } from '../../engine/config/check-files';
import type { LoadedConfig } from '../../engine/config/assemble';
import type { StudioCheckContextRes, StudioConfigError, StudioFiles } from '../../contract/api/studio';
import { buildFlowGraph, type FlowGraph } from '../graph/build';
import { vocabularyOf, type Vocabulary } from '../editor/vocabulary';

export interface CheckOutcome {
  errors: StudioConfigError[];
  graph: FlowGraph;
  vocab: Vocabulary;
  /** How long the check took (ms). */
  ms: number;
  /** The checked config as /app-config.json serves it, plus the draft's form schemas (the live phone preview renders it). */
  preview: PreviewConfig;
}

/** The served shape (src/server/plugins/app-config.ts servedConfig) + schemas by path below schemas/. */
export interface PreviewConfig {
  app: LoadedConfig['app'];
  messages: LoadedConfig['messages'];
  steps: LoadedConfig['steps'];
  schemas: LoadedConfig['schemas'];
}

export type CheckInput = Pick<StudioCheckContextRes, 'registries' | 'meta'>;

export function runCheck(files: StudioFiles, ctx: CheckInput): CheckOutcome {
  const t0 = Date.now();
  const { config, errors } = checkConfigFiles(files, ctx.registries, ctx.meta);
  return {
    errors: errors.map(({ file, line, column, message, raw }) => ({ file, line, column, message, ...(raw ? { raw } : {}) })),
    graph: buildFlowGraph(config, ctx.registries.screens),
    vocab: vocabularyOf(config, ctx.registries),
    ms: Date.now() - t0,
    preview: { app: config.app, messages: config.messages, steps: config.steps, schemas: config.schemas },
  };
}
