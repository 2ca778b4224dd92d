/**
 * Load + check a config given as files in memory: path (relative to the
 * config dir, forward slashes) → text. The same code as checkConfig(rootDir)
 * (which reads the directory into such a map, read-files.ts), so positions
 * and reasons are identical; pure — no Node built-ins anywhere in its import
 * graph — because the admin studio runs it in the browser as the admin types
 * (tests/unit/engine-check-files.test.ts proves both).
 *
 * Which paths are config: flows/<name>.yaml (directly in flows/) and
 * schemas/**\/*.json except schemas/meta/ (the engine's own format) and
 * schemas/api/ (the server's own request schemas, read from its package,
 * never from the config dir). The same rule picks the files on disk.
 */
import type { ConfigError } from '../types';
import { assembleConfig, type LoadedConfig, type LoadResult } from './assemble';
import { checkLoaded } from './check-loaded';
import type { CheckRegistries } from './context';
import { parseSource, type Source } from './source';
import { compareConfigPaths, configPathProblem } from './paths';

export { NOT_CONFIG_SCHEMA_DIRS, compareConfigPaths, configPathProblem, isConfigPath } from './paths';

/** Parses and assembles the config files of `files` (other paths are reported, not read). */
export function loadConfigFiles(files: Record<string, string>): LoadResult {
  const paths = Object.keys(files).sort(compareConfigPaths);
  const misplaced: ConfigError[] = [];
  const sources: Source[] = [];
  for (const p of paths) {
    const problem = configPathProblem(p);
    if (problem) misplaced.push({ file: p, line: 1, column: 1, message: problem });
    else sources.push(parseSource(p, files[p]));
  }
  const loaded = assembleConfig(sources);
  return { config: loaded.config, errors: [...misplaced, ...loaded.errors] };
}

/**
 * The whole check of a config held in memory. `registries` say what config
 * may name (the server's registriesFor, or GET /api/studio/check-context's);
 * `meta` is the engine's schemas/meta/flow.schema.json.
 */
export function checkConfigFiles(files: Record<string, string>, registries: CheckRegistries, meta: object): { config: LoadedConfig; errors: ConfigError[] } {
  const loaded = loadConfigFiles(files);
  return { config: loaded.config, errors: checkLoaded(loaded, registries, meta) };
}
