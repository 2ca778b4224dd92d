import { createElement, lazy, Suspense, type ComponentType } from 'react';
import { DotLoading } from 'antd-mobile';
import type { ScreenProps } from './types';
import type { ScreenKindName } from './kind-names';
import MenuScreen from './menu/MenuScreen';
import CardListScreen from './card-list/CardListScreen';
import DetailScreen from './detail/DetailScreen';
import FormScreen from './form/FormScreen';
import HtmlScreen from './html/HtmlScreen';
import ResultTableScreen from './result-table/ResultTableScreen';
import StatusScreen from './status/StatusScreen';

/** A lazily loaded kind, wrapped in its own Suspense so the runner treats every kind alike. */
function lazyKind(load: () => Promise<{ default: ComponentType<ScreenProps<any>> }>): ComponentType<ScreenProps<any>> {
  const Lazy = lazy(load);
  const Kind = (p: ScreenProps<any>) =>
    createElement(Suspense, { fallback: createElement('div', { style: { textAlign: 'center', padding: 48 } }, createElement(DotLoading, { color: 'primary' })) }, createElement(Lazy, p));
  return Kind;
}

/**
 * Every screen kind by name (config says `screen: cardList`). Big kinds load on
 * first use. Keys must equal SCREEN_KIND_NAMES and schemas/meta/screens/*.json.
 */
export const SCREEN_KINDS: Record<string, ComponentType<ScreenProps<any>>> = {
  menu: MenuScreen,
  cardList: CardListScreen,
  detail: DetailScreen,
  treeSelect: lazyKind(() => import('./tree-select/TreeSelectScreen')),
  calendar: lazyKind(() => import('./calendar/CalendarScreen')),
  form: FormScreen,
  html: HtmlScreen,
  resultTable: ResultTableScreen,
  status: StatusScreen,
  questionFlow: lazyKind(() => import('./question-flow/QuestionFlowScreen')),
} satisfies Record<ScreenKindName, ComponentType<ScreenProps<any>>>;

/** The component of a kind; throws on an unknown name (the config checker normally catches it first). */
export function screenKind(name: string): ComponentType<ScreenProps<any>> {
  const kind = Object.hasOwn(SCREEN_KINDS, name) ? SCREEN_KINDS[name] : undefined;
  if (!kind) throw new Error(`No screen kind '${name}'`);
  return kind;
}
