/**
 * Whether a widget named by `x-widget` can edit the field's value: a radio
 * without options shows nothing to tap, a text box under a number schema sends
 * "12" where Ajv wants 12 — either leaves a required field nobody can answer.
 * Returns why not (a code the config checker words), or null when it fits.
 */

type Why = 'needs-choices' | 'hides-choices' | 'needs-text' | 'needs-number' | 'needs-list' | 'needs-object' | 'needs-value' | null;

const TEXT = new Set(['string']);

/** The parts of a FieldNode this reads (no import of schema-model: it imports this). */
interface Fitted {
  widget: string;
  type: string;
  choices?: unknown[];
  item?: unknown;
  each?: unknown;
}

export function widgetFits(n: Fitted): Why {
  // Options to type by hand: one wrong character and Ajv refuses the answer.
  if (n.choices?.length && n.type !== 'boolean' && ['text', 'textarea', 'number', 'date', 'code'].includes(n.widget)) return 'hides-choices';
  switch (n.widget) {
    case 'text':
    case 'textarea':
    case 'code':
    case 'signature':
    case 'date':
      return TEXT.has(n.type) ? null : 'needs-text';
    case 'number':
      return ['string', 'number', 'integer'].includes(n.type) ? null : 'needs-number';
    case 'radio':
    case 'picker':
      return n.choices?.length && n.type !== 'array' ? null : 'needs-choices';
    case 'checkboxes':
      return n.type === 'array' && n.choices?.length ? null : 'needs-choices';
    case 'list':
      return n.type === 'array' && (n.item || n.each) ? null : 'needs-list';
    case 'section':
      return n.type === 'object' ? null : 'needs-object';
    case 'display':
      return n.type === 'object' || n.type === 'array' ? 'needs-value' : null;
    default:
      return null; // an app's own widget: it knows what it edits
  }
}
