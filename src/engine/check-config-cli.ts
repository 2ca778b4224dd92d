/** npm run check-config [rootDir]: every config error as `file:line:column  message`; exit 1 on any. */
import { resolve } from 'node:path';
import { checkConfig, formatErrors } from './config/check';

const root = resolve(process.argv[2] ?? '.');
const { config, errors, notes } = await checkConfig(root);
for (const n of notes) console.error(`note: ${n}`);
if (errors.length) {
  console.error(formatErrors(errors));
  console.error(`${errors.length} config error${errors.length === 1 ? '' : 's'}`);
  process.exit(1);
}
console.log(`config OK: ${Object.keys(config.flows).length} flows, ${Object.keys(config.steps).length} steps, ${Object.keys(config.schemas).length} schemas`);
