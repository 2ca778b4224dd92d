/**
 * checkConfig(rootDir, registries): load + check everything, all errors at once (Node):
 * the directory's config files read into a map and checked by checkConfigFiles
 * (check-files.ts, pure: what the studio runs in the browser).
 *
 * The meta schema is always the engine's own `schemas/meta/flow.schema.json`
 * (this package), not rootDir's: the format belongs to the engine.
 * Registries say which calls, screen kinds, widgets, effects and functions
 * config may name: the caller's (the server's `registriesFor`), else calls
 * from src/contract/calls.ts + rootDir's screen kinds with widgets, effects
 * and app functions unchecked (and a note saying so).
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { CALL_NAMES } from '../../contract/calls';
import type { ConfigError, Registries } from '../types';
import type { LoadedConfig } from './assemble';
import { checkConfigFiles } from './check-files';
import type { CheckRegistries } from './context';
import { readConfigFiles } from './read-files';
import { REPO_ROOT } from './repo-root';

export { formatErrors, sortErrors } from './format';
export { readConfigFiles } from './read-files';
export { checkConfigFiles } from './check-files';

export const META_SCHEMA_PATH = join(REPO_ROOT, 'schemas/meta/flow.schema.json');

export interface CheckResult {
  config: LoadedConfig;
  errors: ConfigError[];
  /** Things the user should know about the check itself (e.g. registries fallback). */
  notes: string[];
}

export async function checkConfig(rootDir: string, registries?: Registries): Promise<CheckResult> {
  const notes: string[] = [];
  let reg: CheckRegistries;
  if (registries) reg = registries;
  else {
    notes.push('没有提供注册表：控件、应用功能（invoke）和应用函数没有检查');
    reg = { ...fallbackRegistries(rootDir), unchecked: ['widgets', 'effects', 'functions'] };
  }
  // The same load + check the studio runs on a draft in memory (check-files.ts).
  const { config, errors } = checkConfigFiles(readConfigFiles(rootDir), reg, readMetaSchema());
  return { config, errors, notes };
}

/** The engine's flow format (schemas/meta/flow.schema.json of this package). */
export function readMetaSchema(): object {
  return JSON.parse(readFileSync(META_SCHEMA_PATH, 'utf8')) as object;
}

/** Calls from the contract + props schemas from rootDir/schemas/meta/screens/*.json. */
export function fallbackRegistries(rootDir: string): Registries {
  const dir = join(rootDir, 'schemas/meta/screens');
  const screens: Record<string, object> = {};
  if (existsSync(dir)) {
    for (const f of readdirSync(dir).filter((x) => x.endsWith('.json'))) {
      screens[f.replace(/\.json$/, '')] = JSON.parse(readFileSync(join(dir, f), 'utf8')) as object;
    }
  }
  return { calls: [...CALL_NAMES], screens, widgets: [], effects: {}, functions: [] };
}
