import { formatCents } from '../../contract/rules/money';
import { formatMoney } from './money';

export interface MoneyTextProps {
  /** A yuan amount ('12.5', 12.5). */
  value?: unknown;
  /** Or an amount already in cents. */
  cents?: number;
  prefix?: string;
  className?: string;
}

/** ¥12.50 in the price colour; renders nothing for a missing amount. */
export function MoneyText({ value, cents, prefix = '¥', className }: MoneyTextProps) {
  const text = cents !== undefined ? formatCents(cents) : formatMoney(value);
  if (!text) return null;
  return (
    <span className={className} style={{ color: 'var(--adm-color-danger)', fontWeight: 500 }}>
      {prefix}
      {text}
    </span>
  );
}
