/**
 * Screen kinds' props schemas: `<configDir>/schemas/meta/screens/<kind>.json`
 * (Node). A config directory without its own kinds (a test fixture holding
 * flows/ and schemas/forms only) gets the engine's, this repository's.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { REPO_ROOT } from './repo-root';

export function loadScreenSchemas(configDir: string): Record<string, object> {
  let dir = join(configDir, 'schemas/meta/screens');
  if (!existsSync(dir)) dir = join(REPO_ROOT, 'schemas/meta/screens');
  if (!existsSync(dir)) return {};
  const out: Record<string, object> = {};
  for (const f of readdirSync(dir).sort()) {
    if (!f.endsWith('.json')) continue;
    out[f.slice(0, -5)] = JSON.parse(readFileSync(join(dir, f), 'utf8')) as object;
  }
  return out;
}
