import { describe, expect, it } from 'vitest';
import { filterTree, normalizeTree, selectedItems, toggleCode, totalCents } from '../../src/widgets/item-tree/tree-model';
import { filterItems } from '../../src/widgets/screens/card-list/search-filter';
import { groupByClass, isAbnormalHint, mapResultGroups, referenceRange } from '../../src/widgets/screens/result-table/result-model';
import { resolveCondition } from '../../src/widgets/common/condition';
import { formatMoney } from '../../src/widgets/common/money';
import { asArray } from '../../src/widgets/common/values';

const tree = [
  {
    text: '影像',
    children: [
      { comb_code: 'CT1', comb_name: '胸部CT', price: '260.5', note: '平扫' },
      { comb_code: 'US1', comb_name: '甲状腺彩超', price: 120 },
    ],
  },
  { text: '检验', children: [{ comb_code: 'LB1', comb_name: '肿瘤标志物', price: '0.1' }, { comb_code: 'LB2', comb_name: '甲功', price: '0.2' }] },
  { text: '空', children: [] },
];

describe('extra-item tree', () => {
  const cats = normalizeTree(tree);

  it('normalises with default and configured field names, and from JSON text', () => {
    expect(cats[0].items[0]).toMatchObject({ code: 'CT1', name: '胸部CT', cents: 26050, note: '平扫' });
    const custom = normalizeTree([{ title: 'A', kids: [{ id: 9, label: 'x', cost: '1' }] }], { text: 'title', children: 'kids', code: 'id', name: 'label', price: 'cost', note: 'n' });
    expect(custom[0]).toMatchObject({ text: 'A', items: [{ code: '9', name: 'x', cents: 100 }] });
    expect(normalizeTree(JSON.stringify(tree))).toEqual(cats);
    expect(normalizeTree('not json')).toEqual([]);
    expect(normalizeTree(null)).toEqual([]);
  });

  it('search filters by name substring and drops emptied categories', () => {
    expect(filterTree(cats, '甲').map((c) => [c.text, c.items.map((i) => i.code)])).toEqual([
      ['影像', ['US1']],
      ['检验', ['LB2']],
    ]);
    expect(filterTree(cats, 'ct').map((c) => c.items.map((i) => i.code))).toEqual([['CT1']]);
    expect(filterTree(cats, '  ')).toBe(cats);
    expect(filterTree(cats, '没有')).toEqual([]);
  });

  it('total is package price plus selected extras in integer cents (0.1 + 0.2 is exactly 0.30)', () => {
    const chosen = selectedItems(cats, ['LB1', 'LB2']);
    expect(totalCents(0, chosen)).toBe(30);
    expect(totalCents(59800, selectedItems(cats, new Set(['CT1', 'US1'])))).toBe(59800 + 26050 + 12000);
    expect(totalCents(100, [])).toBe(100);
  });

  it('selected items come in tree order, once each', () => {
    const dup = normalizeTree([...tree, { text: '重复', children: [{ comb_code: 'CT1', comb_name: '胸部CT', price: '260.5' }] }]);
    expect(selectedItems(dup, ['LB1', 'CT1']).map((i) => i.code)).toEqual(['CT1', 'LB1']);
  });

  it('an on-site-only code is refused and stays unchecked; others toggle', () => {
    const blocked = new Set(['CT1']);
    const r = toggleCode(new Set(), 'CT1', true, blocked);
    expect(r.blocked).toBe(true);
    expect(r.selected.has('CT1')).toBe(false);
    const ok = toggleCode(new Set(['US1']), 'LB1', true, blocked);
    expect(ok.blocked).toBe(false);
    expect([...ok.selected]).toEqual(['US1', 'LB1']);
    expect([...toggleCode(ok.selected, 'US1', false, blocked).selected]).toEqual(['LB1']);
  });
});

describe('card list search', () => {
  const items = [{ clus_Name: '入职体检A' }, { clus_Name: '婚前体检' }, { clus_Name: 'VIP Package' }, { other: 1 }, { clus_Name: 12345 }];
  it('substring, case-insensitive, on the configured field', () => {
    expect(filterItems(items, 'clus_Name', '体检')).toHaveLength(2);
    expect(filterItems(items, 'clus_Name', 'vip')).toEqual([{ clus_Name: 'VIP Package' }]);
    expect(filterItems(items, 'clus_Name', '234')).toEqual([{ clus_Name: 12345 }]);
    expect(filterItems(items, 'clus_Name', '')).toBe(items);
    expect(filterItems(items, undefined, '体检')).toBe(items);
  });
  it('dotted field paths', () => {
    expect(filterItems([{ a: { b: 'xyz' } }, { a: {} }], 'a.b', 'Y')).toEqual([{ a: { b: 'xyz' } }]);
  });
});

