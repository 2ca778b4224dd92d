/** What the type checker's walkers (infer.ts, infer-compare.ts, infer-calls.ts) share. */
import type { FunctionSignature } from '../../contract/shapes';
import type { Node } from './compile';
import type { Type } from './types';

export interface TypeEnv {
  /** Each root's type (`form`, `session`, `data`…); a root not here is `any`. */
  roots: Record<string, Type>;
  /** Function name → signature; a function without one is not checked. */
  signatures: Record<string, FunctionSignature>;
}

export interface TypeProblem {
  message: string;
  /** 1-based column in the expression source. */
  column: number;
}

export interface Inferred {
  type: Type;
  problems: TypeProblem[];
}

/** One inference run: the source, node positions, the problems so far. */
export interface InferCtx {
  source: string;
  env: TypeEnv;
  problems: TypeProblem[];
  /** 1-based column of a node. */
  at(node: Node): number;
  /** Records `表达式 "…" 里<message>` at the node. */
  report(node: Node, message: string): void;
  infer(node: Node): Type;
}
