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
import { checkSteps } from './check-steps';
import { CheckContext, type CheckRegistries } from './context';
import { sortErrors } from './format';

export function checkLoaded(loaded: LoadResult, registries: CheckRegistries, metaSchema: object): ConfigError[] {
  const ctx = new CheckContext(loaded.config, registries);
  const meta = compileMeta(metaSchema);
  checkMeta(ctx, meta);
  // With a file that does not parse, cross-file checks would only echo it
  // (every step it defines would be "unknown"): report syntax first.
  if (loaded.errors.length === 0) {
    checkSteps(ctx, new PropsChecker());
    checkSchemas(ctx, meta.bank);
    checkUnusedMessages(ctx);
  }
  return dedupe(sortErrors([...loaded.errors, ...ctx.errors]));
}

function dedupe(errors: ConfigError[]): ConfigError[] {
  const seen = new Set<string>();
  return errors.filter((e) => {
    const k = `${e.file}:${e.line}:${e.column}:${e.message}`;
    if (seen.has(k)) return false;
    seen.add(k);
    return true;
  });
}
