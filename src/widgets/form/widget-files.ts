/**
 * Which chunk draws each `x-widget` name, and which of them a form uses: the
 * registry loads those chunks (registry.ts), the server's render bundle names
 * them for the page to preload (app/ssr/ssr-entry.tsx). No component is
 * imported here, so the server build stays free of them.
 *
 * Three tiers (issue 27's 100 kB per route): the few widgets a sign-in form
 * draws come with the form code; the choices (buttons, boxes, the wheel, the
 * matrix grid) and the rest are a chunk each. A chunk per widget was tried:
 * the sign-in forms gained as much, but the occupational questionnaire (ten
 * widget types) lost 5 kB to a dozen small files.
 */
import type { WidgetName } from '../../engine/form/widget-names';
import { buildFormModel, walkFields, type FieldNode } from '../../engine/form/schema-model';

export type WidgetTier = 'basic' | 'choice' | 'rich';
/** The tiers that are chunks of their own (`basic` comes with the form code). */
export type LazyTier = Exclude<WidgetTier, 'basic'>;

export const WIDGET_TIERS: Record<WidgetName, WidgetTier> = {
  text: 'basic',
  code: 'basic',
  section: 'basic',
  display: 'basic',
  radio: 'choice',
  checkboxes: 'choice',
  picker: 'choice',
  textarea: 'rich',
  number: 'rich',
  date: 'rich',
  rating: 'rich',
  list: 'rich',
  signature: 'rich',
};

/** The source of each lazy tier's chunk (as the build's manifest names it). */
export const TIER_MODULES: Record<LazyTier, string> = {
  choice: 'src/widgets/form/widgets/choice-widgets.ts',
  rich: 'src/widgets/form/widgets/rich-widgets.ts',
};

/**
 * What the registry loads: the widget names, and `matrix`, the grid a section with `x-options.matrix`
 * draws its rows in (with the choices: its cells are single choices). Not an `x-widget` name.
 */
export type Loadable = WidgetName | 'matrix';
export const LOADABLE_TIERS: Record<Loadable, WidgetTier> = { ...WIDGET_TIERS, matrix: 'choice' };
export const isLoadable = (name: string): name is Loadable => Object.prototype.hasOwnProperty.call(LOADABLE_TIERS, name);

/** Every widget name the form uses (hidden fields and list entries included), and `matrix` for a grid section. */
export function widgetNames(root: FieldNode): string[] {
  const out = new Set<string>();
  walkFields(root, (n) => {
    out.add(n.widget);
    if (n.options.matrix === true) out.add('matrix');
  });
  return [...out];
}

/** The chunks that hold `names` (names that are no widget are left out), in a fixed order. */
export function lazyTiersOf(names: Iterable<string>): LazyTier[] {
  const tiers = new Set<WidgetTier>([...names].filter(isLoadable).map((n) => LOADABLE_TIERS[n]));
  return (['choice', 'rich'] as const).filter((t) => tiers.has(t));
}

/** The sources of the widget chunks `schema`'s form draws: the server preloads them. */
export function widgetModules(schema: object): string[] {
  return lazyTiersOf(widgetNames(buildFormModel(schema))).map((t) => TIER_MODULES[t]);
}
