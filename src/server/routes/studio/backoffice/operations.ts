/**
 * The operations view's studio calls (src/contract/api/backoffice/operations.ts): the overview
 * and the anomaly queue (GET, every admin; personal numbers masked unless 运营), the queue's
 * actions (运营; services/backoffice/operations/actions.ts) and the search (a POST open to every
 * admin, so the words searched for never sit in a URL or an access log).
 */
import type { FastifyInstance } from 'fastify';
import type { OpsAnomaliesRes, OpsOverviewRes, OpsRefundReq, OpsRefundRes, OpsResolveReq, OpsResolveRes, OpsSearchReq, OpsSearchRes } from '../../../../contract/api/backoffice/operations';
import { centreDay } from '../../../../contract/rules/centre-day';
import { seesPersonalNumbers } from '../../../../contract/rules/studio-roles';
import { StudioFailure } from '../../../services/studio/live-sync';
import { loadOverview, overviewRange } from '../../../services/backoffice/operations/overview';
import { listAnomalies } from '../../../services/backoffice/operations/anomalies';
import { refundAnomaly, resolveAnomaly } from '../../../services/backoffice/operations/actions';
import { searchOrders } from '../../../services/backoffice/operations/search';

type Params = { Params: { id: string } };
const bodyOf = <T>(b: unknown): Partial<T> => (b && typeof b === 'object' && !Array.isArray(b) ? (b as Partial<T>) : {});

export async function studioOperationsRoutes(s: FastifyInstance): Promise<void> {
  const deps = s.deps;
  const { db, clock } = deps;

  s.get<{ Querystring: { from?: string; weeks?: string } }>('/operations/overview', async (req) => {
    const now = clock.now();
    const { from, weeks } = overviewRange(req.query ?? {}, centreDay(now));
    return (await loadOverview(db, { from, weeks, nowMs: now, masked: !seesPersonalNumbers(req.studioSession!.roles) })) satisfies OpsOverviewRes;
  });

  s.get<{ Querystring: { state?: string } }>('/operations/anomalies', async (req) => {
    const state = req.query?.state ?? 'open';
    if (state !== 'open' && state !== 'resolved') throw new StudioFailure(400, 'state 应为 open 或 resolved');
    const masked = !seesPersonalNumbers(req.studioSession!.roles);
    return { state, anomalies: await listAnomalies(db, state, masked), masked } satisfies OpsAnomaliesRes;
  });

  s.post<Params>('/operations/anomalies/:id/refund', { config: { studioRole: 'ops' } }, async (req) => {
    const who = req.studioSession!;
    const r = await refundAnomaly(deps, req.params.id, who.username, bodyOf<OpsRefundReq>(req.body).amountCents, !seesPersonalNumbers(who.roles));
    req.log[r.outcome === 'FAILED' ? 'warn' : 'info']({ studioUser: who.username, anomaly: req.params.id, outcome: r.outcome }, 'studio: anomaly refund');
    return r satisfies OpsRefundRes;
  });

  s.post<Params>('/operations/anomalies/:id/resolve', { config: { studioRole: 'ops' } }, async (req) => {
    const who = req.studioSession!;
    const r = await resolveAnomaly(deps, req.params.id, who.username, bodyOf<OpsResolveReq>(req.body).note, !seesPersonalNumbers(who.roles));
    req.log.info({ studioUser: who.username, anomaly: req.params.id }, 'studio: anomaly marked handled');
    return r satisfies OpsResolveRes;
  });

  s.post('/operations/search', { config: { studioRole: 'readonly' } }, async (req) => {
    const who = req.studioSession!;
    const { kinds, ...res } = await searchOrders(db, bodyOf<OpsSearchReq>(req.body).q, !seesPersonalNumbers(who.roles));
    // who searched, for what kind of key, how many found — never the words
    req.log.info({ studioUser: who.username, kinds, hits: res.hits.length }, 'studio: order search');
    return res satisfies OpsSearchRes;
  });
}
