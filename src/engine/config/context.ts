/** Shared state of one check run: the config, the registries and the error list. */
import { BUILTIN_FUNCTION_NAMES } from '../expr/functions';
import { checkExpr } from '../expr/check';
import { inferExpr, type TypeEnv } from '../expr/infer';
import { ANY, STR, openObject, type Type } from '../expr/types';
import type { ConfigError, Registries } from '../types';
import type { LoadedConfig } from './assemble';
import type { PathSeg } from './source';
import { baseTypes, type BaseTypes } from './type-env';
import { exprLead, unknownStepText } from './words';
import { placeWords, rawPath } from './place-words';

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

  /**
   * Records an error at the value (or key) at `path` in `file`. The message
   * names the place in words; `raw` keeps the path as written (rawAt) for
   * the studio's hover and the CLI.
   */
  error(file: string, path: readonly PathSeg[], message: string, opts?: { key?: boolean; raw?: string }): void {
    const src = this.config.sources[file];
    const pos = src ? src.locate(path, opts) : { line: 1, column: 1 };
    this.push({ file, ...pos, message }, opts?.raw ?? rawAt(file, path));
  }

  errorInString(file: string, path: readonly PathSeg[], index: number, message: string, raw?: string): void {
    const src = this.config.sources[file];
    const pos = src ? src.locateInString(path, index) : { line: 1, column: 1 };
    this.push({ file, ...pos, message }, raw ?? rawAt(file, path));
  }

  private push(e: ConfigError, raw: string | undefined): void {
    this.errors.push(raw ? { ...e, raw } : e);
  }

  /** `步骤 "X"` and where in it, in words; the step's props name an event by its button. */
  at(stepId: string, rest: readonly PathSeg[]): string {
    return where(stepId, rest, this.config.steps[stepId]?.props);
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
    // The place comes first in words; the whole expression moves to `raw`
    // (`next[2].if: age > 60 && …`), which the column already points into.
    const lead = exprLead(source);
    const words = (m: string) => `${where}：${m.startsWith(lead) ? `表达式里${m.slice(lead.length)}` : m}`;
    // Outside flows (a schema's x-visibleIf) the key it is written under.
    const last = path[path.length - 1];
    const at = rawAt(file, path) ?? (typeof last === 'string' ? last : undefined);
    const shown = at ? (source.trim() ? `${at}: ${raw}` : at) : raw || undefined;
    for (const p of problems) this.errorInString(file, path, offset + p.column - 1, words(p.message), shown);
    const inferred = inferExpr(source, this.typeEnv(roots));
    for (const p of inferred.problems) this.errorInString(file, path, offset + p.column - 1, words(p.message), shown);
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

/** `步骤 "X"` or `步骤 "X" 的事件 "select" 的第 1 个动作的 "go"` (place-words.ts); `props` are the step's. */
export function where(stepId: string, rest: readonly PathSeg[], props?: unknown): string {
  if (!rest.length) return `步骤 "${stepId}"`;
  return `步骤 "${stepId}" ${placeWords(rest, props)}`;
}

/**
 * The path as written, for a problem's `raw`: step-relative in a flow
 * (`on.notice[0].go`, as the message names the step), else from the file's
 * top (`session.user.type`). Only for flows/: a schema file's messages
 * name the field as the admin reads it (`字段 "a.b"`; a question bank's
 * shape errors give theirs, check-schemas.ts).
 */
export function rawAt(file: string, path: readonly PathSeg[]): string | undefined {
  if (!file.startsWith('flows/')) return undefined;
  const rel = path[0] === 'steps' && path.length >= 2 ? path.slice(2) : path;
  return rel.length ? rawPath(rel) : undefined;
}
