/**
 * The studio's side of the report clients (配置 role): list, make one (its
 * secret answered once, never stored, never logged, never in the audit entry),
 * revoke one (at once: its next request is refused). Each change writes its
 * audit entry in the same transaction.
 */
import type { Db } from '../../../db/types';
import { recordAudit } from '../../studio/audit';
import { StudioFailure } from '../../studio/live-sync';
import { reportClientNameProblem, type ReportClientCreateReq, type ReportClientCreateRes, type ReportClientInfo, type ReportClientRevokeRes } from '../../../../contract/api/report-push';
import { compileSchema, firstMessageZh } from '../../../../engine/schema/ajv';
import { clientInfo, findClient, insertClient, listClients, revokeClient } from './keys';
import { apiSchema } from './body';

export const MSG_NO_KEY = '服务器未配置 REPORT_PUSH_KEY（至少 32 个字符），不能创建报告接口客户端';
export const MSG_NO_CLIENT = '没有这个客户端';
export const MSG_ALREADY_REVOKED = '该客户端已停用';

export async function listReportClients(db: Db, master: string | null): Promise<ReportClientInfo[]> {
  return (await listClients(db)).map((r) => clientInfo(r, master));
}

export async function createReportClient(db: Db, master: string | null, body: unknown, by: string, now: number): Promise<ReportClientCreateRes> {
  if (!master) throw new StudioFailure(409, MSG_NO_KEY);
  const validate = compileSchema<ReportClientCreateReq>(apiSchema('ReportClientCreate'));
  if (!validate(body ?? {})) throw new StudioFailure(400, firstMessageZh(validate.errors, '请求格式错误'));
  const problem = reportClientNameProblem((body as ReportClientCreateReq).name);
  if (problem) throw new StudioFailure(400, problem);
  const label = (body as ReportClientCreateReq).name.trim();
  return db.transaction(async (tx) => {
    const { row, secret } = await insertClient(tx, master, label, by, now);
    await recordAudit(tx, { actor: by, action: 'create', entity: 'report-client', key: row.id, summary: `新建报告接口客户端 ${row.id}（${label}）`, after: { id: row.id, name: label } }, now);
    return { client: clientInfo(row, master), secret };
  });
}

export async function revokeReportClient(db: Db, master: string | null, id: string, by: string, now: number): Promise<ReportClientRevokeRes> {
  return db.transaction(async (tx) => {
    const row = await findClient(tx, id);
    if (!row) throw new StudioFailure(404, MSG_NO_CLIENT);
    if (!(await revokeClient(tx, id, by, now))) throw new StudioFailure(409, MSG_ALREADY_REVOKED);
    await recordAudit(
      tx,
      { actor: by, action: 'revoke', entity: 'report-client', key: id, summary: `停用报告接口客户端 ${id}（${row.name}）`, before: { id, name: row.name, revoked: false }, after: { id, name: row.name, revoked: true } },
      now,
    );
    return { client: clientInfo((await findClient(tx, id))!, master) };
  });
}
