// @vitest-environment jsdom
import { act, createElement, createRef, type ComponentType } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { List } from 'antd-mobile';
import { SchemaForm, type FormHandle, type SchemaFormProps } from '../../src/widgets/form/SchemaForm';
import { createRegistry, loadWidgets, WIDGET_NAMES } from '../../src/widgets/form/registry';
import { FIRST_ROWS } from '../../src/widgets/form/first-rows';
import { toDate } from '../../src/widgets/form/widgets/DateWidget';
import type { WidgetProps } from '../../src/widgets/form/types';
import { benchSchema } from '../../bench/form/bench-schema';
import { fakeEval, orderFormSchema, workListSchema } from './form-fixtures';

let root: Root | undefined;
let host: HTMLElement;

beforeAll(async () => {
  // Widgets are chunks loaded per form (registry.ts); the app loads them with the schema, before rendering.
  await loadWidgets(WIDGET_NAMES);
  (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
  // jsdom lacks these; antd-mobile reads them.
  window.matchMedia ??= ((q: string) => ({ matches: false, media: q, addListener() {}, removeListener() {}, addEventListener() {}, removeEventListener() {}, onchange: null, dispatchEvent: () => false })) as never;
  (globalThis as { ResizeObserver?: unknown }).ResizeObserver ??= class { observe() {} unobserve() {} disconnect() {} };
});

afterEach(() => {
  act(() => root?.unmount());
  root = undefined;
  host?.remove();
});

function mount(props: SchemaFormProps) {
  host = document.createElement('div');
  document.body.appendChild(host);
  root = createRoot(host);
  act(() => root!.render(createElement(SchemaForm, props)));
  return host;
}

/** Lets a long form draw the rows it keeps for after its first frame (src/widgets/form/first-rows.ts). */
async function drawAllRows() {
  await act(async () => {
    await new Promise((r) => setTimeout(r, 50));
  });
}

/** Types into a React-controlled input the way a browser does (native setter + input event). */
function typeInto(input: HTMLInputElement | HTMLTextAreaElement, text: string) {
  const proto = input instanceof HTMLTextAreaElement ? HTMLTextAreaElement.prototype : HTMLInputElement.prototype;
  const setter = Object.getOwnPropertyDescriptor(proto, 'value')!.set!;
  act(() => {
    setter.call(input, text);
    input.dispatchEvent(new Event('input', { bubbles: true }));
  });
}

const byText = (el: HTMLElement, text: string) => [...el.querySelectorAll('button')].filter((b) => b.textContent?.trim() === text);

describe('SchemaForm rendering', () => {
  it('a long form draws its first rows at once and the others after that first frame', async () => {
    const el = mount({ schema: benchSchema(130) });
    const rows = () => el.querySelectorAll('.adm-form-item').length;
    expect(rows()).toBe(FIRST_ROWS);
    await drawAllRows();
    expect(rows()).toBe(130);
  });

  it('re-renders only the field being typed into (130 fields)', async () => {
    const renders = new Map<string, number>();
    const counting = (inner: ComponentType<WidgetProps>) =>
      function Counting(p: WidgetProps) {
        renders.set(p.path, (renders.get(p.path) ?? 0) + 1);
        return createElement(inner, p);
      };
    const widgets = Object.fromEntries(
      (['text', 'number', 'radio', 'picker', 'date', 'textarea'] as const).map((n) => [n, counting(createRegistry()[n] as ComponentType<WidgetProps>)]),
    );
    // Count the rows (FormRow: label, required mark, error) too, through the List.Item each row renders (read at render time).
    const rows = new Map<string, number>();
    const OriginalItem = List.Item;
    (List as { Item: unknown }).Item = (p: { 'data-path'?: string }) => {
      rows.set(p['data-path']!, (rows.get(p['data-path']!) ?? 0) + 1);
      return createElement(OriginalItem, p as never);
    };
    let el: HTMLElement;
    try {
      el = mount({ schema: benchSchema(130), widgets });
      await drawAllRows();
    } finally {
      (List as { Item: unknown }).Item = OriginalItem;
    }
    (List as { Item: unknown }).Item = (p: { 'data-path'?: string }) => {
      rows.set(p['data-path']!, (rows.get(p['data-path']!) ?? 0) + 1);
      return createElement(OriginalItem, p as never);
    };
    expect(renders.size).toBe(130);
    expect(rows.size).toBe(130);
    const before = new Map(renders);
    const rowsBefore = new Map(rows);
    const last = el.querySelector<HTMLInputElement>('#cf-f130')!;
    typeInto(last, '张');
    typeInto(last, '张三');
    const changed = [...renders].filter(([p, n]) => n !== before.get(p)).map(([p]) => p);
    expect(changed).toEqual(['f130']);
    expect(renders.get('f130')! - before.get('f130')!).toBe(2);
    expect(last.value).toBe('张三');
    (List as { Item: unknown }).Item = OriginalItem;
    // The row around the typed field does not re-render either: only its control does.
    expect([...rows].filter(([p, n]) => n !== rowsBefore.get(p))).toEqual([]);
  });

  it('reset() replaces the values shown', () => {
    const ref = createRef<FormHandle>();
    const el = mount({ schema: orderFormSchema, evalCondition: fakeEval, formRef: ref, values: { name: '甲' } });
    expect(el.querySelector<HTMLInputElement>('#cf-name')!.value).toBe('甲');
    act(() => ref.current!.reset({ name: '乙', phone: '13800000000' }));
    expect(el.querySelector<HTMLInputElement>('#cf-name')!.value).toBe('乙');
    expect(ref.current!.getValues()).toEqual({ name: '乙', phone: '13800000000' });
  });

  it('values prop: same content in a new object keeps what is typed; different content resets', () => {
    const props = { schema: orderFormSchema, evalCondition: fakeEval, values: { name: '甲' } } as SchemaFormProps;
    const el = mount(props);
    const name = () => el.querySelector<HTMLInputElement>('#cf-name')!;
    typeInto(name(), '甲乙');
    act(() => root!.render(createElement(SchemaForm, { ...props, values: { name: '甲' } })));
    expect(name().value).toBe('甲乙');
    act(() => root!.render(createElement(SchemaForm, { ...props, values: { name: '丙' } })));
    expect(name().value).toBe('丙');
  });

  it('code widget: the send button calls onAction with the values, then counts down from 60', async () => {
    const calls: unknown[] = [];
    const schema = {
      type: 'object',
      properties: {
        tel: { type: 'string', 'x-label': '手机号码' },
        code: { type: 'string', 'x-label': '验证码', 'x-widget': 'code', 'x-options': { action: 'sendCode' } },
      },
    };
    const el = mount({ schema, values: { tel: '13812345678' }, onAction: (name, v) => void calls.push([name, v]) });
    await act(async () => byText(el, '获取验证码')[0].click());
    expect(calls).toEqual([['sendCode', { tel: '13812345678' }]]);
    const [button] = byText(el, '60s后重新获取');
    expect(button.disabled).toBe(true);
  });

  it('code widget: no countdown when the app answers false (phone check failed)', async () => {
    const schema = { type: 'object', properties: { code: { type: 'string', 'x-label': '验证码', 'x-widget': 'code' } } };
    const el = mount({ schema, onAction: () => false });
    await act(async () => byText(el, '获取验证码')[0].click());
    expect(byText(el, '获取验证码')).toHaveLength(1);
  });

  it('validate() returns the first message, shows errors inline, and editing clears one', async () => {
    const ref = createRef<FormHandle>();
    const el = mount({ schema: orderFormSchema, values: { kind: 'hc' }, evalCondition: fakeEval, formRef: ref });
    let first: string | null = null;
    await act(async () => {
      first = await ref.current!.validate();
    });
    expect(first).toBe('请输入姓名');
    const errors = () => [...el.querySelectorAll('.adm-form-item-feedback-error')].map((e) => e.textContent);
    expect(errors()).toEqual(['请输入姓名', '请输入身份证件号码', '请输入手机号码', '请输入健康证类型', '请输入职业']);
    typeInto(el.querySelector<HTMLInputElement>('#cf-name')!, '张三');
    expect(errors()).toEqual(['请输入身份证件号码', '请输入手机号码', '请输入健康证类型', '请输入职业']);
    expect(ref.current!.getValues()).toEqual({ kind: 'hc', name: '张三' });
  });

  it('hides and shows fields by x-visibleIf and leaves hidden values out', () => {
    const ref = createRef<FormHandle>();
    const el = mount({ schema: workListSchema, evalCondition: fakeEval, formRef: ref, values: { menstrual: { firstAge: 13 } } });
    expect(el.textContent).not.toContain('初潮年龄');
    expect(ref.current!.getValues().menstrual).toBeUndefined();
    const radios = el.querySelectorAll<HTMLInputElement>('input[type=radio]');
    act(() => radios[1].click()); // 女
    expect(el.textContent).toContain('初潮年龄');
    expect(ref.current!.getValues().menstrual).toEqual({ firstAge: 13 });
  });

  it('list: delete shows only while more than minItems entries remain', () => {
    const el = mount({ schema: workListSchema, evalCondition: fakeEval });
    const entries = () => el.querySelectorAll('.cf-list-entry').length;
    expect(entries()).toBe(1);
    expect(byText(el, '删除')).toHaveLength(0);
    act(() => byText(el, '添加工作经历')[0].click());
    act(() => byText(el, '添加工作经历')[0].click());
    expect(entries()).toBe(3);
    expect(byText(el, '删除')).toHaveLength(3);
    typeInto(el.querySelector<HTMLInputElement>('#cf-experiences-2-company')!, '三号单位');
    act(() => byText(el, '删除')[0].click());
    act(() => byText(el, '删除')[0].click());
    expect(entries()).toBe(1);
    expect(byText(el, '删除')).toHaveLength(0);
    expect(el.querySelector<HTMLInputElement>('#cf-experiences-0-company')!.value).toBe('三号单位');
  });

  it('read-only renders display text: labels, checkbox lists joined by 、, the signature as an image', () => {
    const png = 'data:image/png;base64,iVBORw0KGgo=';
    const schema = {
      type: 'object',
      properties: {
        name: { type: 'string', 'x-label': '姓名' },
        sex: { type: 'string', 'x-label': '性别', oneOf: [{ const: '1', title: '男' }, { const: '2', title: '女' }] },
        category: { type: 'array', 'x-label': '类别', items: { enum: ['上岗前', '在岗期间', '离岗时'] } },
        sign: { type: 'string', 'x-label': '签名', 'x-widget': 'signature' },
      },
    };
    const el = mount({ schema, readOnly: true, values: { name: '张三', sex: '2', category: ['上岗前', '离岗时'], sign: png } });
    expect(el.querySelectorAll('input, textarea')).toHaveLength(0);
    expect(el.querySelector('#cf-name')!.textContent).toBe('张三');
    expect(el.querySelector('#cf-sex')!.textContent).toBe('女');
    expect(el.querySelector('#cf-category')!.textContent).toBe('上岗前、离岗时');
    expect(el.querySelector<HTMLImageElement>('img#cf-sign')!.src).toBe(png);
  });

  it('onChange sends the cleaned values (debounced; flush() sends now)', () => {
    const seen: unknown[] = [];
    const ref = createRef<FormHandle>();
    const el = mount({ schema: orderFormSchema, evalCondition: fakeEval, formRef: ref, onChange: (v) => seen.push(v), changeDelayMs: 10_000 });
    typeInto(el.querySelector<HTMLInputElement>('#cf-name')!, '李');
    typeInto(el.querySelector<HTMLInputElement>('#cf-phone')!, '138');
    expect(seen).toHaveLength(0);
    act(() => ref.current!.flush());
    expect(seen).toEqual([{ name: '李', phone: '138' }]);
  });

  it('refuses an unknown widget name before rendering', () => {
    const schema = { type: 'object', properties: { a: { type: 'string', 'x-widget': 'slider', 'x-visibleIf': "form.b == 'x'" } } };
    host = document.createElement('div');
    root = createRoot(host);
    // React and jsdom report the thrown render error loudly; it is the expected outcome here.
    const err = console.error;
    const quiet = (e: ErrorEvent) => e.preventDefault();
    console.error = () => {};
    window.addEventListener('error', quiet);
    try {
      expect(() => act(() => root!.render(createElement(SchemaForm, { schema, evalCondition: fakeEval })))).toThrow("No widget 'slider' for type 'string'");
    } finally {
      console.error = err;
      window.removeEventListener('error', quiet);
    }
  });
});

describe('date options', () => {
  it("reads 'YYYY-MM-DD' and `=expr` (through the app's evaluator), ignores what it cannot read", () => {
    const env = { evalValue: (e: string) => (e === 'addYears(today(), -100)' ? '1926-11-21' : undefined) };
    expect(toDate('2020-02-03', env)?.getFullYear()).toBe(2020);
    expect(toDate('=addYears(today(), -100)', env)?.getFullYear()).toBe(1926);
    expect(toDate('=unknown()', env)).toBeUndefined();
    expect(toDate('not a date', env)).toBeUndefined();
    expect(toDate(undefined, env)).toBeUndefined();
  });
});
