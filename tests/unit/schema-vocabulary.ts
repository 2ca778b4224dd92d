/**
 * The schema-vocabulary fixtures (tests/fixtures/schema-vocabulary: ordinary
 * JSON Schema as others write it) and the config checker run on one of them,
 * placed as schemas/forms/x.json in an otherwise clean config.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { formatErrors, META_SCHEMA_PATH } from '../../src/engine/config/check';
import { assembleConfig, checkLoaded, parseSource } from '../../src/engine/config';
import { WIDGET_NAMES } from '../../src/engine/form/widget-names';
import { fixtureRegistries } from '../fixtures/registries';

export const VOCABULARY_DIR = join(import.meta.dirname, '../fixtures/schema-vocabulary');
const meta = JSON.parse(readFileSync(META_SCHEMA_PATH, 'utf8')) as object;
const APP = 'start: A\nlogin: A\nsession:\n  user: { type: object }\n';
const MSG = 'messages:\n  hi: 你好\n';
const FLOW = 'flow: f\nsteps:\n  A: { route: /a, auth: false, screen: html }\n';

/** The checker's lines (`line:column  reason`) for one schema text. */
export function check(text: string): string[] {
  const files = { 'flows/app.yaml': APP, 'flows/messages.yaml': MSG, 'flows/f.yaml': FLOW, 'schemas/forms/x.json': text };
  const loaded = assembleConfig(Object.entries(files).map(([f, t]) => parseSource(f, t)));
  const errors = checkLoaded(loaded, { ...fixtureRegistries, widgets: [...WIDGET_NAMES], messages: undefined }, meta);
  return formatErrors(errors).split('\n').filter(Boolean).map((l) => l.replace(/^schemas\/forms\/x\.json:/, ''));
}

export const fixture = (name: string): string => readFileSync(join(VOCABULARY_DIR, `${name}.json`), 'utf8');
export const fixtureNames = (): string[] => readdirSync(VOCABULARY_DIR).filter((f) => f.endsWith('.json')).map((f) => f.replace(/\.json$/, '')).sort();
