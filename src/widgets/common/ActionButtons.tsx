import { Button } from 'antd-mobile';
import { resolveCondition } from './condition';
import { useBusy } from './use-busy';
import { asText } from './values';

export interface ActionButtonDef {
  text?: unknown;
  event?: string;
  /** antd-mobile colour: primary (default for the last button), default, success, warning, danger. */
  color?: unknown;
  visibleIf?: unknown;
  enabledIf?: unknown;
}

type Color = 'default' | 'primary' | 'success' | 'warning' | 'danger';
const COLORS = new Set(['default', 'primary', 'success', 'warning', 'danger']);

export interface ActionButtonsProps {
  buttons: ActionButtonDef[];
  emit(name: string, payload?: Record<string, unknown>): Promise<void>;
  evalItem(value: unknown, item: unknown): unknown;
  payload?: Record<string, unknown>;
}

/**
 * A row of full-width buttons; each emits its event. While one event's actions
 * run, all are disabled (no double submit, e.g. a payment request in flight).
 */
export function ActionButtons({ buttons, emit, evalItem, payload }: ActionButtonsProps) {
  const [busy, guard] = useBusy();
  const shown = buttons.filter((b) => resolveCondition(b.visibleIf, evalItem));
  if (shown.length === 0) return null;
  return (
    <div style={{ display: 'flex', gap: 12 }}>
      {shown.map((b, i) => {
        const c = asText(b.color);
        const color: Color = COLORS.has(c) ? (c as Color) : i === shown.length - 1 ? 'primary' : 'default';
        const enabled = resolveCondition(b.enabledIf, evalItem);
        return (
          <Button
            key={i}
            block
            color={color}
            disabled={!enabled || busy}
            onClick={() => guard(async () => (b.event ? emit(b.event, payload) : undefined))}
            style={{ flex: 1 }}
          >
            {asText(b.text)}
          </Button>
        );
      })}
    </div>
  );
}
