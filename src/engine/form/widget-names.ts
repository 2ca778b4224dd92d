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
  'rating',
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

/**
 * Each widget's `x-options`: name → what the value must be. `event` names an
 * event of the step that shows the form (the `code` widget's send button);
 * `expr` may be a value or an `=expression` (date bounds). A widget not listed
 * takes no options. The widgets (src/widgets/form/widgets) read exactly these;
 * the config checker refuses any other key, so a typo cannot silently do nothing.
 */
export type WidgetOptionKind = 'number' | 'boolean' | 'string' | 'event' | 'expr' | 'inputMode' | 'inputType';

export const WIDGET_OPTIONS: Partial<Record<WidgetName, Record<string, WidgetOptionKind>>> = {
  text: { maxLength: 'number', clearable: 'boolean', inputMode: 'inputMode', inputType: 'inputType' },
  textarea: { maxLength: 'number', rows: 'number' },
  number: { min: 'number', max: 'number', maxLength: 'number', stepper: 'boolean' },
  date: { min: 'expr', max: 'expr', default: 'expr' },
  code: { action: 'event', buttonText: 'string', countdown: 'number', maxLength: 'number' },
  display: { text: 'string' },
  section: { matrix: 'boolean' },
  // a long list of options: a bottom sheet with a search box instead of the wheel
  picker: { search: 'boolean' },
  rating: { minLabel: 'string', maxLabel: 'string' },
};

export const INPUT_MODES = ['text', 'numeric', 'decimal', 'tel', 'email', 'search', 'url', 'none'];
export const INPUT_TYPES = ['text', 'tel', 'number', 'email', 'password', 'search', 'url'];
