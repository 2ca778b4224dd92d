/**
 * Files under schemas/ (not meta). A form schema must compile with the shared
 * Ajv set-up (src/engine/schema/ajv.ts, the one the app and server use), use
 * only known keywords and name real fields (check-form-schema.ts); `x-widget`
 * names a registered widget; `x-visibleIf` is a condition and `=expr` strings
 * inside `x-options` are expressions. A question bank is checked against its
 * own format.
 */
import type { ValidateFunction } from 'ajv';
import type { CheckContext } from './context';
import { describeAjvError, pathOf } from './check-meta';
import { suggest } from './suggest';
import type { PathSeg } from './source';
import { allowed, oneOfValues } from './words';
import { of, pathWords, rawPath } from './place-words';
import { createAjv } from '../schema/ajv';
import { inferWidget, jsonType } from '../form/schema-model';
import { INPUT_MODES, INPUT_TYPES, WIDGET_OPTIONS, type WidgetName } from '../form/widget-names';
import { checkFormSchema, fieldLabel } from './check-form-schema';
import { checkSchemaSanity, explainSchemaCompile } from './check-schema-sanity';
import { schemaFileType } from './step-types';
import { checkSchemaVocabulary } from './check-schema-vocabulary';
import { schemasShown } from './step-schemas';

const isObj = (v: unknown): v is Record<string, unknown> => !!v && typeof v === 'object' && !Array.isArray(v);

export function checkSchemas(ctx: CheckContext, bankMeta: ValidateFunction): void {
  formEvents.clear();
  for (const [rel, schema] of Object.entries(ctx.config.schemas)) {
    const file = `schemas/${rel}`;
    try {
      // A fresh instance per file: $ids may repeat across files.
      if (checkSchemaVocabulary(ctx, file, schema)) createAjv().compile(schema);
    } catch (e) {
      if (!explainSchemaCompile(schema)) ctx.error(file, [], `表单格式（JSON Schema）写得不对：${(e as Error).message}`);
    }
    walk(ctx, file, schema, []);
    // A question bank (sections of questions) is data, not a JSON Schema.
    if (isObj(schema) && Array.isArray(schema.sections)) checkBank(ctx, file, schema, bankMeta);
    else checkFormSchema(ctx, file, schema);
    checkSchemaSanity(ctx, file, schema);
  }
  checkFormEvents(ctx);
}

/**
 * A question bank: its shape (schemas/meta/flow.schema.json#/definitions/QuestionBank:
 * unknown keys, question types, wt_type), then what the shape cannot say —
 * ids unique, every isNext pulls in a follow-up, every follow-up is pulled in by
 * some answer, options unique within a question, and the `exclusive` rule (an
 * option marked exclusive — 以上都没有 / 无 — clears the others: only in a
 * multiple-choice question, with at least one ordinary option beside it).
 */
function checkBank(ctx: CheckContext, file: string, bank: Record<string, unknown>, meta: ValidateFunction): void {
  if (!meta(bank)) {
    for (const e of meta.errors ?? []) {
      const path = pathOf(e.instancePath);
      const m = describeAjvError(e, bankLabel(bank, path), path);
      ctx.error(file, m.path, m.text, { key: m.key, raw: m.path.length ? rawPath(m.path) : undefined });
    }
  }
  // What has the shape of a question is checked further, even beside a shape error elsewhere.
  const sections = (bank.sections as unknown[]).map((sec) => (isObj(sec) && Array.isArray(sec.questions) ? sec.questions : []));
  const all = sections.flatMap((qs, si) =>
    qs
      .map((q, qi) => ({ q: q as BankQuestion, path: ['sections', si, 'questions', qi] as PathSeg[] }))
      .filter(({ q }) => isObj(q) && typeof q.code === 'string' && typeof q.title === 'string' && (q.answers === undefined || Array.isArray(q.answers))),
  );
  const name = (q: BankQuestion) => `问题 "${q.title}"`;
  const lineOf = (path: PathSeg[]) => ctx.config.sources[file]?.locate(path).line ?? '?';
  const followUpCodes = new Set(all.filter(({ q }) => isFollowUp(q)).map(({ q }) => q.code));
  const pulled = new Set<string>();
  const ids = new Map<string, PathSeg[]>();
  const mainCodes = new Map<string, PathSeg[]>();
  for (const { q, path } of all) {
    const id = q.id ?? q.code;
    const seen = ids.get(id);
    // A main question without an id is covered by the code check below.
    if (seen && (q.id || isFollowUp(q))) ctx.error(file, [...path, q.id ? 'id' : 'code'], `${name(q)}：id "${id}" 用了两次（另一处在第 ${lineOf(seen)} 行），答案是按 id 保存的`);
    else if (!seen) ids.set(id, path);
    if (!isFollowUp(q)) {
      const other = mainCodes.get(q.code);
      if (other) ctx.error(file, [...path, 'code'], `${name(q)}：code "${q.code}" 已被另一道主问题用了（第 ${lineOf(other)} 行）`);
      else mainCodes.set(q.code, path);
    }
    const answers = (q.answers ?? []).filter((a) => isObj(a) && typeof a.ans === 'string');
    if (Number(q.type) !== 3 && answers.length === 0) ctx.error(file, path, `${name(q)}：选择题要有选项（"answers"）`, { key: true });
    const texts = new Set<string>();
    let exclusive = 0;
    answers.forEach((a, ai) => {
      const p: PathSeg[] = [...path, 'answers', ai];
      if (texts.has(a.ans)) ctx.error(file, [...p, 'ans'], `${name(q)}：选项 "${a.ans}" 写了两次`);
      texts.add(a.ans);
      if (a.isNext) {
        pulled.add(a.isNext);
        if (!followUpCodes.has(a.isNext)) {
          ctx.error(file, [...p, 'isNext'], `${name(q)} 的选项 "${a.ans}"："isNext" 写的是 "${a.isNext}"，但没有 code 是它的追问题（wt_type 为 B 或 C）${suggest(a.isNext, [...followUpCodes])}`);
        }
      }
      if (a.exclusive && Number(q.type) !== 2) ctx.error(file, [...p, 'exclusive'], `${name(q)} 的选项 "${a.ans}"：只有多选题（type 2）的选项才能设为排他（"exclusive"）`);
      else if (a.exclusive) exclusive++;
    });
    if (exclusive > 0 && exclusive === answers.length) ctx.error(file, [...path, 'answers'], `${name(q)}：每个选项都是排他的，请至少留一个普通选项`);
  }
  for (const { q, path } of all) {
    if (isFollowUp(q) && !pulled.has(q.code)) ctx.error(file, [...path, 'code'], `${name(q)}：这是追问题（wt_type ${q.wt_type}），但没有哪个选项的 "isNext" 指向它，所以永远不会问到`);
  }
}

