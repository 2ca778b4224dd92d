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
 * A label never breaks inside a word (报告详/情): buttons keep their label on one
 * line and grow to share the row, and what does not fit moves to the next row.
 */
export function ActionButtons({ buttons, emit, evalItem, payload }: ActionButtonsProps) {
  const [busy, guard] = useBusy();
  const shown = buttons.filter((b) => resolveCondition(b.visibleIf, evalItem));
  if (shown.length === 0) return null;
  return (
    <div style={{ display: 'flex', flexWrap: 'wrap', gap: shown.length > 3 ? 8 : 12 }}>
      {shown.map((b, i) => {
        const c = asText(b.color);
        const color: Color = COLORS.has(c) ? (c as Color) : i === shown.length - 1 ? 'primary' : 'default';
        const enabled = resolveCondition(b.enabledIf, evalItem);
        return (
          <Button
            key={i}
            color={color}
            disabled={!enabled || busy}
            onClick={() => guard(async () => (b.event ? emit(b.event, payload) : undefined))}
            style={{ flex: '1 0 auto', whiteSpace: 'nowrap', ...(shown.length > 3 ? { paddingLeft: 10, paddingRight: 10 } : {}) }}
          >
            {asText(b.text)}
          </Button>
        );
      })}
    </div>
  );
}
