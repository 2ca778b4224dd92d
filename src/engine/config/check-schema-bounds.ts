/**
 * Bounds that leave nothing to enter (issue 24: a minimum above its maximum
 * and no examinee could submit): on a field's schema — numbers (with the
 * exclusive forms, integers and multipleOf), lengths, list sizes, key counts,
 * more ticks asked than a multiple choice has options — and on the widget's
 * own `x-options` (min above max, a stepper that cannot reach the allowed
 * range, a maxLength under the schema's minLength). Each at the upper bound
 * (where the two are usually seen together), in the admin's words.
 */
import type { CheckContext } from './context';
import { fieldLabel } from './check-form-schema';
import type { PathSeg } from './source';
import { inferWidget, jsonType, optionValues } from '../form/choices';

type Json = Record<string, unknown>;
const isObj = (v: unknown): v is Json => !!v && typeof v === 'object' && !Array.isArray(v);
const num = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v);
const SUBMIT = '怎么填都不对，谁也提交不了';

/** Whether the keyword family applies: no `type` (may be anything), or a type that includes one of `kinds`. */
function typed(node: Json, kinds: string[]): boolean {
  const t = node.type;
  if (t === undefined) return true;
  return (Array.isArray(t) ? t : [t]).some((x) => kinds.includes(String(x)));
}

interface Bound { v: number; key: string; open: boolean }

/** The tighter of an inclusive and an exclusive bound (`lower`: the larger). */
function bound(node: Json, closed: string, open: string, lower: boolean): Bound | null {
  const a = num(node[closed]) ? { v: node[closed] as number, key: closed, open: false } : null;
  const b = num(node[open]) ? { v: node[open] as number, key: open, open: true } : null;
  if (!a || !b) return a ?? b;
  if (a.v === b.v) return b;
  return (lower ? a.v > b.v : a.v < b.v) ? a : b;
}

export function checkBounds(ctx: CheckContext, file: string, node: Json, path: PathSeg[]): void {
  const at = fieldLabel(path);
  if (typed(node, ['number', 'integer'])) {
    const lo = bound(node, 'minimum', 'exclusiveMinimum', true);
    const hi = bound(node, 'maximum', 'exclusiveMaximum', false);
    if (lo && hi) {
      const both = `"${lo.key}" 是 ${lo.v}，"${hi.key}" 是 ${hi.v}`;
      if (lo.v > hi.v || (lo.v === hi.v && (lo.open || hi.open))) {
        ctx.error(file, [...path, hi.key], `${at}：${both}：没有数能同时满足，${SUBMIT}`, { key: true });
      } else {
        const gap = noStep(node, lo, hi);
        if (gap) ctx.error(file, [...path, hi.key], `${at}：${both}：这之间没有${gap}，${SUBMIT}`, { key: true });
      }
    }
  }
  const pairs: Array<[string, string, string[]]> = [
    ['minLength', 'maxLength', ['string']],
    ['minItems', 'maxItems', ['array']],
    ['minProperties', 'maxProperties', ['object']],
  ];
  for (const [min, max, kinds] of pairs) {
    if (num(node[min]) && num(node[max]) && node[min] > node[max] && typed(node, kinds)) {
      ctx.error(file, [...path, max], `${at}："${min}" 是 ${node[min]}，"${max}" 是 ${node[max]}：最少比最多还多，${SUBMIT}`, { key: true });
    }
  }
  checkTicks(ctx, file, node, path, at);
  checkFieldCount(ctx, file, node, path, at);
}

/** The step values must be on (integers, multipleOf), when no such value lies between the bounds: its words, else null. */
function noStep(node: Json, lo: Bound, hi: Bound): string | null {
  const integer = node.type === 'integer';
  const m = num(node.multipleOf) && node.multipleOf > 0 ? node.multipleOf : null;
  if (m !== null && integer && !Number.isInteger(m)) return null; // both at once: not judged
  const step = m ?? (integer ? 1 : null);
  if (step === null) return null;
  const eps = 1e-9 * Math.max(1, Math.abs(lo.v), Math.abs(hi.v));
  let k = Math.ceil(lo.v / step - 1e-9);
  if (lo.open && Math.abs(k * step - lo.v) <= eps) k++;
  const first = k * step;
  const fits = hi.open ? first < hi.v - eps : first <= hi.v + eps;
  if (fits) return null;
  return m !== null ? ` ${m} 的整数倍（"multipleOf"）` : '整数';
}

