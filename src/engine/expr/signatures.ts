/**
 * The built-in functions' signatures (functions.ts): the kind of each
 * argument, how many there are, what comes back, one line for the admin. The
 * checker refuses a call with too few or too many arguments or an argument of
 * the wrong kind (infer.ts), and the studio shows them in completion. A unit
 * test keeps this table and the implementations' names equal.
 *
 * Return types of the list functions (first, filter, map…) follow their
 * arguments: infer.ts works those out; `returns` is what they give otherwise.
 */
import type { FunctionParam, FunctionSignature } from '../../contract/shapes';

const p = (name: string, kind: FunctionParam['kind'], optional = false): FunctionParam => ({ name, kind, ...(optional ? { optional } : {}) });
const nullable = (s: 'string' | 'number') => ({ anyOf: [s, 'null'] }) as const;

export const BUILTIN_SIGNATURES: Record<string, FunctionSignature> = {
  len: { params: [p('value', 'sized')], returns: 'number', doc: '文字的字数、列表的项数或一组键和值的键数' },
  includes: { params: [p('list', 'sized'), p('value', 'any')], returns: 'boolean', doc: '列表里有没有这个值（或文字里有没有这段字）' },
  keys: { params: [p('object', 'object')], returns: { list: 'string' }, doc: '一组键和值的所有键' },
  str: { params: [p('value', 'any')], returns: 'string', doc: '变成文字（空值变成 ""）' },
  num: { params: [p('value', 'any')], returns: nullable('number'), doc: '变成数字（不是数字时为 null）' },
  int: { params: [p('value', 'any')], returns: nullable('number'), doc: '取整数部分' },
  lower: { params: [p('text', 'text')], returns: 'string', doc: '变成小写' },
  upper: { params: [p('text', 'text')], returns: 'string', doc: '变成大写' },
  trim: { params: [p('text', 'text')], returns: 'string', doc: '去掉首尾空白' },
  startsWith: { params: [p('text', 'text'), p('prefix', 'text')], returns: 'boolean', doc: '文字是不是以这段开头' },
  contains: { params: [p('text', 'text'), p('part', 'text')], returns: 'boolean', doc: '文字里有没有这段字' },
  join: { params: [p('list', 'list'), p('separator', 'text', true)], returns: 'string', doc: '把列表连成文字（默认用逗号）' },
  split: { params: [p('text', 'text'), p('separator', 'text', true)], returns: { list: 'string' }, doc: '把文字拆成列表（默认按逗号）' },
  coalesce: { params: [p('value', 'any')], rest: p('values', 'any'), returns: 'any', doc: '第一个不为空的值；都为空时给最后一个' },
  now: { params: [], returns: 'number', doc: '现在的时间（毫秒）' },
  today: { params: [], returns: 'string', doc: '今天（中心的日期）YYYY-MM-DD' },
  addDays: { params: [p('date', 'date'), p('days', 'number')], returns: nullable('string'), doc: '日期加几天' },
  addMonths: { params: [p('date', 'date'), p('months', 'number')], returns: nullable('string'), doc: '日期加几个月' },
  addYears: { params: [p('date', 'date'), p('years', 'number')], returns: nullable('string'), doc: '日期加几年' },
  fmtDate: { params: [p('date', 'date'), p('format', 'text', true)], returns: 'string', doc: '按格式写日期（默认 YYYY-MM-DD）' },
  dayOfWeek: { params: [p('date', 'date')], returns: nullable('number'), doc: '星期几（0 是星期日）' },
  dateDiffDays: { params: [p('a', 'date'), p('b', 'date')], returns: nullable('number'), doc: 'a 比 b 晚几天（a − b）' },
  startOfMonth: { params: [p('date', 'date')], returns: nullable('string'), doc: '那个月的第一天' },
  endOfMonth: { params: [p('date', 'date')], returns: nullable('string'), doc: '那个月的最后一天' },
  startOfYear: { params: [p('date', 'date')], returns: nullable('string'), doc: '那一年的第一天' },
  endOfYear: { params: [p('date', 'date')], returns: nullable('string'), doc: '那一年的最后一天' },
  dateMs: { params: [p('date', 'date')], returns: nullable('number'), doc: '日期（时间）换成毫秒数' },
  cents: { params: [p('amount', 'number')], returns: nullable('number'), doc: '金额（元，如 "12.30"）换成分（1230）' },
  fmtMoney: { params: [p('cents', 'number')], returns: 'string', doc: '分（1230）写成 "12.30"' },
  sumCents: { params: [p('list', 'list'), p('field', 'field', true)], returns: 'number', doc: '列表每项某个金额字段之和（分）' },
  parseJson: { params: [p('text', 'any')], returns: 'any', doc: '把 JSON 文字读成值（读不了时为 null）' },
  toJson: { params: [p('value', 'any')], returns: 'string', doc: '把值写成 JSON 文字' },
  pick: { params: [p('object', 'object')], rest: p('keys', 'any'), returns: 'any', doc: '只留下这些键（一组键和值）' },
  filter: { params: [p('list', 'list'), p('field', 'field'), p('value', 'any')], returns: { list: 'any' }, doc: '列表里某字段等于这个值的项' },
  find: { params: [p('list', 'list'), p('field', 'field'), p('value', 'any')], returns: 'any', doc: '列表里某字段等于这个值的第一项（没有时为 null）' },
  map: { params: [p('list', 'list'), p('field', 'field')], returns: { list: 'any' }, doc: '列表每项某字段的值' },
  flatten: { params: [p('list', 'list')], returns: { list: 'any' }, doc: '把列表里的列表摊平一层' },
  first: { params: [p('list', 'list')], returns: 'any', doc: '列表第一项（空列表为 null）' },
  last: { params: [p('list', 'list')], returns: 'any', doc: '列表最后一项（空列表为 null）' },
  not: { params: [p('value', 'any')], returns: 'boolean', doc: '取反' },
  isEmpty: { params: [p('value', 'any')], returns: 'boolean', doc: '是不是空（null、""、空列表、没有键）' },
  isString: { params: [p('value', 'any')], returns: 'boolean', doc: '是不是文字' },
  isNumber: { params: [p('value', 'any')], returns: 'boolean', doc: '是不是数字' },
  isArray: { params: [p('value', 'any')], returns: 'boolean', doc: '是不是列表' },
  round: { params: [p('value', 'number'), p('digits', 'number', true)], returns: nullable('number'), doc: '四舍五入到几位小数（默认整数）' },
};
