// @vitest-environment jsdom
/**
 * A matrix section on screen (jsdom): the options once as a header, each row
 * its label over one radio per option named "<row>：<option>"; a tap sets that
 * row's ordinary value; validate() marks the first missing row. View mode and
 * a scale wider than five options draw the ordinary rows instead.
 */
import { act, createElement, createRef } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { SchemaForm, type FormHandle, type SchemaFormProps } from '../../src/widgets/form/SchemaForm';
import { loadWidgets, WIDGET_NAMES } from '../../src/widgets/form/registry';

const SCALE = ['完全不会', '好几天', '一半以上的天数', '几乎每天'];
const row = (label: string, options = SCALE) => ({ type: 'string', 'x-label': label, 'x-widget': 'radio', enum: options });
const schema = (options = SCALE) => ({
  type: 'object',
  properties: { phq: { type: 'object', 'x-label': '过去两周', 'x-options': { matrix: true }, properties: { q1: row('1. 没有兴趣', options), q2: row('2. 心情低落', options) }, required: ['q1', 'q2'] } },
});

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
  act(() => root!.render(createElement(SchemaForm, { ...props, formRef: ref })));
  return { el: host, form: () => ref.current! };
}
const radios = (el: HTMLElement) => [...el.querySelectorAll<HTMLElement>('[role="radio"]')];

describe('a matrix section', () => {
  it('draws a header and a radio per option per row; a tap is the row’s value; the first missing row gets its message', async () => {
    const { el, form } = mount({ schema: schema() });
    expect([...el.querySelectorAll('.cf-matrix-head-cell')].map((c) => c.textContent)).toEqual(SCALE);
    expect(radios(el).map((r) => r.getAttribute('aria-label'))).toEqual(['1. 没有兴趣', '2. 心情低落'].flatMap((l) => SCALE.map((o) => `${l}：${o}`)));
    expect(el.querySelector('#cf-phq-q1')?.getAttribute('role')).toBe('radiogroup');

    act(() => radios(el)[3].click());
    expect(radios(el)[3].getAttribute('aria-checked')).toBe('true');
    expect(form().getValues()).toEqual({ phq: { q1: '几乎每天' } });

    let first: string | null = null;
    await act(async () => void (first = await form().validate()));
    expect(first).toBe('请填写2. 心情低落');
    expect(el.querySelector('[data-path="phq.q2"] .adm-form-item-feedback-error')?.textContent).toBe('请填写2. 心情低落');
    expect(el.querySelector('[data-path="phq.q1"] .adm-form-item-feedback-error')).toBeNull();
  });

  it('takes the keyboard as a radio group: one cell per row in the tab order, arrows move and choose within the row', () => {
    const { el, form } = mount({ schema: schema() });
    const row1 = () => radios(el).slice(0, 4);
    const row2 = () => radios(el).slice(4);
    // nothing chosen: each row's first cell is its one tab stop
    expect(radios(el).map((r) => r.tabIndex)).toEqual([0, -1, -1, -1, 0, -1, -1, -1]);
    const key = (target: HTMLElement, k: string) => act(() => void target.dispatchEvent(new KeyboardEvent('keydown', { key: k, bubbles: true })));
    key(row1()[0], 'ArrowRight');
    expect(form().getValues()).toEqual({ phq: { q1: '完全不会' } }); // the first move chooses where it starts
    key(row1()[0], 'ArrowRight');
    key(row1()[1], 'ArrowRight');
    expect(form().getValues()).toEqual({ phq: { q1: '一半以上的天数' } });
    expect(document.activeElement).toBe(row1()[2]);
    expect(row1().map((r) => r.tabIndex)).toEqual([-1, -1, 0, -1]);
    key(row1()[2], 'ArrowLeft');
    expect(form().getValues()).toEqual({ phq: { q1: '好几天' } });
    // the other row is untouched; its end stops at its last option
    for (let i = 0; i < 6; i++) key(row2()[0], 'ArrowDown');
    expect(form().getValues()).toEqual({ phq: { q1: '好几天', q2: '几乎每天' } });
  });

  it('view mode, and more than five options, draw the ordinary rows', () => {
    const view = mount({ schema: schema(), readOnly: true, values: { phq: { q1: '好几天' } } });
    expect(view.el.querySelector('.cf-matrix')).toBeNull();
    expect(view.el.querySelector('#cf-phq-q1')?.textContent).toBe('好几天');
    act(() => root?.unmount());
    const wide = mount({ schema: schema(['1', '2', '3', '4', '5', '6']) });
    expect(wide.el.querySelector('.cf-matrix')).toBeNull();
    expect(wide.el.querySelectorAll('.adm-radio').length).toBe(12);
  });
});