/** A multiple choice (each option ticked once) asked for more ticks than it has options. */
function checkTicks(ctx: CheckContext, file: string, node: Json, path: PathSeg[], at: string): void {
  if (!num(node.minItems) || !isObj(node.items) || !typed(node, ['array'])) return;
  const items = node.items;
  const list = optionValues(items);
  const widget = node['x-widget'];
  if (!list || !(node.uniqueItems === true || widget === undefined || widget === 'checkboxes')) return;
  const count = new Set(list.map((v) => JSON.stringify(v))).size;
  if (node.minItems > count) {
    ctx.error(file, [...path, 'minItems'], `${at}："minItems" 是 ${node.minItems}，但只有 ${count} 个选项（每个只能选一次）：怎么选都不够，谁也提交不了`, { key: true });
  }
}

const isDate = (v: unknown): v is string => typeof v === 'string' && /^\d{4}-\d{2}-\d{2}/.test(v) && !Number.isNaN(Date.parse(v));

/** The widget's own bounds (`x-options`, src/engine/form/widget-names.ts WIDGET_OPTIONS) against each other and the schema's. */
export function checkWidgetBounds(ctx: CheckContext, file: string, node: Json, path: PathSeg[]): void {
  const o = node['x-options'];
  if (!isObj(o)) return;
  const at = fieldLabel(path);
  const key = [...path, 'x-options'];
  const nothing = '手机上没有可选的值，谁也提交不了';
  if (num(o.min) && num(o.max) && o.min > o.max) ctx.error(file, [...key, 'max'], `${at}：x-options 的 "min"（${o.min}）比 "max"（${o.max}）还大：${nothing}`);
  if (isDate(o.min) && isDate(o.max) && Date.parse(o.min) > Date.parse(o.max)) {
    ctx.error(file, [...key, 'max'], `${at}：x-options 的 "min"（${o.min}）比 "max"（${o.max}）还晚：${nothing}`);
  }
  const widget = typeof node['x-widget'] === 'string' ? node['x-widget'] : inferWidget(node, jsonType(node), undefined);
  if (widget === 'number' && o.stepper === true) {
    // The stepper's +/− keep the value within x-options' min/max: outside the schema's range nothing it reaches passes.
    const lo = bound(node, 'minimum', 'exclusiveMinimum', true);
    const hi = bound(node, 'maximum', 'exclusiveMaximum', false);
    const reach = '手机上的加减按钮到不了允许的数，谁也提交不了';
    if (num(o.max) && lo && (o.max < lo.v || (o.max === lo.v && lo.open))) ctx.error(file, [...key, 'max'], `${at}：x-options 的 "max" 是 ${o.max}，但 "${lo.key}" 是 ${lo.v}：${reach}`);
    if (num(o.min) && hi && (o.min > hi.v || (o.min === hi.v && hi.open))) ctx.error(file, [...key, 'min'], `${at}：x-options 的 "min" 是 ${o.min}，但 "${hi.key}" 是 ${hi.v}：${reach}`);
  }
  if (num(o.maxLength) && num(node.minLength) && o.maxLength < node.minLength) {
    ctx.error(file, [...key, 'maxLength'], `${at}：x-options 的 "maxLength" 是 ${o.maxLength}，但 "minLength" 是 ${node.minLength}：手机上最多只能输入 ${o.maxLength} 个字，不够要求的 ${node.minLength} 个，谁也提交不了`);
  }
}

/**
 * `minProperties` above the number of fields an object has: the phone cannot
 * add a field of its own, so nobody can answer enough of them. Judged only
 * where every field is written in `properties` (no branches, alternatives,
 * `$ref` or free names that could add more).
 */
function checkFieldCount(ctx: CheckContext, file: string, node: Json, path: PathSeg[], at: string): void {
  const min = node.minProperties;
  if (!num(min) || !node.properties || typeof node.properties !== 'object') return;
  const more = ['allOf', 'anyOf', 'oneOf', 'if', 'then', 'else', 'dependencies', '$ref', 'patternProperties'].some((k) => node[k] !== undefined) || (node.additionalProperties !== undefined && node.additionalProperties !== false);
  const count = Object.keys(node.properties).length;
  if (!more && min > count) {
    ctx.error(file, [...path, 'minProperties'], `${at}："minProperties" 是 ${min}，要求至少填 ${min} 项，这里却只有 ${count} 个字段（手机上不能自己添加字段），${SUBMIT}`, { key: true });
  }
}

