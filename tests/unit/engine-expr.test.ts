import { describe, expect, it } from 'vitest';
import {
  checkExpr, compileExpr, createFunctionRegistry, evalCondition, evalValue, ExprError, BUILTIN_FUNCTION_NAMES,
} from '../../src/engine/expr';

// 2024-03-15 10:00 local time, a Friday.
const NOW = new Date(2024, 2, 15, 10, 0, 0).getTime();
const fns = createFunctionRegistry({ double: (x) => (x as number) * 2 }, { now: () => NOW });
const scope = {
  session: { marital: '1', user: { tag: '1', name: '张三' }, list: [1, 2, 3], nil: null },
  data: {
    packages: { m: [{ clus_Name: 'A', price: '12.30', sex: '1' }, { clus_Name: 'B', price: '0.05', sex: '2' }], w: [] },
    n: 5, s: '5', zero: 0, empty: '', json: '{"a":1}',
  },
  form: { name: ' Ab ', birth: '2000-02-29' },
  query: { page: 'person' },
  event: { item: { marr_status: '2' } },
  result: { success: true, returnData: 'x' },
  const: { maxAge: 100 },
  item: null,
};
const ev = (src: string) => compileExpr(src).evaluate(scope, fns);

const table: Array<[string, unknown]> = [
  // literals
  ['1', 1], ['1.5', 1.5], ["'a'", 'a'], ['"b"', 'b'], ['true', true], ['false', false], ['null', null],
  // identifiers and members
  ['query.page', 'person'], ["session['marital']", '1'], ['session.user.tag', '1'], ['session.list[1]', 2],
  ['data.packages.m[0].clus_Name', 'A'], ['session.list.length', 3], ["'abc'.length", 3], ['nothing', undefined],
  // null-safe member access
  ['session.nil.x', undefined], ['session.nil.x.y.z', undefined], ['item.clus_Name', undefined], ['missing.a.b', undefined],
  // prototype access blocked
  ['session.constructor', undefined], ['session.__proto__', undefined], ["session['constructor']", undefined],
  ['session.list.constructor', undefined], ['data.prototype', undefined], ["'x'.constructor", undefined], ['session.hasOwnProperty', undefined],
  // unary
  ['!true', false], ['!session.nil', true], ['-data.n', -5], ['!!data.s', true],
  // arithmetic and precedence
  ['1 + 2 * 3', 7], ['(1 + 2) * 3', 9], ['10 - 4 - 3', 3], ['7 % 3', 1], ['9 / 3', 3], ['2 * -3', -6],
  ["'a' + 1", 'a1'], ["'x' + session.nil", 'x'], ['data.n + 1', 6],
  // equality
  ['data.s == 5', true], ['data.s === 5', false], ["data.n == '5'", true], ['data.n != 5', false],
  ["data.empty == 0", false], ["'1' == true", false], ['session.nil == nothing', true], ['session.nil === nothing', false],
  ["session.marital == '1'", true], ["session.marital !== '1'", false], ["data.n == '5.0'", true], ["'abc' == 'abc'", true],
  // ordering
  ['2 < 3', true], ["'2' < 10", true], ["'b' > 'a'", true], ['3 <= 3', true], ['session.nil < 1', false], ['data.s >= 5', true],
  // logic and short-circuit
  ["true && 'x'", 'x'], ['0 || 7', 7], ['false && nope(1)', false], ['true || nope(1)', true],
  ["event.item.marr_status == '2' && session.marital == '1'", true], ['1 + 1 == 2 && 2 > 1 || false', true],
  ['!(1 == 1) || 3 > 2 && false', false],
  // ternary
  ["data.n > 3 ? 'big' : 'small'", 'big'], ["session.nil ? 1 : session.list ? 2 : 3", 2],
  // arrays
  ['[1, data.n]', [1, 5]], ['[]', []], ['len([1,2])', 2],
  // functions
  ['len(data.packages.m)', 2], ['len(data.empty)', 0], ['len(session.user)', 2], ["includes(['1','2'], session.marital)", true],
  ["keys(session.user)", ['tag', 'name']], ['str(12)', '12'], ["num('3.5')", 3.5], ["num('x')", null], ['int(3.9)', 3],
  ["lower('AB')", 'ab'], ["upper('ab')", 'AB'], ['trim(form.name)', 'Ab'], ["startsWith('abc', 'ab')", true], ["contains('abc', 'bc')", true],
  ["join(['a','b'], '-')", 'a-b'], ["split('a,b', ',')", ['a', 'b']], ["coalesce(session.nil, '', 'z')", 'z'], ["coalesce(session.nil, '')", ''], ['coalesce(session.nil)', null],
  ['now()', NOW], ['today()', '2024-03-15'], ["addDays('2024-03-15', 20)", '2024-04-04'], ["addMonths('2024-01-31', 1)", '2024-02-29'],
  ["addYears(today(), -25)", '1999-03-15'], ["fmtDate('2024-03-05', 'MM/DD')", '03/05'], ["fmtDate('junk', 'MM')", ''],
  ['dayOfWeek(today())', 5], ["dateDiffDays('2024-03-20', today())", 5], ["startOfMonth('2024-02-10')", '2024-02-01'],
  ["endOfMonth('2024-02-10')", '2024-02-29'], ["cents('12.30')", 1230], ["cents('1.234')", null], ['fmtMoney(1230)', '12.30'],
  ["sumCents(data.packages.m, 'price')", 1235], ["parseJson(data.json).a", 1], ["parseJson('{bad')", null], ["toJson([1])", '[1]'],
  ["pick(session.user, 'tag')", { tag: '1' }], ["len(filter(data.packages.m, 'sex', 2))", 1], ["find(data.packages.m, 'sex', '2').clus_Name", 'B'],
  ["map(data.packages.m, 'clus_Name')", ['A', 'B']], ['first(session.list)', 1], ['last(session.list)', 3], ['first([])', null],
  ['not(0)', true], ['flatten([[1], [2, 3], 4])', [1, 2, 3, 4]], ["isString('a')", true], ['isArray(session.list)', true],
  ["endOfYear('2024-03-15')", '2024-12-31'], ["dateMs('2024-03-15 10:00:00')", NOW], ['isEmpty(data.packages.w)', true], ['isEmpty(session.user)', false], ['round(2.345, 2)', 2.35], ['double(4)', 8],
];