interface BankQuestion {
  id?: string;
  code: string;
  title: string;
  wt_type?: string;
  type: number | string;
  answers?: Array<{ ans: string; isNext?: string | null; exclusive?: boolean }>;
}

/** As the question flow reads it: anything but a missing or 'A' wt_type is a follow-up. */
const isFollowUp = (q: BankQuestion) => !!q.wt_type && String(q.wt_type).toUpperCase() !== 'A';

/** `问题 "…"` for a path inside a question, else the path. */
function bankLabel(bank: Record<string, unknown>, path: PathSeg[]): string {
  const [s, si, q, qi] = path;
  if (s === 'sections' && q === 'questions' && typeof si === 'number' && typeof qi === 'number') {
    const question = (bank.sections as Array<{ questions?: Array<{ title?: string; code?: string }> }>)[si]?.questions?.[qi];
    const label = `问题 "${question?.title ?? question?.code ?? qi}"`;
    // In words (`的 "answers" 第 3 项`); the error's raw keeps the path (context.ts rawAt).
    return path.length > 4 ? of(label, pathWords(path.slice(4))) : label;
  }
  return path.length ? pathWords(path) : '题库最外层';
}

function walk(ctx: CheckContext, file: string, node: unknown, path: PathSeg[]): void {
  if (Array.isArray(node)) return node.forEach((x, i) => walk(ctx, file, x, [...path, i]));
  if (!isObj(node)) return;
  const at = fieldLabel(path);
  for (const [k, v] of Object.entries(node)) {
    const p = [...path, k];
    if (k === 'x-widget') {
      if (typeof v !== 'string') ctx.error(file, p, `${at}："x-widget" 应该是控件名`);
      else if (!ctx.unchecked('widgets') && !ctx.reg.widgets.includes(v)) {
        ctx.error(file, p, `${at}：控件 "${v}" 不存在${suggest(v, ctx.reg.widgets)}${allowed(ctx.reg.widgets)}`);
      }
    } else if (k === 'x-visibleIf') {
      if (typeof v !== 'string') ctx.error(file, p, `${at}："x-visibleIf" 应该是表达式`);
      // `form` is this schema's values (its fields and options: expr/schema-type.ts).
      else ctx.expr(file, p, v, `${at} 的 x-visibleIf`, { form: schemaFileType(ctx, file.replace(/^schemas\//, '')) });
    } else if (k === 'x-requiredIf' || k === 'x-endIf') {
      checkConditionKey(ctx, file, node, path, k, v, at);
    } else if (k === 'x-options') {
      // Its `=expr` options see the form's values, as x-visibleIf does.
      ctx.values(file, p, v, `${at} 的 x-options`, { form: schemaFileType(ctx, file.replace(/^schemas\//, '')) });
      checkWidgetOptions(ctx, file, node, p, at);
    } else if (k !== 'enum' && k !== 'const' && k !== 'default' && k !== 'examples') {
      walk(ctx, file, v, p);
    }
  }
}

/**
 * `x-requiredIf` (required while it holds) and `x-endIf` (skip to the end while
 * it holds): conditions over the form like `x-visibleIf`. A required-if on a
 * group, or on a field already always required, would do nothing, so it is refused.
 */
function checkConditionKey(ctx: CheckContext, file: string, node: Record<string, unknown>, path: PathSeg[], k: string, v: unknown, at: string): void {
  const p = [...path, k];
  if (typeof v !== 'string') return ctx.error(file, p, `${at}："${k}" 应该是表达式`);
  ctx.expr(file, p, v, `${at} 的 ${k}`, { form: schemaFileType(ctx, file.replace(/^schemas\//, '')) });
  if (k !== 'x-requiredIf') return;
  if (node.type === 'object' || isObj(node.properties)) return ctx.error(file, p, `${at}："x-requiredIf"（满足条件时必填）只能写在题目上，一组题目本身没有可填的`, { key: true });
  const name = path[path.length - 1];
  const parent = path[path.length - 2] === 'properties' ? valueAt(ctx.config.schemas[file.replace(/^schemas\//, '')], path.slice(0, -2)) : undefined;
  if (typeof name === 'string' && isObj(parent) && Array.isArray(parent.required) && parent.required.includes(name)) {
    ctx.error(file, p, `${at}：它已经在 "required" 里（总是必填），"x-requiredIf" 不起作用；要按条件必填，请把它从 "required" 里去掉`, { key: true });
  }
}

const valueAt = (v: unknown, path: PathSeg[]): unknown => path.reduce<unknown>((o, seg) => (o && typeof o === 'object' ? (o as Record<string, unknown>)[seg as string] : undefined), v);

/** Events named by widget options (`code`'s `action`), per schema file: checked against the steps showing the form. */
const formEvents = new Map<string, Array<{ path: PathSeg[]; event: string; at: string }>>();

/** A widget's `x-options`: only the options it reads (WIDGET_OPTIONS), each of the right kind. */
function checkWidgetOptions(ctx: CheckContext, file: string, field: Record<string, unknown>, path: PathSeg[], at: string): void {
  const opts = field['x-options'];
  if (!isObj(opts)) return ctx.error(file, path, `${at}："x-options" 应该是一组控件选项（键和值）`);
  const choices = Array.isArray(field.enum) ? field.enum.map((value) => ({ value, label: '' })) : undefined;
  // An object without x-widget is a section (as the form model reads it), whose options are the matrix's.
  const type = jsonType(field);
  const widget = typeof field['x-widget'] === 'string' ? field['x-widget'] : type === 'object' ? 'section' : inferWidget(field, type, choices);
  const options = WIDGET_OPTIONS[widget as WidgetName] ?? {};
  const names = Object.keys(options);
  for (const [name, value] of Object.entries(opts)) {
    const p = [...path, name];
    const kind = options[name];
    if (!kind) {
      ctx.error(file, p, `${at}：控件 "${widget}" 没有选项 "${name}"${suggest(name, names)}，写了不起作用${names.length ? allowed(names) : '（这个控件没有可写的选项）'}`, { key: true });
      continue;
    }
    const isExpr = typeof value === 'string' && value.startsWith('=');
    const bad = (want: string) => ctx.error(file, p, `${at}：控件 "${widget}" 的选项 "${name}" 应该是${want}，现在写的是 ${JSON.stringify(value)}`);
    if (kind === 'number' && typeof value !== 'number') bad('数字（例如 60）');
    else if (kind === 'boolean' && typeof value !== 'boolean') bad(' true 或 false');
    else if (kind === 'string' && typeof value !== 'string') bad('文字');
    else if (kind === 'inputMode' && !INPUT_MODES.includes(String(value))) bad(` ${oneOfValues(INPUT_MODES)}`);
    else if (kind === 'inputType' && !INPUT_TYPES.includes(String(value))) bad(` ${oneOfValues(INPUT_TYPES)}`);
    else if (kind === 'event') {
      if (typeof value !== 'string' || isExpr) bad('显示这张表单的步骤里的一个事件名');
      else {
        const rel = file.replace(/^schemas\//, '');
        const list = formEvents.get(rel) ?? [];
        list.push({ path: p, event: value, at });
        formEvents.set(rel, list);
      }
    }
  }
}

/** Every event a form's widgets name is handled by each step that shows that form (`on.<event>`). */
function checkFormEvents(ctx: CheckContext): void {
  for (const [rel, events] of formEvents) {
    const steps = Object.values(ctx.config.steps).filter(
      (st) => schemasShown(st).has(rel),
    );
    for (const st of steps) {
      const on = Object.keys(st.on ?? {});
      for (const e of events) {
        if (!on.includes(e.event)) {
          ctx.error(`schemas/${rel}`, e.path, `${e.at}：按钮的事件 "${e.event}" 在步骤 "${st.id}"（${st.file}）的 "on" 里没有处理，按钮点了没反应${suggest(e.event, on)}，请在这个步骤的 "on" 里添加 "${e.event}"`);
        }
      }
    }
  }
}
