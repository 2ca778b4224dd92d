/**
 * The engine's built-in expression functions. Every function is total: bad
 * input gives null/''/[]/false rather than throwing, so a condition on missing
 * data is simply false. Dates are 'YYYY-MM-DD' strings (or ms numbers) in and
 * 'YYYY-MM-DD' strings out. Money is integer cents (`cents`, `fmtMoney`).
 *
 * Apps add their own with `createFunctionRegistry({ idCardSex: … })`; the
 * checker learns their names from `Registries.functions`.
 */
import dayjs, { type Dayjs } from 'dayjs';
import { formatCents, tryCents } from '../../contract/rules/money';
import { looseEquals as looseEq, readMember, type Fn, type FunctionRegistry } from './compile';

export interface FunctionOptions {
  /** Clock in ms; tests inject a fixed one. */
  now?: () => number;
}

const DATE = 'YYYY-MM-DD';

function toDay(v: unknown): Dayjs | null {
  if (typeof v !== 'string' && typeof v !== 'number') return null;
  if (typeof v === 'string' && v.trim() === '') return null;
  // Accept 2024/01/02 as sent by some back ends.
  const d = dayjs(typeof v === 'string' ? v.replace(/\//g, '-') : v);
  return d.isValid() ? d : null;
}
const isList = (v: unknown): v is unknown[] => Array.isArray(v);
const asList = (v: unknown): unknown[] => (Array.isArray(v) ? v : []);
const asStr = (v: unknown): string => (v === null || v === undefined ? '' : typeof v === 'object' ? JSON.stringify(v) : String(v));
const asNum = (v: unknown): number | null => {
  if (typeof v === 'number') return Number.isFinite(v) ? v : null;
  if (typeof v === 'string' && v.trim() !== '' && Number.isFinite(Number(v))) return Number(v);
  if (typeof v === 'boolean') return v ? 1 : 0;
  return null;
};
const dateFn = (f: (d: Dayjs, n: number) => Dayjs) => (date: unknown, n: unknown) => {
  const d = toDay(date);
  const k = asNum(n);
  return d && k !== null ? f(d, k).format(DATE) : null;
};

/** The built-ins, bound to a clock. */
export function builtinFunctions(opts: FunctionOptions = {}): FunctionRegistry {
  const now = opts.now ?? (() => Date.now());
  const fns: Record<string, Fn> = {
    len: (v) => (typeof v === 'string' || isList(v) ? v.length : v && typeof v === 'object' ? Object.keys(v).length : 0),
    includes: (list, v) => (isList(list) ? list.includes(v) : typeof list === 'string' ? list.includes(asStr(v)) : false),
    keys: (o) => (o && typeof o === 'object' && !isList(o) ? Object.keys(o) : []),
    str: (v) => asStr(v),
    num: (v) => asNum(v),
    int: (v) => {
      const n = asNum(v);
      return n === null ? null : Math.trunc(n);
    },
    lower: (s) => asStr(s).toLowerCase(),
    upper: (s) => asStr(s).toUpperCase(),
    trim: (s) => asStr(s).trim(),
    startsWith: (s, p) => asStr(s).startsWith(asStr(p)),
    contains: (s, p) => asStr(s).includes(asStr(p)),
    join: (list, sep) => asList(list).map(asStr).join(sep === undefined ? ',' : asStr(sep)),
    split: (s, sep) => (asStr(s) === '' ? [] : asStr(s).split(sep === undefined ? ',' : asStr(sep))),
    // First non-empty value; when every one is empty, the last (the author's default: coalesce(x, '') is '', not null).
    coalesce: (...vs) => vs.find((v) => v !== null && v !== undefined && v !== '') ?? vs[vs.length - 1] ?? null,
    now: () => now(),
    today: () => dayjs(now()).format(DATE),
    addDays: dateFn((d, n) => d.add(n, 'day')),
    addMonths: dateFn((d, n) => d.add(n, 'month')),
    addYears: dateFn((d, n) => d.add(n, 'year')),
    fmtDate: (date, fmt) => {
      const d = toDay(date);
      return d ? d.format(fmt === undefined ? DATE : asStr(fmt)) : '';
    },
    /** 0 = Sunday … 6 = Saturday (the calendar grid starts on Sunday). */
    dayOfWeek: (date) => toDay(date)?.day() ?? null,
    /** Whole days from `b` to `a` (a − b): dateDiffDays('2024-01-03', '2024-01-01') = 2. */
    dateDiffDays: (a, b) => {
      const x = toDay(a);
      const y = toDay(b);
      return x && y ? x.startOf('day').diff(y.startOf('day'), 'day') : null;
    },
    startOfYear: (date) => toDay(date)?.startOf('year').format(DATE) ?? null,
    endOfYear: (date) => toDay(date)?.endOf('year').format(DATE) ?? null,
    /** A date ('YYYY-MM-DD', 'YYYY-MM-DD HH:mm:ss') as ms since the epoch, for time arithmetic. */
    dateMs: (date) => toDay(date)?.valueOf() ?? null,
    startOfMonth: (date) => toDay(date)?.startOf('month').format(DATE) ?? null,
    endOfMonth: (date) => toDay(date)?.endOf('month').format(DATE) ?? null,
    /** '12.30' → 1230; null for junk. */
    cents: (v) => tryCents(v),
    /** 1230 → '12.30'. */
    fmtMoney: (c) => {
      const n = asNum(c);
      return n === null ? '' : formatCents(n);
    },
    /** Sum of `list[i][field]` amounts ('12.30' or 12.3) in cents; junk rows count 0. */
    sumCents: (list, field) =>
      asList(list).reduce<number>((acc, row) => acc + (tryCents(field === undefined ? row : readMember(row, field)) ?? 0), 0),
    parseJson: (s) => {
      if (typeof s !== 'string') return s ?? null;
      try {
        return JSON.parse(s) as unknown;
      } catch {
        return null;
      }
    },
    toJson: (v) => JSON.stringify(v ?? null),
    /** pick(obj, 'a', 'b') or pick(obj, ['a','b']) → a new object with those keys. */
    pick: (o, ...ks) => {
      const names = ks.length === 1 && isList(ks[0]) ? ks[0] : ks;
      const out: Record<string, unknown> = {};
      for (const k of names) {
        const v = readMember(o, k);
        if (v !== undefined) out[asStr(k)] = v;
      }
      return out;
    },
    filter: (list, field, value) => asList(list).filter((r) => looseEq(readMember(r, field), value)),
    find: (list, field, value) => asList(list).find((r) => looseEq(readMember(r, field), value)) ?? null,
    map: (list, field) => asList(list).map((r) => readMember(r, field)),
    /** One level: [[1],[2,3],4] → [1,2,3,4]. */
    flatten: (list) => asList(list).flatMap((x) => (isList(x) ? x : [x])),
    isString: (v) => typeof v === 'string',
    isNumber: (v) => typeof v === 'number' && Number.isFinite(v),
    isArray: (v) => isList(v),
    first: (list) => (isList(list) && list.length ? list[0] : null),
    last: (list) => (isList(list) && list.length ? list[list.length - 1] : null),
    not: (v) => !v,
    isEmpty: (v) =>
      v === null || v === undefined || v === '' || (isList(v) && v.length === 0) ||
      (typeof v === 'object' && !isList(v) && Object.keys(v as object).length === 0),
    round: (v, digits) => {
      const n = asNum(v);
      if (n === null) return null;
      const p = 10 ** (asNum(digits) ?? 0);
      return Math.round(n * p) / p;
    },
  };
  return Object.assign(Object.create(null) as FunctionRegistry, fns);
}

/** The names of the built-ins (for the checker). */
export const BUILTIN_FUNCTION_NAMES: readonly string[] = Object.keys(builtinFunctions());

/** Built-ins plus the app's functions; an app function may not shadow a built-in by accident. */
export function createFunctionRegistry(extra: Record<string, Fn> = {}, opts: FunctionOptions = {}): FunctionRegistry {
  const reg = builtinFunctions(opts);
  for (const [name, f] of Object.entries(extra)) {
    if (name in reg) throw new Error(`function "${name}" is already a built-in`);
    reg[name] = f;
  }
  return reg;
}
