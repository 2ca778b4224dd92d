/** Shared state of one check run: the config, the registries and the error list. */
import { BUILTIN_FUNCTION_NAMES } from '../expr/functions';
import { checkExpr } from '../expr/check';
import { inferExpr, type TypeEnv } from '../expr/infer';
import { ANY, STR, openObject, type Type } from '../expr/types';
import type { ConfigError, Registries } from '../types';
import type { LoadedConfig } from './assemble';
import type { PathSeg } from './source';
import { baseTypes, type BaseTypes } from './type-env';
import { unknownStepText } from './words';

/**
 * The types of a place's own roots (a step's form and data, the list row
 * `item`, the handled `event`, the last call's `result`); a root left out is
 * `any` (nothing said). session, const, config and query come from BaseTypes.
 */
export type RootTypes = Partial<Record<'form' | 'data' | 'query' | 'event' | 'result' | 'item', Type>>;

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
  /** The types every expression starts from (type-env.ts). */
  readonly types: BaseTypes;

  constructor(readonly config: LoadedConfig, readonly reg: CheckRegistries) {
    this.functions = [...BUILTIN_FUNCTION_NAMES, ...reg.functions];
    this.sessionKeys = Object.keys(config.app.session ?? {});
    this.constants = Object.keys(config.app.constants ?? {});
    this.types = baseTypes(config.app, reg);
  }

  /** The type environment of an expression at a place with these roots. */
  typeEnv(roots: RootTypes = {}): TypeEnv {
    const t = this.types;
    // A query value is always text (the address's); any key may come from a link.
    return { roots: { session: t.session, const: t.const, config: t.config, query: openObject({}, STR), ...roots }, signatures: t.signatures };
  }

  /** The type of an expression (`=` tolerated) without reporting anything: for a value kept or set somewhere. */
  typeOf(raw: string, roots?: RootTypes): Type {
    const src = raw.startsWith('=') ? raw.slice(1) : raw;
    return src.trim() ? inferExpr(src, this.typeEnv(roots)).type : ANY;
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
   * `condition` means no `=` is needed (a leading one is tolerated). Then its
   * types (expr/infer.ts) against the place's roots; returns its type.
   */
  expr(file: string, path: readonly PathSeg[], raw: string, where: string, roots?: RootTypes): Type {
    const offset = raw.startsWith('=') ? 1 : 0;
    const source = raw.slice(offset);
    const problems = checkExpr(source, {
      functions: this.unchecked('functions') ? [...this.functions, ...(this.allCalls(source))] : this.functions,
      sessionKeys: this.sessionKeys,
      constants: this.constants,
    });
    for (const p of problems) this.errorInString(file, path, offset + p.column - 1, `${where}：${p.message}`);
    const inferred = inferExpr(source, this.typeEnv(roots));
    for (const p of inferred.problems) this.errorInString(file, path, offset + p.column - 1, `${where}：${p.message}`);
    return inferred.type;
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
  values(file: string, path: readonly PathSeg[], v: unknown, where: string, roots?: RootTypes): void {
    if (typeof v === 'string') {
      if (v.startsWith('=')) this.expr(file, path, v, where, roots);
    } else if (Array.isArray(v)) {
      v.forEach((x, i) => this.values(file, [...path, i], x, where, roots));
    } else if (v && typeof v === 'object') {
      for (const [k, x] of Object.entries(v)) this.values(file, [...path, k], x, where, roots);
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
