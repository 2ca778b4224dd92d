/** Node-only: registries for a given config directory (CONFIG_DIR). */
import { loadScreenSchemas, makeAppRegistries } from './registries';
import type { Registries } from '../engine/types';

export function appRegistriesFor(configDir: string = process.env.CONFIG_DIR ?? process.cwd()): Registries {
  return makeAppRegistries(loadScreenSchemas(configDir));
}

export { appRegistries } from './registries';
