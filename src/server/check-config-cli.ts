/**
 * npm run check-config [configDir]: every config error as `file:line:column  message`; exit 1 on any.
 * The directory is the argument, else CONFIG_DIR, else the working directory — as the server reads it.
 */
import { resolve } from 'node:path';
import { checkConfig, formatErrors } from '../engine/config/check';
import { registriesFor } from './config-registries';

const root = resolve(process.argv[2] ?? process.env.CONFIG_DIR ?? '.');
const { config, errors, notes } = await checkConfig(root, registriesFor(root));
for (const n of notes) console.error(`note: ${n}`);
if (errors.length) {
  console.error(formatErrors(errors));
  console.error(`${errors.length} config error${errors.length === 1 ? '' : 's'} in ${root}`);
  process.exit(1);
}
console.log(`config OK (${root}): ${Object.keys(config.flows).length} flows, ${Object.keys(config.steps).length} steps, ${Object.keys(config.schemas).length} schemas`);
