/**
 * Validates each flows/*.yaml against schemas/meta/flow.schema.json and maps
 * Ajv errors to the admin's words (Chinese, words.ts) at the YAML position of
 * the offending node. Action objects are left to check-actions (clearer messages than a
 * 15-way oneOf): the copy compiled here accepts any action list item.
 */
import Ajv, { type ErrorObject, type ValidateFunction } from 'ajv';
import { APP_FILE, MESSAGES_FILE } from './assemble';
import type { CheckContext } from './context';
import { pathWords } from './place-words';
import { suggest } from './suggest';
import type { PathSeg } from './source';
import { about, alternativesWords, kindWords, oneOfValues, patternWords, shown } from './words';
import { localizeZh } from '../schema/localize';

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

/** The place in words (a step's, or `"session" 的 "user"`); the error's `raw` keeps the path. */
function label(ctx: CheckContext, file: string, path: PathSeg[]): string {
  if (file !== APP_FILE && file !== MESSAGES_FILE && path[0] === 'steps' && path.length >= 2) return ctx.at(String(path[1]), path.slice(2));
  return pathWords(path);
}

/** The admin's words for one Ajv error; `at` names the place (`步骤 "X" 的页面设置 "tabs"`). */
export function describeAjvError(e: ErrorObject, at: string, path: PathSeg[]): { text: string; path: PathSeg[]; key?: boolean } {
  const params = e.params as Record<string, unknown>;
  const limit = params.limit as number;
  const say = (what: string) => ({ text: `${at}：${what}`, path });
  switch (e.keyword) {
    case 'additionalProperties': {
      const k = params.additionalProperty as string;
      const known = Object.keys((e.parentSchema as { properties?: object })?.properties ?? {});
      return { text: `${at}：不认识的键 "${k}"${suggest(k, known)}`, path: [...path, k], key: true };
    }
    case 'required':
      // At the key of the object that lacks it (`A:`), not at its first child.
      return { text: `${at}：缺少必须写的键 "${params.missingProperty as string}"`, path, key: path.length > 0 };
    case 'type':
      return say(`应该是${kindWords(String(params.type))}${shown(e.data)}${about(e.parentSchema)}`);
    case 'enum':
      return say(`应该是 ${oneOfValues(params.allowedValues as unknown[])}`);
    case 'const':
      return say(`应该是 ${JSON.stringify(params.allowedValue)}`);
    case 'anyOf':
    case 'oneOf':
      return say(`应该是${alternativesWords(e.parentSchema)}${shown(e.data)}${about(e.parentSchema)}`);
    case 'pattern':
      return say(patternWords(params.pattern as string));
    case 'propertyNames': {
      const name = params.propertyName as string;
      const rule = (e.schema as { pattern?: unknown } | undefined)?.pattern;
      return { text: `${at}：名字 "${name}" 不能用${typeof rule === 'string' ? `（${patternWords(rule)}）` : ''}`, path: [...path, name], key: true };
    }
    case 'minLength':
      return say(limit <= 1 ? '不能是空的' : `至少要 ${limit} 个字`);
    case 'maxLength':
      return say(`最多 ${limit} 个字`);
    case 'minItems':
      return say(limit <= 1 ? '列表里至少要有一项' : `列表里至少要有 ${limit} 项`);
    case 'maxItems':
      return say(`列表里最多 ${limit} 项`);
    case 'minimum':
      return say(`不能小于 ${limit}${shown(e.data)}`);
    case 'maximum':
      return say(`不能大于 ${limit}${shown(e.data)}`);
    case 'exclusiveMinimum':
      return say(`要大于 ${limit}${shown(e.data)}`);
    case 'exclusiveMaximum':
      return say(`要小于 ${limit}${shown(e.data)}`);
    default: {
      // The rest (rare in the flow format): ajv-i18n's Chinese text.
      const [zh] = localizeZh([{ ...e }]);
      return say(zh.message ?? e.keyword);
    }
  }
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
      const m = describeAjvError(e, label(ctx, src.file, path), path);
      ctx.error(src.file, m.path, m.text, { key: m.key });
    }
  }
}
