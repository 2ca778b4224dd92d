// @vitest-environment jsdom
/**
 * The schema vocabulary on screen (jsdom): what the person sees and can do for
 * ordinary JSON Schema (tests/fixtures/schema-vocabulary) — lists of single
 * values with add and delete, descriptions, read-only values, choices with
 * their labels, fields a condition adds, dates with times, negative numbers.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { act, createElement, createRef } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { SchemaForm, type FormHandle, type SchemaFormProps } from '../../src/widgets/form/SchemaForm';
import { loadWidgets, WIDGET_NAMES } from '../../src/widgets/form/registry';
import { compileExpr, createFunctionRegistry } from '../../src/engine/expr';
import { buildFormModel, type FieldNode } from '../../src/engine/form/schema-model';
import { cleanValues, initialValues, isUnderHidden } from '../../src/engine/form/values';
import { check, fixture, fixtureNames } from './schema-vocabulary';

const dir = join(import.meta.dirname, '../fixtures/schema-vocabulary');
const load = (name: string) => JSON.parse(readFileSync(join(dir, `${name}.json`), 'utf8')) as object;
const fns = createFunctionRegistry({});
const evalCondition = (expr: string, form: Record<string, unknown>) => !!compileExpr(expr).evaluate({ form }, fns);

let root: Root | undefined;
let host: HTMLElement;

beforeAll(async () => {
  // Widgets are chunks loaded per form (registry.ts); the app loads them with the schema, before rendering.
  await loadWidgets(WIDGET_NAMES);
  (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
  window.matchMedia ??= ((q: string) => ({ matches: false, media: q, addListener() {}, removeListener() {}, addEventListener() {}, removeEventListener() {}, onchange: null, dispatchEvent: () => false })) as never;
  (globalThis as { ResizeObserver?: unknown }).ResizeObserver ??= class { observe() {} unobserve() {} disconnect() {} };
});

afterEach(() => {
  act(() => root?.unmount());
  root = undefined;
  host?.remove();
});

function mount(props: Omit<SchemaFormProps, 'formRef'>) {
  const ref = createRef<FormHandle>();
  host = document.createElement('div');
  document.body.appendChild(host);
  root = createRoot(host);
  act(() => root!.render(createElement(SchemaForm, { evalCondition, ...props, formRef: ref })));
  return { el: host, form: () => ref.current! };
}

function typeInto(input: HTMLInputElement, text: string) {
  const setter = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!;
  act(() => {
    setter.call(input, text);
    input.dispatchEvent(new Event('input', { bubbles: true }));
  });
}
const buttons = (el: HTMLElement, text: string) => [...el.querySelectorAll('button')].filter((b) => b.textContent?.trim() === text);
const labels = (el: HTMLElement) => [...el.querySelectorAll('label.adm-form-item-label')].map((l) => l.textContent);

describe('the vocabulary on screen', () => {
  it('a list of strings: starts with minItems rows, adds and deletes rows, sends what was typed', async () => {
    const { el, form } = mount({ schema: load('array-strings') });
    expect(labels(el)).toEqual(['药名 1']);
    expect(el.querySelector('.cf-list .cf-section-title')!.textContent).toBe('正在服用的药物*');
    expect(buttons(el, '删除')).toHaveLength(0); // minItems 1
    act(() => buttons(el, '添加药名')[0].click());
    act(() => buttons(el, '添加药名')[0].click());
    expect(labels(el)).toEqual(['药名 1', '药名 2', '药名 3']);
    typeInto(el.querySelector<HTMLInputElement>('#cf-medicines-0')!, '阿司匹林');
    typeInto(el.querySelector<HTMLInputElement>('#cf-medicines-2')!, '二甲双胍');
    act(() => buttons(el, '删除')[1].click());
    expect(el.querySelector<HTMLInputElement>('#cf-medicines-1')!.value).toBe('二甲双胍');
    act(() => buttons(el, '添加体温')[0].click());
    typeInto(el.querySelector<HTMLInputElement>('#cf-temperatures-0')!, '36.5');
    expect(form().getValues()).toEqual({ medicines: ['阿司匹林', '二甲双胍'], temperatures: [36.5] });
    let first: string | null = 'not run';
    await act(async () => {
      first = await form().validate();
    });
    expect(first).toBeNull();
  });

  it('an exclusive option is ticked alone: it clears the others, another clears it', () => {
    const { el, form } = mount({ schema: load('exclusive-option') });
    const box = (label: string) => [...el.querySelectorAll('label.adm-checkbox')].find((l) => l.textContent?.trim() === label)!;
    act(() => (box('高血压') as HTMLElement).click());
    act(() => (box('糖尿病') as HTMLElement).click());
    expect(form().getValues()).toEqual({ history: ['hbp', 'dm'] });
    act(() => (box('以上都没有') as HTMLElement).click());
    expect(form().getValues()).toEqual({ history: ['none'] });
    act(() => (box('糖尿病') as HTMLElement).click());
    expect(form().getValues()).toEqual({ history: ['dm'] });
  });

  it('the hint of an empty box: 请输入 + a name-like label, 请填写 for a question (issue 25: 请输入运动时有没有不舒服？请简单描述)', () => {
    const { el } = mount({
      schema: { type: 'object', properties: { unit: { type: 'string', title: '单位名称' }, note: { type: 'string', title: '6. 补充说明' }, how: { type: 'string', title: '运动时有没有不舒服？请简单描述', 'x-widget': 'textarea' }, kg: { type: 'number', title: '最近一年体重变化了多少公斤' } } },
    });
    const hints = [...el.querySelectorAll('input, textarea')].map((i) => i.getAttribute('placeholder')).filter((h) => h !== null);
    expect(hints).toEqual(['请输入单位名称', '请输入补充说明', '请填写', '请填写']);
  });

  it('a writeOnly field is a password box; examples are the placeholder', () => {
    const { el } = mount({ schema: load('simple') });
    expect(el.querySelector<HTMLInputElement>('#cf-password')!.type).toBe('password');
    expect(el.querySelector<HTMLInputElement>('#cf-telephone')!.placeholder).toBe('例如：13800000000');
  });

  it('descriptions under the form, a section title and a field', () => {
    const { el } = mount({ schema: load('descriptions') });
    const texts = [...el.querySelectorAll('.cf-description')].map((d) => d.textContent);
    expect(texts).toEqual(['本问卷约需 3 分钟。', '最近一个月', '平均值，可写小数']);
  });

  it('readOnly and a fixed const read as text; type null is a line with its description', () => {
    const { el, form } = mount({ schema: load('readonly') });
    expect(el.querySelector('#cf-regno')!.tagName).toBe('SPAN');
    expect(el.querySelector('#cf-regno')!.textContent).toBe('T2024001');
    expect(el.querySelectorAll('input')).toHaveLength(1);
    expect(form().getValues()).toEqual({ regno: 'T2024001' });
    act(() => root!.unmount());
    const n = mount({ schema: load('null-field') });
    expect(n.el.textContent).toContain('须知');
    expect(n.el.textContent).toContain('检查前一天晚上 8 点后禁食。');
  });

  it('a plain enum and oneOf titles are radios with their labels; a then field comes and goes with the answer', () => {
    const { el, form } = mount({ schema: load('if-then-else') });
    expect(el.textContent).toContain('每天几支');
    const radios = el.querySelectorAll<HTMLInputElement>('input[type=radio]');
    expect([...radios].map((r) => r.closest('label')?.textContent)).toEqual(['是', '否']);
    act(() => radios[1].click());
    expect(el.textContent).not.toContain('每天几支');
    expect(el.textContent).toContain('戒烟几年');
    expect(form().getValues()).toEqual({ smoker: '否' });
  });

  it('oneOf alternatives: a choice of their titles, then the chosen one’s fields', async () => {
    const { el, form } = mount({ schema: load('oneof-discriminated') });
    expect(labels(el)).toEqual(['证件类型*']);
    const radios = el.querySelectorAll<HTMLInputElement>('input[type=radio]');
    expect([...radios].map((r) => r.closest('label')?.textContent)).toEqual(['身份证', '护照']);
    act(() => radios[1].click());
    expect(labels(el)).toEqual(['证件类型*', '护照号*', '国籍*']);
    typeInto(el.querySelector<HTMLInputElement>('#cf-passport')!, 'E123');
    let first: string | null = null;
    await act(async () => {
      first = await form().validate();
    });
    expect(first).toBe('请填写国籍');
    expect(form().getValues()).toEqual({ kind: 'passport', passport: 'E123' });
  });

  it('a negative integer can be typed, with a Chinese keyboard’s minus too', () => {
    const { el, form } = mount({ schema: load('numbers') });
    const temp = el.querySelector<HTMLInputElement>('#cf-temp')!;
    expect(temp.getAttribute('inputmode')).toBe('text');
    typeInto(temp, '-');
    typeInto(temp, '-50');
    expect(form().getValues()).toEqual({ temp: -50 });
    typeInto(temp, '－5');
    expect(form().getValues()).toEqual({ temp: -5 });
  });

  it('date-time and time values read without seconds; defaults nested in sections and list entries are shown', () => {
    const { el } = mount({ schema: load('formats'), values: { at: '2024-05-01T08:30:00+08:00', arrive: '07:45:00+08:00' } });
    expect(el.querySelector('#cf-at')!.textContent).toBe('2024-05-01 08:30');
    expect(el.querySelector('#cf-arrive')!.textContent).toBe('07:45');
    expect(el.querySelector('#cf-day')!.textContent).toBe('请选择日期');
    act(() => root!.unmount());
    const d = mount({ schema: load('defaults-nested') });
    expect(d.el.querySelector<HTMLInputElement>('#cf-family-0-name')!.value).toBe('张三');
    expect(d.el.querySelector<HTMLInputElement>('#cf-family-0-relation')!.value).toBe('配偶');
    expect(d.el.querySelector<HTMLInputElement>('#cf-tags-0')!.value).toBe('VIP');
  });
});

/** Every field shown as the form starts, by path and label: sections and lists, and the fields of their entries. */
function shownFields(schema: object): Array<{ path: string; label: string }> {
  const root = buildFormModel(schema);
  const start = initialValues(root, {});
  const { hidden } = cleanValues(root, start, evalCondition);
  const out: Array<{ path: string; label: string }> = [];
  const walk = (fields: FieldNode[], base: string, value: unknown) => {
    for (const f of fields) {
      const path = base ? `${base}.${f.name}` : f.name;
      if (isUnderHidden(path, hidden)) continue;
      out.push({ path, label: f.label });
      const v = (value as Record<string, unknown> | undefined)?.[f.name];
      if (f.children) walk(f.children, path, v);
      if (f.item && Array.isArray(v)) v.forEach((entry, i) => walk(f.item!, `${path}.${i}`, entry));
    }
  };
  walk(root.children ?? [], '', start);
  return out;
}

describe('every schema the checker accepts, on screen', () => {
  const clean = fixtureNames().filter((n) => check(fixture(n)).length === 0);
  it.each(clean)('%s: every field it starts with is drawn with its label', async (name) => {
    const schema = load(name);
    const { el } = mount({ schema });
    const fields = shownFields(schema);
    expect(fields.length, name).toBeGreaterThan(0);
    // A long form draws its first rows at once and the rest right after the first paint (first-rows.ts).
    await vi.waitFor(async () => {
      await act(async () => {});
      const text = el.textContent ?? '';
      for (const f of fields) expect(text.includes(f.label), `${name}: ${f.path} 「${f.label}」 in ${text}`).toBe(true);
    }, { timeout: 30_000, interval: 20 });
  });
});

