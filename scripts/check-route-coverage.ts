/**
 * npm test, after the browser suite: every route of flows/ must have been
 * opened by a browser test (tests/browser/helpers/route-walk.ts records what
 * each phone showed and sent), and a step that makes calls (on entry or on an
 * event) must have sent at least one of them from its own route — the effect,
 * not only the screen. No route is exempt. Exit 1 with the list otherwise.
 */
import fs from 'node:fs';
import path from 'node:path';
import { checkConfig } from '../src/engine/config/check';
import { registriesFor } from '../src/server/config-registries.js';
import type { Action } from '../src/engine/types';
import { WALK_DIR, type WalkRecord } from '../tests/browser/helpers/route-walk';

const root = path.resolve(process.argv[2] ?? '.');
const { config, errors } = await checkConfig(root, registriesFor(root));
if (errors.length) {
  console.error('route coverage: the config does not load; run npm run check-config');
  process.exit(1);
}

/** Every call name an action list can make, however deeply nested. */
function callsIn(node: unknown, out = new Set<string>()): Set<string> {
  if (Array.isArray(node)) for (const a of node) callsIn(a, out);
  else if (node && typeof node === 'object') {
    const a = node as Record<string, unknown>;
    if (typeof a.call === 'string') out.add(a.call);
    for (const v of Object.values(a)) if (v && typeof v === 'object') callsIn(v, out);
  }
  return out;
}

const records: WalkRecord[] = fs.existsSync(WALK_DIR)
  ? fs
      .readdirSync(WALK_DIR)
      .filter((f) => f.endsWith('.jsonl'))
      .flatMap((f) => fs.readFileSync(path.join(WALK_DIR, f), 'utf8').split('\n').filter(Boolean).map((l) => JSON.parse(l) as WalkRecord))
  : [];
const norm = (r: string) => r.toLowerCase();
const opened = new Map<string, Set<string>>();
const sent = new Map<string, Set<string>>();
for (const r of records) {
  const key = norm(r.route);
  if (!opened.has(key)) opened.set(key, new Set());
  opened.get(key)!.add(r.file);
  if (r.call) {
    if (!sent.has(key)) sent.set(key, new Set());
    sent.get(key)!.add(r.call);
  }
}

const missing: string[] = [];
let routes = 0;
for (const [id, step] of Object.entries(config.steps)) {
  const s = step as { route?: string; aliases?: string[]; load?: Action[]; on?: Record<string, Action[]> };
  if (!s.route) continue;
  for (const route of [s.route, ...(s.aliases ?? [])]) {
    routes++;
    if (!opened.has(norm(route))) {
      missing.push(`${route} (${id}): no browser test opens it`);
      continue;
    }
    if (route !== s.route) continue; // an alias only has to land
    const own = callsIn([s.load ?? [], Object.values(s.on ?? {})]);
    if (own.size === 0) continue;
    const seen = sent.get(norm(route)) ?? new Set();
    if (![...own].some((c) => seen.has(c))) missing.push(`${route} (${id}): opened, but none of its calls (${[...own].join(', ')}) was ever sent from it`);
  }
}

if (missing.length) {
  console.error(`route coverage: ${missing.length} of ${routes} routes not walked\n  ${missing.join('\n  ')}`);
  process.exit(1);
}
console.log(`route coverage: all ${routes} routes opened by a browser test, each with its calls (${records.length} records)`);
