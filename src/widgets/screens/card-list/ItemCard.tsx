import { Button, Card } from 'antd-mobile';
import { MoneyText } from '../../common/MoneyText';
import { StatusTag } from '../../common/StatusTag';
import { itemValue, resolveCondition } from '../../common/condition';
import { asText } from '../../common/values';

/** Per-item card fields: each value is an expression over `item` (or a literal). */
export interface CardConfig {
  title?: unknown;
  note?: unknown;
  price?: unknown;
  lines?: Array<{ label?: unknown; value?: unknown; visibleIf?: unknown }>;
  status?: { text?: unknown; color?: unknown };
}

export interface CardButton {
  text?: unknown;
  event?: string;
  color?: string;
  visibleIf?: unknown;
}

export interface ItemCardProps {
  item: unknown;
  card: CardConfig;
  buttons: CardButton[];
  evalItem(value: unknown, item: unknown): unknown;
  onSelect?: () => void;
  onButton(event: string): void;
  busy: boolean;
}

type Color = 'default' | 'primary' | 'success' | 'warning' | 'danger';

/** One list card: title + status tag, note, label/value lines, price, buttons. */
export function ItemCard({ item, card, buttons, evalItem, onSelect, onButton, busy }: ItemCardProps) {
  const v = (x: unknown) => itemValue(x, item, evalItem);
  const title = asText(v(card.title));
  const note = asText(v(card.note));
  const price = v(card.price);
  const lines = (card.lines ?? []).filter((l) => resolveCondition(l.visibleIf, evalItem, item));
  const shownButtons = buttons.filter((b) => resolveCondition(b.visibleIf, evalItem, item));
  return (
    <Card
      onClick={onSelect}
      title={title ? <span style={{ fontSize: 16 }}>{title}</span> : undefined}
      extra={card.status ? <StatusTag text={v(card.status.text)} color={v(card.status.color)} /> : undefined}
      style={{ margin: '10px 12px', borderRadius: 8 }}
    >
      {note ? <div style={{ color: 'var(--adm-color-weak)', fontSize: 13, lineHeight: 1.5 }}>{note}</div> : null}
      {lines.map((l, i) => (
        <div key={i} style={{ display: 'flex', fontSize: 14, lineHeight: 1.8 }}>
          <span style={{ color: 'var(--adm-color-weak)', minWidth: 72 }}>{asText(l.label)}</span>
          <span style={{ flex: 1, wordBreak: 'break-all' }}>{asText(v(l.value))}</span>
        </div>
      ))}
      {price !== undefined && price !== null && price !== '' ? (
        <div style={{ textAlign: 'right', marginTop: 6, fontSize: 16 }}>
          <MoneyText value={price} />
        </div>
      ) : null}
      {shownButtons.length ? (
        <div style={{ display: 'flex', justifyContent: 'flex-end', gap: 8, marginTop: 10 }}>
          {shownButtons.map((b, i) => (
            <Button
              key={i}
              size="small"
              color={(b.color as Color) ?? 'primary'}
              fill="outline"
              disabled={busy}
              onClick={(e) => {
                e.stopPropagation(); // a button is not a card tap
                if (b.event) onButton(b.event);
              }}
            >
              {asText(v(b.text))}
            </Button>
          ))}
        </div>
      ) : null}
    </Card>
  );
}
