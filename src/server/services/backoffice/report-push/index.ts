/**
 * The hospital system's report push (issue 23; docs/report-push.md): one
 * request → who (auth.ts) → what (body.ts) → stored once (receive.ts). The
 * route (routes/his/index.ts) only hands over the raw bytes and sends the answer.
 */
import type { Db } from '../../../db/types';
import type { ReportPushAccepted, ReportPushRefusal } from '../../../../contract/api/report-push';
import { authenticate, type PushRequest } from './auth';
import { checkPushBody } from './body';
import { PushFailure } from './errors';
import { storeReport } from './receive';

export { PushFailure } from './errors';
export { reportPushMasterKey } from './keys';

export interface PushAnswer {
  status: number;
  body: ReportPushAccepted | ReportPushRefusal;
  /** For the log line: the client and report number (never a secret, ID or phone). */
  client?: string;
  reportNo?: string;
}

export async function receiveReportPush(db: Db, master: string | null, r: PushRequest): Promise<PushAnswer> {
  let client: string | undefined;
  try {
    if (!master) throw new PushFailure('NOT_CONFIGURED', '服务器未配置 REPORT_PUSH_KEY，报告接口未启用');
    const c = await authenticate(db, master, r);
    client = c.id;
    const type = String(r.headers['content-type'] ?? '').split(';')[0].trim().toLowerCase();
    if (type !== 'application/json') throw new PushFailure('UNSUPPORTED_MEDIA_TYPE', 'Content-Type 应为 application/json');
    const checked = await checkPushBody(db, r.raw, r.now);
    const body = await storeReport(db, c, checked, r.now);
    return { status: body.duplicate || body.corrected ? 200 : 201, body, client, reportNo: body.reportNo };
  } catch (e) {
    if (e instanceof PushFailure) return { status: e.status, body: e.body, client };
    throw e;
  }
}
