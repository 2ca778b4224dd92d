/**
 * The checker's words: plain, short Simplified Chinese for the centre's admin
 * (docs/decisions.md "The config checker speaks Chinese"). Names the admin
 * types (keys, step names, file paths, message keys) stay as written, in ASCII
 * quotes "…" so they can be copied; the prose around them uses Chinese
 * punctuation (：，（）？、). A message built in more than one check is built
 * here, once. Pure: the studio runs the checker in the browser.
 */
import { suggest } from './suggest';

/** `a、b、c` (or `无` for none). */
export function list(items: readonly string[]): string {
  return items.length ? items.join('、') : '无';
}

/**
 * `表达式 "a + b" 里`: how an expression's own problem starts (expr/check.ts,
 * expr/infer.ts). The config checker swaps it for `表达式里`, the place
 * already said in words, and keeps the expression in the problem's `raw`.
 */
export const exprLead = (source: string): string => `表达式 "${source}" 里`;

/** `（可以写：a、b、c）`: the names allowed at a place. */
export function allowed(items: readonly string[], label = '可以写'): string {
  return `（${label}：${list(items)}）`;
}

/** `"a"、"b"、"c" 之一`. */
export function oneOfValues(values: readonly unknown[]): string {
  return `${values.map((v) => JSON.stringify(v)).join('、')} 之一`;
}

/** `"go" 指向的步骤 "X" 不存在（是不是要写 "Y"？）`; without a key: `步骤 "X" 不存在…`. */
export function unknownStepText(key: string | null, name: string, steps: Iterable<string>): string {
  return `${key ? `"${key}" 指向的` : ''}步骤 "${name}" 不存在${suggest(name, steps)}`;
}

/** `"schema" 指向的文件 "schemas/x.json" 不存在（是不是要写 "…"？）`. */
export function missingSchemaText(key: string, rel: string, schemas: Iterable<string>): string {
  return `"${key}" 指向的文件 "schemas/${rel}" 不存在${suggest(rel, schemas)}`;
}

/** `"alert" 用到的提示文字 "x" 不存在（是不是要写 "…"？），请在 flows/messages.yaml 里添加`. */
export function unknownMessageText(key: string, name: string, messages: Iterable<string>): string {
  return `"${key}" 用到的提示文字 "${name}" 不存在${suggest(name, messages)}，请在 flows/messages.yaml 里添加`;
}

/**
 * `flows/app.yaml 的 "session" 里没有声明 "x"（是不是要写 "…"？）`: a session key
 * or constant used (by an expression or a `set` target) but not declared.
 */
export function notDeclaredText(section: 'session' | 'constants', key: string, declared: readonly string[]): string {
  return `flows/app.yaml 的 "${section}" 里没有声明 "${key}"${suggest(key, declared)}`;
}

const KIND_WORDS: Record<string, string> = {
  number: '数字', integer: '整数', string: '文字', boolean: ' true 或 false',
  array: '列表', object: '一组键和值', null: '空值（null）',
};

/** `number,string` → `数字或文字` (what a value must be, after `应该是`). */
export function kindWords(types: string): string {
  return types.split(',').map((t) => KIND_WORDS[t] ?? ` ${t}`).join('或');
}

/** `，现在写的是 "5s"` for a short value (verbose Ajv gives the data). */
export function shown(data: unknown): string {
  if (data === undefined) return '';
  const j = JSON.stringify(data);
  return j !== undefined && j.length <= 40 ? `，现在写的是 ${j}` : '';
}

/** `（说明：…）` from the schema's description, when it has one. */
export function about(schema: unknown): string {
  const d = (schema as { description?: unknown } | undefined)?.description;
  return typeof d === 'string' && d ? `（说明：${d}）` : '';
}

/** How one branch of an anyOf/oneOf reads: `=表达式`, `数字`, `"a"、"b" 之一`. */
export function branchWords(s: unknown): string {
  const b = (s ?? {}) as { type?: unknown; pattern?: string; enum?: unknown[]; const?: unknown };
  if (b.pattern === '^=') return ' =表达式';
  if (Array.isArray(b.enum)) return ` ${oneOfValues(b.enum)}`;
  if (b.const !== undefined) return ` ${JSON.stringify(b.const)}`;
  if (b.type !== undefined) return kindWords(String(b.type));
  return '另一种写法';
}

/** The forms a value matching none of an anyOf/oneOf may take: `数字或 =表达式`. */
export function alternativesWords(parent: unknown): string {
  const p = (parent ?? {}) as { anyOf?: unknown[]; oneOf?: unknown[] };
  return [...new Set((p.anyOf ?? p.oneOf ?? []).map(branchWords))].join('或');
}

/** What a `pattern` of the flow format asks for, in words (else the pattern itself). */
export function patternWords(pattern: string): string {
  switch (pattern) {
    case '^/': return '路径要以 "/" 开头';
    case '^=': return '应该是 =表达式（以 = 开头）';
    case '^[A-Za-z][\\w]*$': return '要以英文字母开头，只用英文字母、数字和 _';
    case '^[A-Za-z][\\w-]*$': return '要以英文字母开头，只用英文字母、数字、_ 和 -';
    default: return `格式不对，要符合 ${pattern}`;
  }
}
