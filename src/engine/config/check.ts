/**
 * checkConfig(rootDir): load + check everything, all errors at once (Node).
 *
 * The meta schema is always the engine's own `schemas/meta/flow.schema.json`
 * (this repository), not rootDir's: the format belongs to the engine.
 * Screen props schemas, by contrast, come from the registries.
 * Registries: the argument, else `src/app/registries.node.ts`
 * (`appRegistriesFor(rootDir)`), else `src/app/registries.ts` (`appRegistries`),
 * else calls from src/contract/calls.ts + rootDir's schemas/meta/screens/*.json
 * with widgets, effects and app functions unchecked (and a note saying so).
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { CALL_NAMES } from '../../contract/calls';
import type { ConfigError, Registries } from '../types';
import type { LoadedConfig } from './assemble';
import { checkLoaded } from './check-loaded';
import type { CheckRegistries } from './context';
import { loadConfig } from './load';

export { formatErrors, sortErrors } from './format';

const REPO_ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../../..');
export const META_SCHEMA_PATH = join(REPO_ROOT, 'schemas/meta/flow.schema.json');

export interface CheckResult {
  config: LoadedConfig;
  errors: ConfigError[];
  /** Things the user should know about the check itself (e.g. registries fallback). */
  notes: string[];
}

export async function checkConfig(rootDir: string, registries?: Registries): Promise<CheckResult> {
  const notes: string[] = [];
  const reg: CheckRegistries = registries ?? (await defaultRegistries(rootDir, notes));
  const loaded = loadConfig(rootDir);
  const meta = JSON.parse(readFileSync(META_SCHEMA_PATH, 'utf8')) as object;
  return { config: loaded.config, errors: checkLoaded(loaded, reg, meta), notes };
}

async function defaultRegistries(rootDir: string, notes: string[]): Promise<CheckRegistries> {
  const nodeFile = join(REPO_ROOT, 'src/app/registries.node.ts');
  if (existsSync(nodeFile)) {
    // Screens from rootDir's schemas/meta/screens (the app's own reader).
    const mod = (await import(pathToFileURL(nodeFile).href)) as { appRegistriesFor?: (dir: string) => Registries };
    if (mod.appRegistriesFor) return mod.appRegistriesFor(rootDir);
  }
  const appFile = join(REPO_ROOT, 'src/app/registries.ts');
  if (existsSync(appFile)) {
    const mod = (await import(pathToFileURL(appFile).href)) as { appRegistries?: Registries };
    if (mod.appRegistries) return mod.appRegistries;
    notes.push('src/app/registries.ts exports no appRegistries; using fallback registries');
  } else {
    notes.push('src/app/registries.ts not found: widgets, effects and app functions were not checked');
  }
  return { ...fallbackRegistries(rootDir), unchecked: ['widgets', 'effects', 'functions'] };
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
