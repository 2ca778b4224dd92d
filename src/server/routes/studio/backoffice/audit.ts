/**
 * The audit log's calls (src/contract/api/backoffice/audit.ts): the list (newest
 * first, AUDIT_PAGE a page, a cursor), the filters' choices, and the Excel
 * export with the same filters. GETs: every role reads the log.
 */
import type { FastifyInstance } from 'fastify';
import { auditFilterProblem, type AuditFacetsRes, type AuditFilter, type AuditListRes } from '../../../../contract/api/backoffice/audit';
import { centreDay } from '../../../../contract/rules/centre-day';
import { auditWorkbookStream } from '../../../services/backoffice/audit/export-xlsx';
import { auditFacets, listAudit, parseAuditCursor } from '../../../services/studio/audit';
import { StudioFailure } from '../../../services/studio/live-sync';

type Query = Record<string, unknown>;

/** A query parameter as one trimmed string ('' when absent; a repeated one is refused). */
function param(q: Query, name: string): string {
  const v = q[name];
  if (v === undefined) return '';
  if (typeof v !== 'string') throw new StudioFailure(400, '请求格式错误');
  return v.trim();
}

function filterOf(q: Query): AuditFilter {
  const f: AuditFilter = { from: param(q, 'from'), to: param(q, 'to'), actor: param(q, 'actor'), entity: param(q, 'entity'), q: param(q, 'q') };
  const problem = auditFilterProblem(f);
  if (problem) throw new StudioFailure(400, problem);
  return f;
}

export async function studioAuditRoutes(s: FastifyInstance): Promise<void> {
  const { db, clock } = s.deps;

  s.get<{ Querystring: Query }>('/audit', async (req): Promise<AuditListRes> => {
    const f = filterOf(req.query);
    const before = param(req.query, 'before');
    const cursor = before ? parseAuditCursor(before) : null;
    if (before && !cursor) throw new StudioFailure(400, '翻页位置无效，请重新查询');
    return listAudit(db, f, cursor);
  });

  s.get('/audit/facets', async (): Promise<AuditFacetsRes> => auditFacets(db));

  s.get<{ Querystring: Query }>('/audit/export.xlsx', async (req, reply) => {
    const f = filterOf(req.query);
    const now = clock.now();
    const name = `操作日志-${f.from || '最早'}-${f.to || centreDay(now)}.xlsx`;
    req.log.info({ studioUser: req.studioSession!.username, filter: f }, 'studio: audit log exported');
    reply
      .type('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
      .header('content-disposition', `attachment; filename="audit-log.xlsx"; filename*=UTF-8''${encodeURIComponent(name)}`);
    return reply.send(auditWorkbookStream(db, f, now));
  });
}
