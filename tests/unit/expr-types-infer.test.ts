/**
 * The expression type checker's parts (issue 24): inference over one
 * expression, node positions, the session type notation, a form schema as a
 * type, and the tables it reads (every built-in has a signature, every
 * described answer is a call).
 */
import { describe, expect, it } from 'vitest';
import { CALL_NAMES } from '../../src/contract/calls';
import { CALL_ANSWERS } from '../../src/contract/answers';
import { NAMED_SHAPES } from '../../src/contract/answer-shapes';
import { APP_FUNCTION_NAMES, APP_FUNCTION_SIGNATURES } from '../../src/contract/vocabulary';
import { BUILTIN_FUNCTION_NAMES } from '../../src/engine/expr/functions';
import { BUILTIN_SIGNATURES } from '../../src/engine/expr/signatures';
import { inferExpr, type TypeEnv } from '../../src/engine/expr/infer';
import { schemaType } from '../../src/engine/expr/schema-type';
import { parseDeclaredType, parseTypeText } from '../../src/engine/expr/type-expr';
import { ANY, STR, arrayOf, closedObject, openObject, typeLabel, type Type } from '../../src/engine/expr/types';

const FORM = schemaType({
  type: 'object',
  properties: {
    chestPain: { type: 'string', enum: ['是', '否'] },
    age: { type: 'integer' },
    symptoms: { type: 'array', items: { type: 'string', enum: ['咳嗽', '发热'] } },
    basic: { type: 'object', properties: { sex: { type: 'string', enum: ['男', '女'] } } },
    extra: { type: 'object', additionalProperties: true },
  },
  if: { properties: { chestPain: { const: '是' } } },
  then: { properties: { since: { type: 'string', format: 'date' } } },
});

const env = (roots: Record<string, Type> = {}): TypeEnv => ({
  roots: { form: FORM, session: openObject({ openid: STR }, ANY), ...roots },
  signatures: { ...BUILTIN_SIGNATURES, ...APP_FUNCTION_SIGNATURES },
});

const problems = (src: string, roots?: Record<string, Type>) => inferExpr(src, env(roots)).problems.map((p) => `${p.column} ${p.message}`);

describe('inferExpr', () => {
  it('says nothing about what fits, or about what it does not know', () => {
    for (const src of [
      "form.chestPain == '是'", "form.age > 18", "form.age == '18'", "form.since", "form.extra.anything.deep",
      "includes(form.symptoms, '发热')", "form.basic.sex != '女'", 'form.chestPain == null', 'unknown.x.y == 3',
      "session.whatever.x == 'a'", "len(form.symptoms) > 0 && form.chestPain != '否'", "data.x == 1",
    ]) expect(problems(src), src).toEqual([]);
  });

  it('a literal outside the options, at the literal, with did-you-mean only when one option is meant', () => {
    expect(problems("form.chestPain == '有'")).toEqual([
      `19 表达式 "form.chestPain == '有'" 里的 "form.chestPain" 只会是 '是'、'否' 之一，不会等于 '有'（条件永远不成立）（可以写：'是'、'否'）`,
    ]);
    expect(problems("form.basic.sex != 'man'")[0]).toContain('（条件永远成立）');
    expect(problems("includes(form.symptoms, '头痛')")[0]).toMatch(/^25 .*里的值只会是 '咳嗽'、'发热' 之一，不会是 '头痛'/);
  });

  it('a missing field at the start of its path; the second of two equal paths at its own place', () => {
    expect(problems("form.age > 1 && form.chestPan == '是'")[0]).toMatch(/^17 .*"form" 没有字段 "chestPan"（是不是要写 "chestPain"？）/);
    expect(problems('form.basic.sexx')[0]).toMatch(/^1 .*"form.basic" 没有字段 "sexx"（是不是要写 "sex"？）（可以写：sex）/);
    expect(problems('form.age.value')[0]).toContain('"form.age" 是数字，没有字段 "value"');
    expect(problems('form.symptoms.first')[0]).toContain('"form.symptoms" 是列表，没有字段 "first"（要取其中一项请写 form.symptoms[0].first）');
    expect(problems('form.symptoms[0].length + form.symptoms.length')).toEqual([]);
  });

  it('comparisons that can never hold, by the evaluator’s own rules', () => {
    expect(problems('form.chestPain == true')[0]).toContain('两边永远不会相等（条件永远不成立）');
    expect(problems("form.age === '18'")[0]).toContain('用 "===" 比较：两边永远不会相等');
    expect(problems('form.symptoms > 1')[0]).toContain('的 ">" 只能比较数字或文字');
    expect(problems("form.age > 'abc'")[0]).toContain('（结果总是 false）');
    expect(problems("form.chestPain == 1")[0]).toContain("不会等于 1");
  });

  it('functions: count, kinds, row fields; list functions give their rows', () => {
    expect(problems('today(1)')[0]).toContain('函数 "today" 要 0 个参数（today()），这里写了 1 个');
    expect(problems("fmtDate(form.basic)")[0]).toMatch(/^9 .*第 1 个参数 date 应该是日期/);
    expect(problems("addDays(today(), 'x')")[0]).toContain("这里是不是数字的文字 'x'");
    expect(problems('phoneOk(form.symptoms)')[0]).toContain('函数 "phoneOk" 的第 1 个参数 tel 应该是文字或数字');
    const rows = { data: closedObject({ list: arrayOf(closedObject({ id: STR, state: { k: 'string', enum: ['F', 'T'] } })) }) };
    expect(problems("map(data.list, 'ids')", rows)[0]).toContain("data.list 的每一项没有字段 'ids'（是不是要写 \"id\"？）");
    expect(problems("first(data.list).stat", rows)[0]).toContain('没有字段 "stat"');
    expect(problems("find(data.list, 'state', 'X')", rows)[0]).toContain("只会是 'F'、'T' 之一，不会是 'X'");
    expect(problems("coalesce(first(data.list), {}).id", rows)).toEqual([]);
  });

  it('the type it gives back', () => {
    expect(typeLabel(inferExpr("form.age > 1 ? 'a' : 'b'", env()).type)).toBe('"a" | "b"');
    expect(typeLabel(inferExpr('form.symptoms', env()).type)).toBe('("咳嗽" | "发热")[]');
    expect(typeLabel(inferExpr("map(form.symptoms, 'x')", env()).type)).toBe('any[]');
  });
});