describe('expression evaluation', () => {
  it('has a big enough table', () => expect(table.length).toBeGreaterThanOrEqual(60));
  it.each(table)('%s', (src, expected) => {
    expect(ev(src)).toEqual(expected);
  });
});

describe('expression compilation', () => {
  it('parses once and caches by source', () => {
    expect(compileExpr('a.b + 1')).toBe(compileExpr('a.b + 1'));
  });
  it('reports roots, members and calls', () => {
    const c = compileExpr("len(session.list) > 0 && form.x == const.maxAge ? today() : item['y']");
    expect(c.roots).toEqual(['session', 'form', 'const', 'item']);
    expect(c.calls).toEqual(['len', 'today']);
    expect(c.members).toContainEqual({ root: 'session', key: 'list' });
    expect(c.members).toContainEqual({ root: 'item', key: 'y' });
  });
  it.each([
    ['a +', 4], ['(a', 3], ['a ? b', 6],
  ])('syntax error in %s reports a column', (src, column) => {
    try {
      compileExpr(src);
      expect.unreachable();
    } catch (e) {
      expect(e).toBeInstanceOf(ExprError);
      expect((e as ExprError).column).toBe(column);
    }
  });
  it.each(['a.b()', 'session.list.map(x)', 'a | b', 'a & b', '~a', 'this', 'a = 1', 'a, b', 'a >> 1'])('rejects %s', (src) => {
    expect(() => compileExpr(src)).toThrow(ExprError);
  });
  it('unknown function throws at evaluation and is a check error', () => {
    expect(() => ev('nope(1)')).toThrow(/unknown function "nope"/);
    const p = checkExpr('len(form) + nope(1)', { functions: BUILTIN_FUNCTION_NAMES });
    expect(p.map((x) => x.message).join()).toMatch(/函数 "nope" 不存在/);
    expect(p.find((x) => /nope/.test(x.message))?.column).toBe(13);
  });
  it('does not call an inherited name as a function', () => {
    expect(() => ev('toString()')).toThrow(/unknown function/);
    expect(() => ev('constructor()')).toThrow(/unknown function/);
  });
  it('checks roots, session keys and constants', () => {
    const opts = { functions: BUILTIN_FUNCTION_NAMES, sessionKeys: ['marital', 'user'], constants: ['maxAge'] };
    expect(checkExpr("session.marital == '1' && const.maxAge > 1", opts)).toEqual([]);
    expect(checkExpr('sesion.marital', opts)[0].message).toMatch(/"sesion" 不认识.*是不是要写 "session"/);
    const p = checkExpr('session.maritl == 1', opts);
    expect(p[0].message).toMatch(/"session" 里没有声明 "maritl".*是不是要写 "marital"/);
    expect(p[0].column).toBe(1);
    expect(checkExpr('const.nope', opts)[0].message).toMatch(/"constants" 里没有声明 "nope"/);
  });
  it('has no eval or Function in the engine', async () => {
    const { readdirSync, readFileSync, statSync } = await import('node:fs');
    const walk = (d: string): string[] => readdirSync(d).flatMap((f) => (statSync(`${d}/${f}`).isDirectory() ? walk(`${d}/${f}`) : [`${d}/${f}`]));
    for (const f of walk('src/engine').filter((x) => x.endsWith('.ts'))) {
      expect(readFileSync(f, 'utf8'), f).not.toMatch(/\beval\(|new Function\(/);
    }
  });
});

describe('evalValue / evalCondition', () => {
  it('walks arrays and objects, evaluating =strings only', () => {
    expect(evalValue({ a: '=data.n + 1', b: ['x', '=query.page'], c: 3, d: null, e: 'plain = text' }, scope, fns)).toEqual({
      a: 6, b: ['x', 'person'], c: 3, d: null, e: 'plain = text',
    });
  });
  it('conditions need no =', () => {
    expect(evalCondition("query.page == 'person'", scope, fns)).toBe(true);
    expect(evalCondition('=session.nil', scope, fns)).toBe(false);
  });
});
