/**
 * Shapes: a machine-readable description of a value's type, small enough to
 * write by hand and plain data (the config checker reads them in the server
 * and in the studio's browser). The contract describes each call's answer
 * (answers.ts), the start-up config and its named types with them; the app's
 * expression functions describe their arguments with ArgKind.
 *
 * One source of truth: a shape is checked against the TypeScript type it
 * describes at compile time (`Same<TypeOf<typeof shape>, TheInterface>`), so
 * an interface edited without its shape (or the reverse) fails `tsc`.
 */

export type Shape =
  | 'string' | 'number' | 'boolean' | 'null' | 'any'
  | { readonly enum: readonly (string | number)[] }
  | { readonly list: Shape }
  | { readonly fields: Fields }
  | { readonly anyOf: readonly Shape[] };

/** An object's fields; `opt(x)` marks one that may be missing. */
export type Fields = { readonly [k: string]: Shape | { readonly optional: Shape } };

export const list = <const T extends Shape>(item: T) => ({ list: item }) as const;
export const obj = <const F extends Fields>(fields: F) => ({ fields }) as const;
export const opt = <const T extends Shape>(s: T) => ({ optional: s }) as const;
export const oneOf = <const V extends readonly (string | number)[]>(...values: V) => ({ enum: values }) as const;
export const anyOf = <const T extends readonly Shape[]>(...shapes: T) => ({ anyOf: shapes }) as const;
export const nullable = <const T extends Shape>(s: T) => ({ anyOf: [s, 'null'] }) as const;

// ---------------------------------------------------------------- compile-time ties

type Flat<T> = { [K in keyof T]: T[K] };
type Req<F> = { -readonly [K in keyof F as F[K] extends { optional: unknown } ? never : K]: TypeOf<F[K]> };
type Opt<F> = { -readonly [K in keyof F as F[K] extends { optional: unknown } ? K : never]?: F[K] extends { optional: infer I } ? TypeOf<I> : never };

/** The TypeScript type a shape describes. */
export type TypeOf<S> =
  S extends 'string' ? string
  : S extends 'number' ? number
  : S extends 'boolean' ? boolean
  : S extends 'null' ? null
  : S extends 'any' ? unknown
  : S extends { readonly enum: readonly (infer E)[] } ? E
  : S extends { readonly list: infer I } ? Array<TypeOf<I>>
  : S extends { readonly anyOf: readonly (infer U)[] } ? TypeOf<U>
  : S extends { readonly fields: infer F } ? Flat<Req<F> & Opt<F>>
  : never;

/** true when A and B accept the same values (each assignable to the other). */
export type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
/** Fails to compile unless T is true: `type _ = Assert<Same<…>>`. */
export type Assert<T extends true> = T;

// ---------------------------------------------------------------- function signatures

/**
 * What an expression function accepts at one argument, as the checker judges a
 * call: `any` anything; `text` a string or number (objects and lists would be
 * written out as JSON: a mistake); `number` a number or a numeric string;
 * `date` a 'YYYY-MM-DD' string or ms; `list` a list; `object` a map; `sized`
 * a text, list or map (len); `field` a field name of the list's rows (argument
 * 0), written as a text.
 */
export type ArgKind = 'any' | 'text' | 'number' | 'date' | 'list' | 'object' | 'sized' | 'boolean' | 'field';

export interface FunctionParam {
  name: string;
  kind: ArgKind;
  optional?: boolean;
}

/** One expression function: its arguments, what it gives back, one line for the admin (Chinese). */
export interface FunctionSignature {
  params: readonly FunctionParam[];
  /** Any number of further arguments of this kind (coalesce, pick). */
  rest?: FunctionParam;
  returns: Shape;
  doc: string;
}