describe('the session type notation', () => {
  const parse = (t: unknown) => {
    const r = parseDeclaredType(t, NAMED_SHAPES);
    return 'type' in r ? typeLabel(r.type) : r.error;
  };
  it('reads the six kinds, contract names, lists, values, unions, fields and YAML maps', () => {
    expect(parse('object')).toBe('{ … }');
    expect(parse('string')).toBe('string');
    expect(parse("'1' | '2'")).toBe('"1" | "2"');
    expect(parse('ChosenItem[]')).toBe('{…}[]');
    expect(parse('OrderView | null')).toBe('{…} | null');
    expect(parse('{ a: string, b?: number[] }')).toBe('{ a: string, b: number[] }');
    expect(parse({ hospCode: 'string', 'tel?': 'string' })).toBe('{ hospCode: string, tel: string }');
    expect(parse(['UserInfo'])).toBe('{…}[]');
  });
  it('says what it cannot read', () => {
    expect(parseDeclaredType('UserInf', NAMED_SHAPES)).toMatchObject({ error: '不认识的类型 "UserInf"', unknown: 'UserInf' });
    expect(parseTypeText('{ a string }', NAMED_SHAPES)).toEqual({ error: '类型 "{ a string }"：字段 "a" 后面缺少 ":"' });
    expect(parseTypeText('string[', NAMED_SHAPES)).toMatchObject({ error: expect.stringContaining('第 7 个字符') });
  });
});

describe('a form schema as a type', () => {
  it('closed where it lists its fields, open where it cannot be followed', () => {
    expect(FORM.k).toBe('object');
    const f = FORM as Extract<Type, { k: 'object' }>;
    expect(f.rest).toBeUndefined();
    expect(Object.keys(f.fields)).toEqual(['chestPain', 'age', 'symptoms', 'basic', 'extra', 'since']);
    expect((f.fields.extra as Extract<Type, { k: 'object' }>).rest).toBeDefined();
    expect(typeLabel(schemaType({ $ref: 'other.json#/x' }))).toBe('any');
    const refd = schemaType({ type: 'object', properties: { a: { $ref: '#/definitions/A' } }, definitions: { A: { enum: ['x'] } } });
    expect(typeLabel(refd)).toBe('{ a: "x" }');
  });
});

describe('the tables the checker reads', () => {
  it('every built-in and every app function has a signature, and nothing else', () => {
    expect(Object.keys(BUILTIN_SIGNATURES).sort()).toEqual([...BUILTIN_FUNCTION_NAMES].sort());
    expect(Object.keys(APP_FUNCTION_SIGNATURES).sort()).toEqual([...APP_FUNCTION_NAMES].sort());
  });
  it('every described answer is a call of the contract', () => {
    for (const k of Object.keys(CALL_ANSWERS)) expect(CALL_NAMES).toContain(k);
  });
});
