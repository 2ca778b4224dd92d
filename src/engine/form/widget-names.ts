/**
 * Every `x-widget` name a form schema may use. React-free on purpose: the
 * config checker imports it in Node to refuse unknown names at load time.
 * src/widgets/form/registry.ts must register exactly these (a unit test checks).
 */
export const WIDGET_NAMES = [
  'text',
  'textarea',
  'number',
  'radio',
  'checkboxes',
  'picker',
  'date',
  'list',
  'display',
  'signature',
  'code',
  'section',
] as const;

export type WidgetName = (typeof WIDGET_NAMES)[number];

export function isWidgetName(name: string): name is WidgetName {
  return (WIDGET_NAMES as readonly string[]).includes(name);
}
