/** Money as the back office shows it: integer cents → '¥12.30' (contract/rules/money.ts formatCents). */
import { formatCents } from '../../contract/rules/money';

export const yuan = (cents: number) => `¥${formatCents(cents)}`;
