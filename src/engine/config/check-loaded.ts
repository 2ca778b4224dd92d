/**
 * The whole check over an already loaded config. Pure: no Node built-ins
 * (the meta schema and registries are passed in).
 */
import type { ConfigError } from '../types';
import type { LoadResult } from './assemble';
import { checkMeta, compileMeta } from './check-meta';
import { PropsChecker } from './check-props';
import { checkSchemas } from './check-schemas';
import { checkUnusedMessages } from './check-messages';
import { checkQuestionnaires } from './check-questionnaires';
import { checkSteps } from './check-steps';
import { CheckContext, STEP_PREFIX, type CheckRegistries } from './context';
import { checkSessionTypes } from './type-env';
import { sortErrors } from './format';

export function checkLoaded(loaded: LoadResult, registries: CheckRegistries, metaSchema: object): ConfigError[] {
  const ctx = new CheckContext(loaded.config, registries);
  const meta = compileMeta(metaSchema);
  checkMeta(ctx, meta);
  // With a file that does not parse, cross-file checks would only echo it
  // (every step it defines would be "unknown"): report syntax first.
  if (loaded.errors.length === 0) {
    // Session key types first: every expression reading session is typed by them.
    checkSessionTypes(ctx.config.app, ctx.types, (file, path, message) => ctx.error(file, path, message));
    checkSteps(ctx, new PropsChecker());
    checkSchemas(ctx, meta.bank);
    checkQuestionnaires(ctx);
    checkUnusedMessages(ctx);
  }
  return dedupe(sortErrors([...loaded.errors, ...ctx.errors]));
}

/**
 * One report per mistake: the same message at the same place once, and a
 * mistake inside a YAML anchor (`&choosePackage`) that several steps reuse
 * (`*choosePackage`) once, at the anchor, naming the other steps.
 */
const ALIAS_NOTE = /（通过 YAML 别名，步骤 [^）]*也用到这里）$/;

function dedupe(errors: ConfigError[]): ConfigError[] {
  const byPlace = new Map<string, { first: ConfigError; steps: string[] }>();
  const out: ConfigError[] = [];
  for (const e of errors) {
    const step = STEP_PREFIX.exec(e.message)?.[1];
    // The same node through another step's alias: the same path as written and the
    // same reason; the place's words may differ (a button's text names the event).
    const k = `${e.file}:${e.line}:${e.column}:${e.raw ?? ''}:${step ? e.message.slice(e.message.indexOf('：') + 1) : e.message}`;
    const seen = byPlace.get(k);
    if (!seen) {
      const entry = { first: { ...e }, steps: [] as string[] };
      byPlace.set(k, entry);
      out.push(entry.first);
    } else if (step && !seen.steps.includes(step) && STEP_PREFIX.exec(seen.first.message)?.[1] !== step) {
      seen.steps.push(step);
      seen.first.message = `${seen.first.message.replace(ALIAS_NOTE, '')}（通过 YAML 别名，步骤 ${seen.steps.join('、')} 也用到这里）`;
    }
  }
  return out;
}
