/**
 * The explicit widget registry: `x-widget` name → component. Config names a
 * widget; an unknown name throws (rjsf's message) when the form is built, not
 * when an examinee happens to reach the field.
 *
 * The widgets a sign-in form draws come with the form code; the choices and
 * the rest are a chunk each (widget-files.ts), loaded with the first form that
 * uses one (`loadFormWidgets`, before that form renders): a sign-in form of two
 * text fields does not download the signature pad, the date wheel or the list
 * editor.
 */
import type { Registry } from './types';
import { resolveWidget } from './resolve-widget';
import { WIDGET_NAMES } from '../../engine/form/widget-names';
import { buildFormModel, type FieldNode } from '../../engine/form/schema-model';
import { isLoadable, lazyTiersOf, widgetNames, type LazyTier, type Loadable } from './widget-files';
import { TextWidget } from './widgets/TextWidget';
import { CodeWidget } from './widgets/CodeWidget';
import { SectionWidget } from './widgets/SectionWidget';
import { DisplayWidget } from './widgets/DisplayWidget';

export type { Registry };

type Widget = Registry[string];

const TIERS: Record<LazyTier, () => Promise<Partial<Record<Loadable, Widget>>>> = {
  choice: () => import('./widgets/choice-widgets'),
  rich: () => import('./widgets/rich-widgets'),
};

const loaded: Partial<Record<Loadable, Widget>> = { text: TextWidget, code: CodeWidget, section: SectionWidget, display: DisplayWidget };
const loading = new Map<LazyTier, Promise<void>>();

function loadTier(tier: LazyTier): Promise<void> {
  let p = loading.get(tier);
  if (!p) {
    p = TIERS[tier]().then((m) => void Object.assign(loaded, m));
    // A failed chunk (a lost connection) is asked for again next time.
    p.catch(() => loading.delete(tier));
    loading.set(tier, p);
  }
  return p;
}

/** Loads the named widgets (names the registry does not know are left for resolveWidget to refuse). */
export function loadWidgets(names: Iterable<string>): Promise<void> {
  const absent = [...names].filter((n) => !(isLoadable(n) && loaded[n]));
  return Promise.all(lazyTiersOf(absent).map(loadTier)).then(() => undefined);
}

/** The registry names of `root` that are neither loaded nor given by `extra`. */
export function missingWidgets(root: FieldNode, extra?: Registry): Loadable[] {
  return widgetNames(root).filter((n): n is Loadable => isLoadable(n) && !loaded[n] && !(extra && Object.prototype.hasOwnProperty.call(extra, n)));
}

/** Loads what `schema`'s form draws: call before rendering it, so it renders whole in one commit. */
export function loadFormWidgets(schema: object): Promise<void> {
  return loadWidgets(widgetNames(buildFormModel(schema)));
}

/** True while some widget `schema`'s form draws is not loaded yet. */
export function missingFormWidgets(schema: object): boolean {
  return missingWidgets(buildFormModel(schema)).length > 0;
}

/** The loaded widgets plus an app's extra/overriding ones. */
export function createRegistry(extra?: Registry): Registry {
  return { ...(loaded as Registry), ...extra };
}

export { WIDGET_NAMES, resolveWidget };
