/**
 * The form schemas a step shows: its form's schema (unless chosen by an
 * expression) and choices, and every sheet its actions open (`sheet: <rel>`,
 * at any depth of `load` and `on`). The checker asks it twice: which steps
 * must handle a form widget's events, and which events a handler may receive.
 */
import type { LoadedStep } from './assemble';

const isObj = (v: unknown): v is Record<string, unknown> => !!v && typeof v === 'object' && !Array.isArray(v);

export function schemasShown(step: LoadedStep): Set<string> {
  const rels = new Set<string>();
  const form = step.form;
  if (isObj(form)) {
    if (typeof form.schema === 'string' && !form.schema.startsWith('=')) rels.add(form.schema);
    if (Array.isArray(form.choices)) for (const c of form.choices) if (typeof c === 'string') rels.add(c);
  }
  const sheets = (v: unknown): void => {
    if (Array.isArray(v)) v.forEach(sheets);
    else if (isObj(v)) {
      if (typeof v.sheet === 'string') rels.add(v.sheet);
      Object.values(v).forEach(sheets);
    }
  };
  sheets([step.load, step.on]);
  return rels;
}
