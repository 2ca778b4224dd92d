/**
 * Validates each flows/*.yaml against schemas/meta/flow.schema.json and maps
 * Ajv errors to plain-English messages at the YAML position of the offending
 * node. Action objects are left to check-actions (clearer messages than a
 * 15-way oneOf): the copy compiled here accepts any action list item.
 */
import Ajv, { type ErrorObject, type ValidateFunction } from 'ajv';
import { APP_FILE, MESSAGES_FILE } from './assemble';
import type { CheckContext } from './context';
import { where } from './context';
import { suggest } from './suggest';
import type { PathSeg } from './source';


export interface MetaValidators {
  flow: ValidateFunction;
  app: ValidateFunction;
  messages: ValidateFunction;
  /** schemas/questionnaires/*.json */
  bank: ValidateFunction;
}

export function compileMeta(metaSchema: object): MetaValidators {
  // Own Ajv: `verbose` gives parentSchema for "did you mean" hints.
  const ajv = new Ajv({ allErrors: true, strict: false, verbose: true });
  const copy = structuredClone(metaSchema) as { definitions?: Record<string, Record<string, unknown>> };
  if (copy.definitions?.ActionList) copy.definitions.ActionList = { ...copy.definitions.ActionList, items: {} };
  ajv.addSchema(copy, 'flow.schema.json');
  const get = (def: string) => {
    const v = ajv.getSchema(`flow.schema.json#/definitions/${def}`);
    if (!v) throw new Error(`meta schema has no definition "${def}"`);
    return v;
  };
  return { flow: get('FlowFile'), app: get('AppFile'), messages: get('MessagesFile'), bank: get('QuestionBank') };
}

export function pathOf(instancePath: string): PathSeg[] {
  if (!instancePath) return [];
  return instancePath.slice(1).split('/').map((s) => {
    const u = s.replace(/~1/g, '/').replace(/~0/g, '~');
    return /^\d+$/.test(u) ? Number(u) : u;
  });
}

function label(file: string, path: PathSeg[]): string {
  if (file !== APP_FILE && file !== MESSAGES_FILE && path[0] === 'steps' && path.length >= 2) return where(String(path[1]), path.slice(2));
  return path.length ? `"${path.join('.')}"` : 'file';
}

/** Plain-English text for one Ajv error; `at` names the place (`step "X" at props.tabs`). */
export function describeAjvError(e: ErrorObject, at: string, path: PathSeg[]): { text: string; path: PathSeg[]; key?: boolean } {
  switch (e.keyword) {
    case 'additionalProperties': {
      const k = (e.params as { additionalProperty: string }).additionalProperty;
      const allowed = Object.keys((e.parentSchema as { properties?: object })?.properties ?? {});
      return { text: `${at}: unknown key "${k}"${suggest(k, allowed)}`, path: [...path, k], key: true };
    }
    case 'required':
      // At the key of the object that lacks it (`A:`), not at its first child.
      return { text: `${at}: missing required key "${(e.params as { missingProperty: string }).missingProperty}"`, path, key: path.length > 0 };
    case 'type':
      return { text: `${at}: must be ${kindWords(String((e.params as { type: string }).type))}${shown(e.data)}${about(e.parentSchema)}`, path };
    case 'enum':
      return { text: `${at}: must be one of ${((e.params as { allowedValues: unknown[] }).allowedValues).map((v) => JSON.stringify(v)).join(', ')}`, path };
    case 'pattern': {
      const p = (e.params as { pattern: string }).pattern;
      if (p === '^/') return { text: `${at}: a route path must start with "/"`, path };
      return { text: `${at}: must match ${p}`, path };
    }
    case 'propertyNames':
      return { text: `${at}: invalid name "${(e.params as { propertyName: string }).propertyName}"`, path: [...path, (e.params as { propertyName: string }).propertyName], key: true };
    default:
      return { text: `${at}: ${e.message ?? e.keyword}`, path };
  }
}

const KIND_WORDS: Record<string, string> = {
  number: 'a number', integer: 'a whole number', string: 'a text', boolean: 'true or false',
  array: 'a list', object: 'a map of keys', null: 'empty (null)',
};

/** `number,string` → `a number or a text`. */
export function kindWords(types: string): string {
  return types.split(',').map((t) => KIND_WORDS[t] ?? t).join(' or ');
}

/** `, not "5s"` for a short value (verbose Ajv gives the data). */
export function shown(data: unknown): string {
  if (data === undefined) return '';
  const j = JSON.stringify(data);
  return j !== undefined && j.length <= 40 ? `, not ${j}` : '';
}

/** ` (what it is: …)` from the schema's description, when it has one. */
export function about(schema: unknown): string {
  const d = (schema as { description?: unknown } | undefined)?.description;
  return typeof d === 'string' && d ? ` (${d})` : '';
}

/** How one branch of an anyOf/oneOf reads: `an =expression`, `a number`, `one of "a", "b"`. */
export function branchWords(s: unknown): string {
  const b = (s ?? {}) as { type?: unknown; pattern?: string; enum?: unknown[]; const?: unknown };
  if (b.pattern === '^=') return 'an =expression';
  if (Array.isArray(b.enum)) return `one of ${b.enum.map((v) => JSON.stringify(v)).join(', ')}`;
  if (b.const !== undefined) return JSON.stringify(b.const);
  if (b.type !== undefined) return kindWords(String(b.type));
  return 'another form';
}

export function checkMeta(ctx: CheckContext, meta: MetaValidators): void {
  for (const src of Object.values(ctx.config.sources)) {
    if (!src.file.startsWith('flows/') || src.errors.length) continue;
    const v = src.file === APP_FILE ? meta.app : src.file === MESSAGES_FILE ? meta.messages : meta.flow;
    if (v(src.value)) continue;
    for (const e of v.errors ?? []) {
      if (e.keyword === 'propertyNames' && e.params && !(e.params as { propertyName?: string }).propertyName) continue;
      if (e.keyword === 'pattern' && /propertyNames/.test(e.schemaPath)) continue; // reported via propertyNames
      const path = pathOf(e.instancePath);
      const m = describeAjvError(e, label(src.file, path), path);
      ctx.error(src.file, m.path, m.text, { key: m.key });
    }
  }
}
