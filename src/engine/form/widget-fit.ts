/**
 * Whether a widget named by `x-widget` can edit the field's value: a radio
 * without options shows nothing to tap, a text box under a number schema sends
 * "12" where Ajv wants 12 — either leaves a required field nobody can answer.
 * Returns why not (a code the config checker words), or null when it fits.
 */

type Why = 'needs-choices' | 'hides-choices' | 'needs-text' | 'needs-number' | 'needs-list' | 'needs-object' | 'needs-value' | 'rating-type' | 'rating-range' | 'rating-wide' | null;

/** A rating's 44 px buttons on a 320 px phone, in two rows at most: 0–10 (the NPS scale) is the most that fits. */
export const RATING_MAX_POINTS = 11;

const TEXT = new Set(['string']);

/** The parts of a FieldNode this reads (no import of schema-model: it imports this). */
interface Fitted {
  widget: string;
  type: string;
  choices?: unknown[];
  item?: unknown;
  each?: unknown;
  /** The field's schema as read (a rating's buttons are its minimum…maximum). */
  schema?: Record<string, unknown>;
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
    case 'rating':
      return ratingFits(n);
    default:
      return null; // an app's own widget: it knows what it edits
  }
}

/** One button per whole number from minimum to maximum: both written, whole, in order, and few enough to tap. */
function ratingFits(n: Fitted): Why {
  if (n.type !== 'integer' && n.type !== 'number') return 'rating-type';
  const lo = n.schema?.minimum;
  const hi = n.schema?.maximum;
  if (!Number.isInteger(lo) || !Number.isInteger(hi) || (hi as number) < (lo as number)) return 'rating-range';
  return (hi as number) - (lo as number) + 1 > RATING_MAX_POINTS ? 'rating-wide' : null;
}
