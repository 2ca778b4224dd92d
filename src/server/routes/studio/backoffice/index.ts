/**
 * The back office's studio calls (issue 23), under /api/studio/ behind the same
 * session, CSRF and role checks as every studio call (../index.ts): a change
 * route says `{ config: { studioRole: 'ops' } }`, a read needs no role (只读
 * reads, ID and phone masked — contract/rules/studio-roles.ts). Each area is
 * its own file; every change writes its audit entry in the same transaction
 * (services/studio/audit.ts).
 */
import type { FastifyInstance } from 'fastify';
import { studioAuditRoutes } from './audit';
import { studioCapacityRoutes } from './capacity';
import { studioCatalogueRoutes } from './catalogue';
import { studioExportsRoutes } from './exports';
import { studioGroupsRoutes } from './groups';
import { studioImportsRoutes } from './imports';
import { studioOperationsRoutes } from './operations';
import { studioReportClientRoutes } from './report-clients';
import { studioResultsRoutes } from './results';

export async function studioBackOfficeRoutes(s: FastifyInstance): Promise<void> {
  await studioCatalogueRoutes(s);
  await studioCapacityRoutes(s);
  await studioGroupsRoutes(s);
  await studioImportsRoutes(s);
  await studioOperationsRoutes(s);
  await studioExportsRoutes(s);
  await studioResultsRoutes(s);
  await studioAuditRoutes(s);
  await studioReportClientRoutes(s);
}
