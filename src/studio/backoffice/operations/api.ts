/** The operations view's calls (src/contract/api/backoffice/operations.ts), and how it shows times and days. */
import type { OpsAnomaliesRes, OpsOverviewRes, OpsRefundRes, OpsResolveRes, OpsSearchRes } from '../../../contract/api/backoffice/operations';
import { studioCall } from '../../api';

export const opsApi = {
  overview: () => studioCall<OpsOverviewRes>('GET', '/operations/overview'),
  anomalies: (state: 'open' | 'resolved') => studioCall<OpsAnomaliesRes>('GET', `/operations/anomalies?state=${state}`),
  refund: (id: string, amountCents: number) => studioCall<OpsRefundRes>('POST', `/operations/anomalies/${encodeURIComponent(id)}/refund`, { amountCents }),
  resolve: (id: string, note: string) => studioCall<OpsResolveRes>('POST', `/operations/anomalies/${encodeURIComponent(id)}/resolve`, { note }),
  // a POST: the words searched for never go into a URL (contract: they are personal data)
  search: (q: string) => studioCall<OpsSearchRes>('POST', '/operations/search', { q }),
};

/** An ISO instant as the admin's clock reads it ('2026-06-12 09:30'), like the rest of the studio (ui/VersionsView fmtTime). */
export function when(iso: string): string {
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return '';
  const p = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${p(d.getMonth() + 1)}-${p(d.getDate())} ${p(d.getHours())}:${p(d.getMinutes())}`;
}

const WEEK = ['日', '一', '二', '三', '四', '五', '六'];
/** '2026-06-12' → '06-12 周五' */
export function dayLabel(day: string): string {
  const wd = new Date(`${day}T00:00:00Z`).getUTCDay();
  return `${day.slice(5)} 周${WEEK[wd] ?? ''}`;
}
