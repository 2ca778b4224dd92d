/** Shared state of one check run: the config, the registries and the error list. */
import { BUILTIN_FUNCTION_NAMES } from '../expr/functions';
import { checkExpr } from '../expr/check';
import type { ConfigError, Registries } from '../types';
import type { LoadedConfig } from './assemble';
import type { PathSeg } from './source';
import { unknownStepText } from './words';

/** Registries, plus which of them are unknown (not checked) when the caller gave none. */
export type CheckRegistries = Registries & { unchecked?: Array<'widgets' | 'effects' | 'functions'> };

export class CheckContext {
  readonly errors: ConfigError[] = [];
  readonly functions: string[];
  readonly sessionKeys: string[];
  readonly constants: string[];
  /** Step ids each step leads to (go, next, x-ref step props), for reachability. */
  readonly edges = new Map<string, Set<string>>();
  /** Message keys named by actions and props (plus the app's own, registries.messages). */
  readonly usedMessages = new Set<string>();
  /** Whether a step name was reported unknown (reachability would only echo it). */
  namedUnknownStep = false;

  constructor(readonly config: LoadedConfig, readonly reg: CheckRegistries) {
    this.functions = [...BUILTIN_FUNCTION_NAMES, ...reg.functions];
    this.sessionKeys = Object.keys(config.app.session ?? {});
    this.constants = Object.keys(config.app.constants ?? {});
  }

  unchecked(what: 'widgets' | 'effects' | 'functions'): boolean {
    return !!this.reg.unchecked?.includes(what);
  }

  /** Records an error at the value (or key) at `path` in `file`. */
  error(file: string, path: readonly PathSeg[], message: string, opts?: { key?: boolean }): void {
    const src = this.config.sources[file];
    const pos = src ? src.locate(path, opts) : { line: 1, column: 1 };
    this.errors.push({ file, ...pos, message });
  }

  errorInString(file: string, path: readonly PathSeg[], index: number, message: string): void {
    const src = this.config.sources[file];
    const pos = src ? src.locateInString(path, index) : { line: 1, column: 1 };
    this.errors.push({ file, ...pos, message });
  }

  /**
   * Checks an expression found at `path`. `raw` is the string as written;
   * `condition` means no `=` is needed (a leading one is tolerated).
   */
  expr(file: string, path: readonly PathSeg[], raw: string, where: string): void {
    const offset = raw.startsWith('=') ? 1 : 0;
    const source = raw.slice(offset);
    const problems = checkExpr(source, {
      functions: this.unchecked('functions') ? [...this.functions, ...(this.allCalls(source))] : this.functions,
      sessionKeys: this.sessionKeys,
      constants: this.constants,
    });
    for (const p of problems) this.errorInString(file, path, offset + p.column - 1, `${where}：${p.message}`);
  }

  /**
   * Checks that `name` (at `path`, written under `key`) is a step: records the
   * edge from `from`, else reports `<prefix>："go" 指向的步骤 "X" 不存在…`.
   */
  stepRef(file: string, path: readonly PathSeg[], prefix: string | null, key: string | null, name: string, from: string | null): void {
    if (this.config.steps[name]) {
      if (from) this.edge(from, name);
      return;
    }
    this.namedUnknownStep = true;
    const text = unknownStepText(key, name, Object.keys(this.config.steps));
    this.error(file, path, prefix ? `${prefix}：${text}` : text);
  }

  /** When app functions are unknown, any called name passes. */
  private allCalls(source: string): string[] {
    return [...source.matchAll(/([A-Za-z_$][\w$]*)\s*\(/g)].map((m) => m[1]);
  }

  /** Checks every `=expr` string inside a config value. */
  values(file: string, path: readonly PathSeg[], v: unknown, where: string): void {
    if (typeof v === 'string') {
      if (v.startsWith('=')) this.expr(file, path, v, where);
    } else if (Array.isArray(v)) {
      v.forEach((x, i) => this.values(file, [...path, i], x, where));
    } else if (v && typeof v === 'object') {
      for (const [k, x] of Object.entries(v)) this.values(file, [...path, k], x, where);
    }
  }

  edge(from: string, to: string): void {
    let s = this.edges.get(from);
    if (!s) this.edges.set(from, (s = new Set()));
    s.add(to);
  }
}

/** How every message about a step starts: `步骤 "X"` (check-loaded.ts reads it back to merge YAML-alias echoes). */
export const STEP_PREFIX = /^步骤 "([^"]+)"/;

/** `步骤 "X"` or `步骤 "X" 的 on.select[0].go`. */
export function where(stepId: string, rest: readonly PathSeg[]): string {
  if (!rest.length) return `步骤 "${stepId}"`;
  const p = rest.map((s, i) => (typeof s === 'number' ? `[${s}]` : i === 0 ? s : `.${s}`)).join('');
  return `步骤 "${stepId}" 的 ${p}`;
}
