/**
 * Issue 23, the back office: imports by Excel or CSV (contract/api/backoffice/
 * imports.ts). The kinds and their templates are open to every admin; a check
 * or an apply needs 运营 (the body is the file as base64, so this route alone
 * takes up to 8 MB). The work is services/backoffice/imports/run.ts.
 */
import type { FastifyInstance } from 'fastify';
import type { ImportKindsRes, ImportReq, ImportRes } from '../../../../contract/api/backoffice/imports';
import { centreDay } from '../../../../contract/rules/centre-day';
import { IMPORT_SHEETS, importSheet } from '../../../services/backoffice/imports/registry';
import { IMPORT_MAX_BYTES, IMPORT_MAX_ROWS, ImportRefusal } from '../../../services/backoffice/imports/read-table';
import { runImport } from '../../../services/backoffice/imports/run';
import { attachment, templateCsv, templateXlsx } from '../../../services/backoffice/imports/template';
import { StudioFailure } from '../../../services/studio/live-sync';

const MSG_NO_KIND = '没有这种导入内容';
const BODY_LIMIT = 8 * 1024 * 1024;

function sheetOr404(kind: string) {
  const spec = importSheet(kind);
  if (!spec) throw new StudioFailure(404, MSG_NO_KIND);
  return spec;
}

function importBody(body: unknown): ImportReq {
  const b = (body ?? {}) as Partial<ImportReq>;
  if (typeof b.fileName !== 'string' || !b.fileName.trim() || b.fileName.length > 255) throw new StudioFailure(400, '请选择要导入的文件');
  if (typeof b.contentBase64 !== 'string' || !/^[A-Za-z0-9+/]*={0,2}$/.test(b.contentBase64)) throw new StudioFailure(400, '文件内容格式错误');
  if (typeof b.dryRun !== 'boolean') throw new StudioFailure(400, '请求格式错误：缺少 dryRun');
  return { fileName: b.fileName.trim(), contentBase64: b.contentBase64, dryRun: b.dryRun };
}

export async function studioImportsRoutes(s: FastifyInstance): Promise<void> {
  const { db, clock } = s.deps;

  s.get('/imports', async () =>
    ({
      kinds: IMPORT_SHEETS.map((k) => ({ kind: k.kind, title: k.title, columns: k.columns.map((c) => ({ header: c.header, required: Boolean(c.required), example: c.example, note: c.note })) })),
      maxBytes: IMPORT_MAX_BYTES,
      maxRows: IMPORT_MAX_ROWS,
    }) satisfies ImportKindsRes,
  );

  s.get<{ Params: { kind: string } }>('/imports/:kind/template.xlsx', async (req, reply) => {
    const spec = sheetOr404(req.params.kind);
    reply.header('content-type', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    reply.header('content-disposition', attachment(`${spec.templateName}.xlsx`));
    return reply.send(await templateXlsx(spec));
  });

  s.get<{ Params: { kind: string } }>('/imports/:kind/template.csv', async (req, reply) => {
    const spec = sheetOr404(req.params.kind);
    reply.header('content-type', 'text/csv; charset=utf-8');
    reply.header('content-disposition', attachment(`${spec.templateName}.csv`));
    return reply.send(templateCsv(spec));
  });

  s.post<{ Params: { kind: string } }>('/imports/:kind', { config: { studioRole: 'ops' }, bodyLimit: BODY_LIMIT }, async (req) => {
    const spec = sheetOr404(req.params.kind);
    const body = importBody(req.body);
    const content = Buffer.from(body.contentBase64, 'base64');
    const actor = req.studioSession!.username;
    const now = clock.now();
    try {
      const out = await runImport(db, spec, { fileName: body.fileName, content, dryRun: body.dryRun, actor, now, today: centreDay(now) });
      req.log.info({ studioUser: actor, kind: spec.kind, file: body.fileName, rows: out.rows, problems: out.problems.length, applied: out.applied }, out.applied ? 'studio: import applied' : 'studio: import checked');
      return out satisfies ImportRes;
    } catch (e) {
      if (e instanceof ImportRefusal) throw new StudioFailure(e.status, e.message);
      throw e;
    }
  });
}
