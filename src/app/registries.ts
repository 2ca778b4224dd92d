/**
 * What the config checker needs from this app (Registries of src/engine/types.ts):
 * every call, screen kind, widget, effect and function name config may use.
 *
 * Imports no React and no CSS: importable from Node (server, check-config) and
 * from the browser. Screen props schemas live in schemas/meta/screens/<kind>.json;
 * in Node they are read from disk on first access of `appRegistries.screens`
 * (via process.getBuiltinModule, so this file has no static `node:` import and
 * bundles for the browser, where `screens` is {} — the browser never checks config).
 * `loadScreenSchemas(dir)` / registries.node.ts read another config directory.
 */
import { CALL_NAMES } from '../contract/calls';
import type { Registries } from '../engine/types';
import { effectOutcomes } from './effects/manifest';
import { APP_FUNCTION_NAMES } from './functions';
import { WIDGET_NAMES } from '../widgets/form/widget-names';
import { BUILTIN_FUNCTION_NAMES } from '../engine/expr/functions';

type NodeFs = { readdirSync(p: string): string[]; readFileSync(p: string, enc: 'utf8'): string; existsSync(p: string): boolean };
type NodePath = { join(...p: string[]): string; resolve(...p: string[]): string };

function nodeModules(): { fs: NodeFs; path: NodePath; cwd: string } | null {
  const proc = (globalThis as { process?: { getBuiltinModule?: (id: string) => unknown; cwd?: () => string; versions?: { node?: string } } }).process;
  if (!proc?.versions?.node || typeof proc.getBuiltinModule !== 'function' || !proc.cwd) return null;
  return { fs: proc.getBuiltinModule('node:fs') as NodeFs, path: proc.getBuiltinModule('node:path') as NodePath, cwd: proc.cwd() };
}

/**
 * kind → props JSON Schema from `<configDir>/schemas/meta/screens/*.json`
 * (configDir default: $CONFIG_DIR or the working directory). {} outside Node.
 */
export function loadScreenSchemas(configDir?: string): Record<string, object> {
  const m = nodeModules();
  if (!m) return {};
  const env = (globalThis as { process?: { env?: Record<string, string | undefined> } }).process?.env ?? {};
  const root = m.path.resolve(m.cwd, configDir ?? env.CONFIG_DIR ?? '.');
  let dir = m.path.join(root, 'schemas/meta/screens');
  // A fixture config dir may hold flows/ and schemas/forms only: fall back to the repo's kinds.
  if (!m.fs.existsSync(dir)) dir = m.path.join(m.cwd, 'schemas/meta/screens');
  if (!m.fs.existsSync(dir)) return {};
  const out: Record<string, object> = {};
  for (const f of m.fs.readdirSync(dir).sort()) {
    if (!f.endsWith('.json')) continue;
    out[f.slice(0, -5)] = JSON.parse(m.fs.readFileSync(m.path.join(dir, f), 'utf8')) as object;
  }
  return out;
}

/** Registries for a config directory (screens read from its schemas/meta/screens). */
export function makeAppRegistries(screens: Record<string, object>): Registries {
  return {
    calls: [...CALL_NAMES],
    screens,
    widgets: [...WIDGET_NAMES],
    effects: effectOutcomes,
    // The engine's built-ins plus the app's (the checker may add the built-ins itself; duplicates are harmless).
    functions: [...new Set([...BUILTIN_FUNCTION_NAMES, ...APP_FUNCTION_NAMES])],
  };
}

let screensCache: Record<string, object> | undefined;

/** The app's registries; `screens` is read lazily (Node only). */
export const appRegistries: Registries = {
  ...makeAppRegistries({}),
  get screens() {
    screensCache ??= loadScreenSchemas();
    return screensCache;
  },
} as Registries;
