/**
 * The back office's capacity calls (contract/api/backoffice/capacity.ts): reads
 * open to every admin, changes need 运营. The logic is in
 * services/backoffice/capacity/; here only the HTTP: the two refusals that
 * carry more than `{ error }` (every offending slot; days that have bookings
 * before a close) are answered here, everything else by the studio's handler.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { CapacityCloseConfirm, CapacityRefusal } from '../../../../contract/api/backoffice/capacity';
import { closeDays, openDays } from '../../../services/backoffice/capacity/closed';
import { saveDay } from '../../../services/backoffice/capacity/day';
import { CapacityNeedsConfirm, CapacityRefused } from '../../../services/backoffice/capacity/refusal';
import { applyRule, previewRule } from '../../../services/backoffice/capacity/rule';
import { dayView, monthView, scopesView } from '../../../services/backoffice/capacity/views';

const OPS = { config: { studioRole: 'ops' as const } };

type Handler = (req: FastifyRequest) => Promise<unknown>;

/** Answers the capacity refusals with their lists; anything else goes on to the studio's error handler. */
const refusable = (fn: Handler) => async (req: FastifyRequest, reply: FastifyReply) => {
  try {
    return await fn(req);
  } catch (e) {
    if (e instanceof CapacityRefused) return reply.code(409).send({ error: e.message, problems: e.problems } satisfies CapacityRefusal);
    if (e instanceof CapacityNeedsConfirm) return reply.code(409).send({ error: e.message, needsConfirm: true, booked: e.booked } satisfies CapacityCloseConfirm);
    throw e;
  }
};

const bodyOf = (req: FastifyRequest) => (req.body && typeof req.body === 'object' ? (req.body as Record<string, unknown>) : {});

export async function studioCapacityRoutes(s: FastifyInstance): Promise<void> {
  const { db, clock } = s.deps;
  const actor = (req: FastifyRequest) => req.studioSession!.username;

  s.get('/capacity/scopes', async () => scopesView(db, clock.now()));
  s.get('/capacity/month', async (req) => monthView(db, clock.now(), req.query as Record<string, unknown>));
  s.get('/capacity/day', async (req) => dayView(db, clock.now(), req.query as Record<string, unknown>));

  s.post('/capacity/day', OPS, refusable(async (req) => saveDay(db, actor(req), clock.now(), bodyOf(req))));
  s.post('/capacity/close', OPS, refusable(async (req) => closeDays(db, actor(req), clock.now(), bodyOf(req))));
  s.post('/capacity/open', OPS, refusable(async (req) => openDays(db, actor(req), clock.now(), bodyOf(req))));
  s.post('/capacity/rule/preview', OPS, refusable(async (req) => previewRule(db, clock.now(), bodyOf(req))));
  s.post('/capacity/rule/apply', OPS, refusable(async (req) => applyRule(db, actor(req), clock.now(), bodyOf(req))));
}