describe('report result model', () => {
  const groups = [
    { check_cls: '2', comb_name: '血常规', dept_doct: '王', res_tag: '异常', detailList: [{ item_name: 'WBC', rec_result: '11.2', hint: '↑', unit: '10^9/L', ref_lower: '3.5', ref_upper: '9.5' }, { item_name: 'RBC', rec_result: '4.5', hint: '', unit: '', ref_lower: '', ref_upper: '5.5' }] },
    { check_cls: '0', comb_name: '一般检查', detailList: [] },
    { check_cls: '9', comb_name: '其他' },
  ];
  it('maps rows with range and abnormal flag', () => {
    const g = mapResultGroups(groups);
    expect(g[0].rows[0]).toEqual({ name: 'WBC', result: '11.2', unit: '10^9/L', range: '3.5–9.5', hint: '↑', abnormal: true });
    expect(g[0].rows[1]).toMatchObject({ range: '≤5.5', abnormal: false });
    expect(mapResultGroups(JSON.stringify(groups))).toHaveLength(3);
    expect(isAbnormalHint('↓')).toBe(true);
    expect(isAbnormalHint('正常')).toBe(false);
    expect(referenceRange('', '')).toBe('');
  });
  it('marks text hints like arrows; a one-sided range reads as one', () => {
    for (const h of ['异常', '阳性', '弱阳性', '偏高', '+', '↑ 偏高']) expect(isAbnormalHint(h), h).toBe(true);
    for (const h of ['', '阴性', '正常', '未见异常', '非阳性', '-']) expect(isAbnormalHint(h), h).toBe(false);
    expect(referenceRange('1.0', '')).toBe('≥1.0');
    expect(referenceRange('', '5.2')).toBe('≤5.2');
    expect(referenceRange('<0.5', '')).toBe('<0.5');
    expect(referenceRange('3.9', '6.1')).toBe('3.9–6.1');
  });
  it('groups by class in label order, unknown classes under *', () => {
    const s = groupByClass(mapResultGroups(groups), { '0': '一般检查', '1': '影像检查', '2': '检验', '*': '其他检查' });
    expect(s.map((x) => [x.label, x.groups.map((g) => g.title)])).toEqual([
      ['一般检查', ['一般检查']],
      ['检验', ['血常规']],
      ['其他检查', ['其他']],
    ]);
    expect(groupByClass(mapResultGroups(groups))).toHaveLength(1);
    expect(groupByClass([], { '0': 'x' })).toEqual([]);
  });
});

describe('common helpers', () => {
  it('conditions: booleans as given, text evaluated with a leading =, missing → fallback, errors → false', () => {
    const calls: unknown[] = [];
    const evalItem = (v: unknown, item: unknown) => {
      calls.push(v);
      if (v === '=boom') throw new Error('x');
      return (item as { ok?: boolean } | undefined)?.ok;
    };
    expect(resolveCondition(true, evalItem)).toBe(true);
    expect(resolveCondition(false, evalItem)).toBe(false);
    expect(resolveCondition(undefined, evalItem)).toBe(true);
    expect(resolveCondition(undefined, evalItem, undefined, false)).toBe(false);
    expect(resolveCondition('item.ok', evalItem, { ok: true })).toBe(true);
    expect(resolveCondition('=item.ok', evalItem, { ok: false })).toBe(false);
    expect(resolveCondition('=boom', evalItem)).toBe(false);
    expect(calls).toEqual(['=item.ok', '=item.ok', '=boom']);
  });
  it('money with 2 decimals', () => {
    expect(formatMoney('12.5')).toBe('12.50');
    expect(formatMoney(0.1 + 0.2)).toBe('0.30');
    expect(formatMoney('abc')).toBe('');
    expect(formatMoney(undefined)).toBe('');
  });
  it('asArray parses JSON text lists', () => {
    expect(asArray('[1,2]')).toEqual([1, 2]);
    expect(asArray('{"a":1}')).toEqual([]);
    expect(asArray(null)).toEqual([]);
  });
});
