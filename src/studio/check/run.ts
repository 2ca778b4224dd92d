/**
 * One check of a whole draft, as the server makes it on publish: the engine's
 * React-free checker (checkConfigFiles) on every file, plus what the studio
 * shows from the checked config (the flow graph, the names completion offers).
 * Plain data out: it crosses from the check worker.
 */
import { checkConfigFiles } from '../../engine/config/check-files';
import type { StudioCheckContextRes, StudioConfigError, StudioFiles } from '../../contract/api/studio';
import { buildFlowGraph, type FlowGraph } from '../graph/build';
import { vocabularyOf, type Vocabulary } from '../editor/vocabulary';

export interface CheckOutcome {
  errors: StudioConfigError[];
  graph: FlowGraph;
  vocab: Vocabulary;
  /** How long the check took (ms). */
  ms: number;
}

export type CheckInput = Pick<StudioCheckContextRes, 'registries' | 'meta'>;

export function runCheck(files: StudioFiles, ctx: CheckInput): CheckOutcome {
  const t0 = Date.now();
  const { config, errors } = checkConfigFiles(files, ctx.registries, ctx.meta);
  return {
    errors: errors.map(({ file, line, column, message }) => ({ file, line, column, message })),
    graph: buildFlowGraph(config, ctx.registries.screens),
    vocab: vocabularyOf(config, ctx.registries),
    ms: Date.now() - t0,
  };
}
