/**
 * The type a session key declares (flows/app.yaml `session.<key>.type`), in
 * the admin's notation:
 *
 *   string | number | boolean | object | array | any     (the six kinds, as before: object/array say nothing more)
 *   UserInfo, OrderView, …                                (a type of the contract, src/contract/answer-shapes.ts)
 *   ChosenItem[]                                          (a list of)
 *   '1' | '2'                                             (one of these values)
 *   OrderView | null                                      (either)
 *   "{ hospCode: string, hospTel?: string }"              (an object with these fields)
 *
 * or, in YAML, a map `{ hospCode: string, hospTel: string }` (an object) or a
 * one-item list `[ ChosenItem ]` (a list of). Pure: the studio parses it too.
 */
import type { Shape } from '../../contract/shapes';
import { ANY, BOOL, NULL, NUM, STR, arrayOf, closedObject, fromShape, openObject, union, type Type } from './types';

export const TYPE_KEYWORDS = ['string', 'number', 'boolean', 'object', 'array', 'any', 'null'] as const;

/** `unknown`: the name not understood, for a did-you-mean. */
export type TypeParse = { type: Type } | { error: string; unknown?: string };

const isObj = (v: unknown): v is Record<string, unknown> => !!v && typeof v === 'object' && !Array.isArray(v);

/** A declared type: a notation string, a YAML map of fields or a one-item list. */
export function parseDeclaredType(v: unknown, names: Record<string, Shape>): TypeParse {
  if (typeof v === 'string') return parseTypeText(v, names);
  if (Array.isArray(v)) {
    if (v.length !== 1) return { error: '写成列表时只能写一项：列表里每一项的类型，例如 [ ChosenItem ]' };
    const inner = parseDeclaredType(v[0], names);
    return 'type' in inner ? { type: arrayOf(inner.type) } : inner;
  }
  if (isObj(v)) {
    const fields: Record<string, Type> = {};
    const optional: string[] = [];
    for (const [rawKey, x] of Object.entries(v)) {
      const key = rawKey.endsWith('?') ? rawKey.slice(0, -1) : rawKey;
      if (key !== rawKey) optional.push(key);
      const inner = parseDeclaredType(x, names);
      if ('error' in inner) return { ...inner, error: `字段 "${key}"：${inner.error}` };
      fields[key] = inner.type;
    }
    return { type: closedObject(fields, optional) };
  }
  return { error: '类型应该写成文字（例如 string、UserInfo、ChosenItem[]），或一组 "字段: 类型"' };
}

/** Parses the notation; the error names what is not understood. */
export function parseTypeText(text: string, names: Record<string, Shape>): TypeParse {
  const p = new Parser(text, names);
  try {
    const t = p.union();
    p.skip();
    if (p.i < text.length) return { error: `类型 "${text}" 第 ${p.i + 1} 个字符 "${text[p.i]}" 看不懂` };
    return { type: t };
  } catch (e) {
    if (e instanceof TypeSyntax) return { error: e.message };
    if (e instanceof UnknownTypeName) return { error: `不认识的类型 "${e.typeName}"`, unknown: e.typeName };
    throw e;
  }
}

class TypeSyntax extends Error {}

class Parser {
  i = 0;
  constructor(readonly s: string, readonly names: Record<string, Shape>) {}

  skip(): void {
    while (this.i < this.s.length && /\s/.test(this.s[this.i])) this.i++;
  }

  eat(c: string): boolean {
    this.skip();
    if (this.s.startsWith(c, this.i)) {
      this.i += c.length;
      return true;
    }
    return false;
  }

  fail(what: string): never {
    throw new TypeSyntax(`类型 "${this.s}"：${what}`);
  }

  union(): Type {
    const parts = [this.postfix()];
    while (this.eat('|')) parts.push(this.postfix());
    return union(parts);
  }

  postfix(): Type {
    let t = this.primary();
    while (this.eat('[]')) t = arrayOf(t);
    return t;
  }

  primary(): Type {
    this.skip();
    const c = this.s[this.i];
    if (c === undefined) this.fail('后面缺少类型');
    if (c === '(') {
      this.i++;
      const t = this.union();
      if (!this.eat(')')) this.fail('括号 "(" 没有配对的 ")"');
      return t;
    }
    if (c === '{') return this.object();
    if (c === "'" || c === '"') {
      const end = this.s.indexOf(c, this.i + 1);
      if (end < 0) this.fail('引号没有结束');
      const v = this.s.slice(this.i + 1, end);
      this.i = end + 1;
      return { k: 'string', enum: [v] };
    }
    const num = /^-?\d+(\.\d+)?/.exec(this.s.slice(this.i));
    if (num) {
      this.i += num[0].length;
      return { k: 'number', enum: [Number(num[0])] };
    }
    const word = /^[A-Za-z_$][\w$]*/.exec(this.s.slice(this.i));
    if (!word) this.fail(`第 ${this.i + 1} 个字符 "${c}" 看不懂`);
    this.i += word[0].length;
    return this.named(word[0]);
  }

  named(w: string): Type {
    switch (w) {
      case 'string': return STR;
      case 'number': return NUM;
      case 'boolean': return BOOL;
      case 'null': return NULL;
      case 'any': return ANY;
      case 'object': return openObject();
      case 'array': return arrayOf(ANY);
    }
    const shape = Object.prototype.hasOwnProperty.call(this.names, w) ? this.names[w] : undefined;
    if (!shape) throw new UnknownTypeName(w);
    return fromShape(shape);
  }

  object(): Type {
    this.eat('{');
    const fields: Record<string, Type> = {};
    const optional: string[] = [];
    while (!this.eat('}')) {
      this.skip();
      const key = /^[A-Za-z_$][\w$]*/.exec(this.s.slice(this.i));
      if (!key) this.fail(`第 ${this.i + 1} 个字符：这里应该是字段名`);
      this.i += key[0].length;
      if (this.eat('?')) optional.push(key[0]);
      if (!this.eat(':')) this.fail(`字段 "${key[0]}" 后面缺少 ":"`);
      fields[key[0]] = this.union();
      if (!this.eat(',') && !this.eat(';')) {
        if (!this.eat('}')) this.fail('缺少 "}"');
        break;
      }
    }
    return closedObject(fields, optional);
  }
}

/** A name that is neither a kind nor a contract type (the checker adds "did you mean"). */
class UnknownTypeName extends Error {
  constructor(readonly typeName: string) {
    super(typeName);
  }
}
