import { memo } from 'react';
import { useWatch } from 'react-hook-form';
import { formatDisplay } from '../../../engine/form/display';
import { conditionDeps } from '../../../engine/form/schema-model';
import { useFormEnv } from '../context';
import type { WidgetProps } from '../types';

/**
 * Read-only text: the value (choice label), or `x-options.text` when there is
 * none. A text written `=expression` is a calculated value (BMI from height
 * and weight): recomputed as the person types, shown, never sent — the server
 * keeps what was answered, not what was derived from it.
 */
export const DisplayWidget = memo(function DisplayWidget({ id, node, value }: WidgetProps) {
  const text = node.options.text;
  if (typeof text === 'string' && text.startsWith('=')) return <Calculated id={id} expr={text.slice(1)} />;
  return (
    <span id={id} className="cf-display">
      {formatDisplay(node, value) || ((text as string | undefined) ?? '')}
    </span>
  );
});

/** Shown as its value; blank while it cannot be computed yet (a field empty, a division by nothing). */
export function calculatedText(v: unknown): string {
  if (typeof v === 'number') return Number.isFinite(v) ? String(v) : '';
  return typeof v === 'string' ? v : '';
}

function Calculated({ id, expr }: { id: string; expr: string }) {
  const env = useFormEnv();
  // re-render when a field the formula reads changes (every field when it reads `form` otherwise)
  const deps = conditionDeps(expr);
  useWatch({ control: env.control, name: (deps?.length ? deps : undefined) as never, disabled: deps?.length === 0 });
  let shown = '';
  try {
    shown = calculatedText(env.evalValue(expr));
  } catch {
    shown = '';
  }
  return (
    <span id={id} className="cf-display cf-calculated">
      {shown}
    </span>
  );
}
