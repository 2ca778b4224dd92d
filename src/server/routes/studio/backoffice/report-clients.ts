/**
 * The hospital system's report clients (issue 23), under /api/studio/report-clients:
 * list, make (the secret answered this once), revoke — every call 配置 only, a
 * key to the data is configuration (contract/api/report-push.ts).
 */
import type { FastifyInstance } from 'fastify';
import { REPORT_PUSH_PATH, type ReportClientsRes } from '../../../../contract/api/report-push';
import { reportPushMasterKey } from '../../../services/backoffice/report-push/keys';
import { createReportClient, listReportClients, revokeReportClient } from '../../../services/backoffice/report-push/clients';

export async function studioReportClientRoutes(s: FastifyInstance): Promise<void> {
  const { db, clock, config } = s.deps;
  const master = reportPushMasterKey(config);
  const role = { config: { studioRole: 'config' as const } };

  s.get('/report-clients', role, async () => ({ clients: await listReportClients(db, master), keyConfigured: master !== null, path: REPORT_PUSH_PATH }) satisfies ReportClientsRes);

  s.post('/report-clients', role, async (req, reply) => {
    const by = req.studioSession!.username;
    const made = await createReportClient(db, master, req.body, by, clock.now());
    req.log.info({ studioUser: by, hisClient: made.client.id }, 'studio: report client created');
    return reply.code(201).send(made);
  });

  s.post('/report-clients/:id/revoke', role, async (req) => {
    const by = req.studioSession!.username;
    const done = await revokeReportClient(db, master, String((req.params as { id: string }).id), by, clock.now());
    req.log.info({ studioUser: by, hisClient: done.client.id }, 'studio: report client revoked');
    return done;
  });
}
