import { lazy, Suspense, useState } from 'react';
import { SearchBar, Skeleton } from 'antd-mobile';
import type { ScreenProps } from '../types';
import { EmptyState } from '../../common/EmptyState';
import { PageLayout } from '../../common/PageLayout';
import { resolveCondition } from '../../common/condition';
import { useBusy } from '../../common/use-busy';
import { asArray, asNumber, asText } from '../../common/values';
import { filterItems } from './search-filter';
import { ItemCard, type CardButton, type CardConfig } from './ItemCard';
import { HeaderBar, type HeaderAction, type HeaderFilter } from './HeaderBar';
import { TabBar } from '../../common/TabBar';

// Only the approvers' lists have a gate: its number keyboard and sheet (react-spring, gestures) load with it.
const PasscodeGate = lazy(() => import('./PasscodeGate').then((m) => ({ default: m.PasscodeGate })));

export interface CardListProps {
  tabs?: Array<{ title?: string; items?: unknown; empty?: string }>;
  items?: unknown;
  search?: { placeholder?: string; field?: string };
  empty?: string;
  card?: CardConfig;
  selectEvent?: string;
  buttons?: CardButton[];
  header?: { filter?: HeaderFilter; actions?: HeaderAction[] };
  gate?: { title?: string; length?: number; event?: string; openIf?: unknown };
  loading?: unknown;
  /** The tab open at first (index). */
  activeTab?: unknown;
}

/** Tabs (or one list) of cards with search, empty text, card buttons, header bar and passcode gate. */
export default function CardListScreen({ props, emit, evalItem, title }: ScreenProps<CardListProps>) {
  const tabs = props.tabs?.length ? props.tabs : [{ title: '', items: props.items }];
  const [active, setActive] = useState(() => {
    const i = Math.trunc(asNumber(props.activeTab, 0));
    return i >= 0 && i < tabs.length ? i : 0;
  });
  const [keyword, setKeyword] = useState('');
  const [busy, guard] = useBusy();
  const gate = props.gate;
  // The gate's `openIf` says when the list may be used; until then the sheet stays up.
  const gateOpen = gate ? !resolveCondition(gate.openIf, evalItem, undefined, false) : false;

  const list = (items: unknown, empty = props.empty) => {
    if (props.loading === true) return <Skeleton.Paragraph lineCount={5} animated style={{ padding: 16 }} />;
    const shown = filterItems(asArray(items), props.search?.field, keyword);
    if (shown.length === 0) return <EmptyState text={empty} />;
    return shown.map((item, i) => (
      <ItemCard
        key={i}
        item={item}
        card={props.card ?? {}}
        buttons={props.buttons ?? []}
        evalItem={evalItem}
        busy={busy}
        onSelect={props.selectEvent ? () => guard(() => emit(props.selectEvent!, { item })) : undefined}
        onButton={(event) => guard(() => emit(event, { item }))}
      />
    ));
  };

  return (
    <PageLayout title={title}>
      <HeaderBar filter={props.header?.filter} actions={props.header?.actions} emit={emit} />
      {props.search ? (
        <div style={{ background: '#fff', padding: '8px 12px' }}>
          <SearchBar placeholder={asText(props.search.placeholder)} value={keyword} onChange={setKeyword} />
        </div>
      ) : null}
      {tabs.length > 1 ? <TabBar titles={tabs.map((t) => asText(t.title))} active={active} onChange={setActive} /> : null}
      <div style={{ paddingBottom: 12 }}>{list(tabs[active]?.items, tabs[active]?.empty ?? props.empty)}</div>
      {gate ? (
        <Suspense fallback={null}>
        <PasscodeGate
          open={gateOpen}
          title={gate.title}
          length={asNumber(gate.length, 6)}
          onFill={async (value) => {
            if (gate.event) await emit(gate.event, { value });
          }}
        />
        </Suspense>
      ) : null}
    </PageLayout>
  );
}
