import { lazy, Suspense, useEffect, useMemo, useState } from 'react';
import { Button, SearchBar } from 'antd-mobile';
import { toast } from '../../common/feedback';
import type { ScreenProps } from '../types';
import { EmptyState } from '../../common/EmptyState';
import { MoneyText } from '../../common/MoneyText';
import { PageLayout } from '../../common/PageLayout';
import { useBusy } from '../../common/use-busy';
import { asArray, asNumber } from '../../common/values';
import { ItemTree } from '../../item-tree/ItemTree';

// The confirmation sheet (a popup: react-spring, gestures) loads when 确认 is first pressed.
const ConfirmItemsPopup = lazy(() => import('../../item-tree/ConfirmItemsPopup').then((m) => ({ default: m.ConfirmItemsPopup })));
import { DEFAULT_TREE_FIELDS, filterTree, normalizeTree, selectedItems, toggleCode, totalCents, type TreeFields, type TreeItem } from '../../item-tree/tree-model';

export interface TreeSelectProps {
  tree?: unknown;
  fields?: Partial<TreeFields>;
  selected?: unknown;
  blocked?: unknown;
  blockedMessage?: string;
  baseCents?: number;
  /** Tree list height in px (spec: 600). */
  height?: number;
  searchPlaceholder?: string;
  emptyText?: string;
  totalLabel?: string;
  /** `{n}` = number of chosen items. */
  countText?: string;
  nextText?: string;
  confirmTitle?: string;
  backText?: string;
  confirmText?: string;
  confirmEvent?: string;
}

/** Extra-item picker: searchable category tree, running total, 确认项目 sheet. */
export default function TreeSelectScreen({ props, emit, title }: ScreenProps<TreeSelectProps>) {
  const fields: TreeFields = { ...DEFAULT_TREE_FIELDS, ...props.fields };
  const categories = useMemo(() => normalizeTree(props.tree, fields), [props.tree, JSON.stringify(props.fields ?? {})]);
  // Codes; server rows ({comb_code, …}) are read through `fields.code` rather than stringified to "[object Object]".
  const blocked = useMemo(
    () => new Set(asArray(props.blocked).map((b) => (b !== null && typeof b === 'object' ? String((b as Record<string, unknown>)[fields.code] ?? '') : String(b)))),
    [props.blocked, fields.code],
  );
  const [selected, setSelected] = useState<Set<string>>(() => new Set(asArray(props.selected).map(String)));
  const [keyword, setKeyword] = useState('');
  const [confirming, setConfirming] = useState(false);
  // Mounted from the first 确认 on, so closing it still animates.
  const [confirmed, setConfirmed] = useState(false);
  const [busy, guard] = useBusy();

  useEffect(() => setSelected(new Set(asArray(props.selected).map(String))), [props.selected]);

  const shown = filterTree(categories, keyword);
  const chosen = selectedItems(categories, selected);
  const total = totalCents(asNumber(props.baseCents, 0), chosen);
  const totalLabel = props.totalLabel ?? '合计：';

  const toggle = (item: TreeItem, checked: boolean) => {
    const r = toggleCode(selected, item.code, checked, blocked);
    if (r.blocked) toast(props.blockedMessage ?? '该项目需要到现场增加');
    setSelected(r.selected);
  };

  const confirm = () =>
    guard(async () => {
      if (!props.confirmEvent) return;
      await emit(props.confirmEvent, {
        items: chosen.map((i) => i.raw),
        codes: chosen.map((i) => i.code),
        totalCents: total,
        extraCents: total - asNumber(props.baseCents, 0),
      });
      setConfirming(false);
    });

  return (
    <PageLayout
      title={title}
      footer={
        <div style={{ display: 'flex', alignItems: 'center', gap: 12 }}>
          <div style={{ flex: 1, fontSize: 14 }}>
            <div>
              {totalLabel}
              <MoneyText cents={total} />
            </div>
            <div style={{ fontSize: 12, color: 'var(--adm-color-weak)' }}>{(props.countText ?? '已选 {n} 项').replace('{n}', String(chosen.length))}</div>
          </div>
          <Button color="primary" onClick={() => {
            setConfirmed(true);
            setConfirming(true);
          }}>
            {props.nextText ?? '确定'}
          </Button>
        </div>
      }
    >
      <div style={{ background: '#fff', padding: '8px 12px' }}>
        <SearchBar placeholder={props.searchPlaceholder ?? '搜索项目名称'} value={keyword} onChange={setKeyword} />
      </div>
      {shown.length === 0 ? (
        <EmptyState text={props.emptyText} />
      ) : (
        <ItemTree categories={shown} selected={selected} height={asNumber(props.height, 600)} onToggle={toggle} />
      )}
      {confirmed ? (
        <Suspense fallback={null}>
      <ConfirmItemsPopup
        visible={confirming}
        title={props.confirmTitle ?? '确认项目'}
        items={chosen}
        totalCents={total}
        totalLabel={totalLabel}
        backText={props.backText ?? '返回修改'}
        confirmText={props.confirmText ?? '确认预约'}
        busy={busy}
        onBack={() => setConfirming(false)}
        onConfirm={confirm}
      />
        </Suspense>
      ) : null}
    </PageLayout>
  );
}
