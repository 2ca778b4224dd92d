import { createElement, lazy, Suspense, useState, type ComponentType } from 'react';
import { DotLoading } from 'antd-mobile';
import type { ScreenProps } from './types';
import type { ScreenKindName } from './kind-names';

type KindModule = { default: ComponentType<ScreenProps<any>> };

/** A kind component; lazy ones can be loaded ahead (`preload`), after which they render without suspending. */
export type ScreenKind = ComponentType<ScreenProps<any>> & { preload?: () => Promise<void> };

/**
 * A lazily loaded kind, wrapped in its own Suspense so the runner treats every
 * kind alike. Once its chunk is loaded (by a render or by `preload`), a new
 * mount draws it directly, so no fallback flashes.
 */
function lazyKind(load: () => Promise<KindModule>): ScreenKind {
  let mod: KindModule | undefined;
  let loading: Promise<KindModule> | undefined;
  const get = () =>
    (loading ??= load().then(
      (m) => (mod = m),
      (e: unknown) => {
        loading = undefined; // a failed chunk load can be retried
        throw e;
      },
    ));
  const Lazy = lazy(() => (mod ? ({ then: (ok: (m: KindModule) => void) => ok(mod!) } as unknown as Promise<KindModule>) : get()));
  // Loaded when mounted (preloaded, or a later visit): drawn directly, with no Suspense boundary — so a page
  // hydrating a server drawing hydrates the screen in its first commit, not in a later pass (a tap made
  // meanwhile would be lost). Decided once per mount: the tree's shape must not change under a mounted screen.
  const Kind: ScreenKind = (p: ScreenProps<any>) => {
    const [direct] = useState(() => mod);
    return direct
      ? createElement(direct.default, p)
      : createElement(Suspense, { fallback: createElement('div', { style: { textAlign: 'center', padding: 48 } }, createElement(DotLoading, { color: 'primary' })) }, createElement(Lazy, p));
  };
  Kind.preload = () => get().then(() => undefined);
  return Kind;
}

/**
 * Every screen kind by name (config says `screen: cardList`). Each kind loads on
 * first use, the home page's `menu` too: its tile icons and grid were ≈7 kB
 * brotli in the first load of every other route (the step runner preloads the
 * kind of the step being opened as soon as the config names it).
 * Keys must equal SCREEN_KIND_NAMES and schemas/meta/screens/*.json.
 */
export const SCREEN_KINDS: Record<string, ScreenKind> = {
  menu: lazyKind(() => import('./menu/MenuScreen')),
  cardList: lazyKind(() => import('./card-list/CardListScreen')),
  detail: lazyKind(() => import('./detail/DetailScreen')),
  treeSelect: lazyKind(() => import('./tree-select/TreeSelectScreen')),
  calendar: lazyKind(() => import('./calendar/CalendarScreen')),
  form: lazyKind(() => import('./form/FormScreen')),
  html: lazyKind(() => import('./html/HtmlScreen')),
  resultTable: lazyKind(() => import('./result-table/ResultTableScreen')),
  status: lazyKind(() => import('./status/StatusScreen')),
  questionFlow: lazyKind(() => import('./question-flow/QuestionFlowScreen')),
} satisfies Record<ScreenKindName, ScreenKind>;

/** Loads every lazy kind (tests; a page that wants no fallback later). */
export function preloadScreenKinds(): Promise<void> {
  return Promise.all(Object.values(SCREEN_KINDS).map((k) => k.preload?.())).then(() => undefined);
}

/** The component of a kind; throws on an unknown name (the config checker normally catches it first). */
export function screenKind(name: string): ScreenKind {
  const kind = Object.hasOwn(SCREEN_KINDS, name) ? SCREEN_KINDS[name] : undefined;
  if (!kind) throw new Error(`No screen kind '${name}'`);
  return kind;
}
