import { formatCents, tryCents } from '../../contract/rules/money';

/** A yuan amount ('12.5', 12.5) shown with 2 decimals (spec: amounts shown with 2 decimals); '' when not an amount. */
export function formatMoney(value: unknown): string {
  const cents = tryCents(value);
  return cents === null ? '' : formatCents(cents);
}

export { formatCents, tryCents };
