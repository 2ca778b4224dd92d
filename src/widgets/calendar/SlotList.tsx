import type { Slot } from './slots';

export interface SlotListProps {
  slots: Slot[];
  selectedCode?: string;
  title?: string;
  fullLabel: string;
  /** `{n}` = remaining. */
  remainingLabel: string;
  onPick(slot: Slot): void;
}

/** Arrival slots as a 2-column grid of chips; full ones look disabled but still report taps (for the "full" toast). */
export function SlotList({ slots, selectedCode, title, fullLabel, remainingLabel, onPick }: SlotListProps) {
  if (slots.length === 0) return null;
  return (
    <div style={{ background: '#fff', marginTop: 8, padding: 12 }}>
      {title ? <div style={{ fontSize: 15, fontWeight: 600, marginBottom: 8 }}>{title}</div> : null}
      <div style={{ display: 'grid', gridTemplateColumns: 'repeat(2, 1fr)', gap: 8 }}>
        {slots.map((s) => {
          const selected = s.code === selectedCode && !s.full;
          return (
            <div
              key={s.code || s.name}
              role="button"
              aria-disabled={s.full}
              aria-pressed={selected}
              tabIndex={0}
              onClick={() => onPick(s)}
              onKeyDown={(e) => {
                if (e.key === 'Enter' || e.key === ' ') {
                  e.preventDefault();
                  onPick(s);
                }
              }}
              style={{
                border: `1px solid ${selected ? 'var(--adm-color-primary)' : 'var(--adm-color-border)'}`,
                background: selected ? 'var(--adm-color-primary)' : s.full ? 'var(--adm-color-fill-content)' : '#fff',
                color: selected ? '#fff' : s.full ? 'var(--adm-color-weak)' : 'inherit',
                borderRadius: 6,
                padding: '8px 6px',
                textAlign: 'center',
                fontSize: 14,
              }}
            >
              <div>{s.name}</div>
              {s.surplus !== undefined ? (
                <div style={{ fontSize: 11 }}>{s.full ? fullLabel : remainingLabel.replace('{n}', String(s.surplus))}</div>
              ) : null}
            </div>
          );
        })}
      </div>
    </div>
  );
}
