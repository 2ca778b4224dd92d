/**
 * Report access (after-booking spec §2 Reports, §5, §6): a phone verified by
 * SMS code gets a report session (token stored hashed in `report_tokens`). The
 * session is bound to exactly one person — name + ID + phone must match a
 * person with reports — either at CheckVerifyCode (when name and idCard come
 * along) or by the first GetReportList. Detail, PACS image and PDF are served
 * only for exam numbers of that person; anyone else gets a refusal.
 */
import { serverTexts } from '../../messages';
import { createHash, randomBytes } from 'node:crypto';
import type { Db } from '../../db/types';
import { issueToken } from '../platform/tokens';
import { newId } from '../platform/ids';
import type { CheckVerifyCodeRes, GetPacsPhotoUrlRes, ReportDetail, ReportItem, ReportListGroup } from '../../../contract/api/reports';
import { renderPdf, type PdfLine } from './pdf';
import { pushedImageUrl, pushedPdf } from '../backoffice/report-push/files';

export const REPORT_TOKEN_TTL_S = 30 * 60;
export const REPORT_FILE_CODE_TTL_MS = 10 * 60_000;

export const REPORT_MSG = serverTexts('reports', {
  noSession: '报告查询已失效，请重新验证手机号',
  mismatch: '姓名、身份证号与手机号不匹配',
  noReports: '暂无报告数据',
  notYours: '无权查看该报告',
  noPdf: '该报告暂不提供PDF',
  noPhoto: '暂无影像图片',
} as const);

export class ReportError extends Error {}

export interface ReportSession {
  id: string;
  tel: string;
  personId: string | null;
}

interface PersonRow {
  id: string;
  name: string;
  id_card: string;
  tel: string;
  sex: number | string;
}

export function sha256(s: string): string {
  return createHash('sha256').update(s).digest('hex');
}

export function normalizeIdCard(id: string): string {
  return id.trim().toUpperCase();
}

async function findPerson(db: Db, name: string, idCard: string, tel: string): Promise<PersonRow | undefined> {
  return db.one<PersonRow>(
    `SELECT id, name, id_card, tel, sex FROM report_persons WHERE id_card = $1 AND name = $2 AND tel = $3`,
    [normalizeIdCard(idCard), name.trim(), tel],
  );
}

/** After a right SMS code: a fresh report session for the phone (optionally bound to a person at once). */
export async function issueReportToken(
  db: Db,
  tel: string,
  opts: { now: number; name?: string; idCard?: string },
): Promise<CheckVerifyCodeRes> {
  let personId: string | null = null;
  if (opts.name !== undefined || opts.idCard !== undefined) {
    const p = await findPerson(db, opts.name ?? '', opts.idCard ?? '', tel);
    if (!p) throw new ReportError(REPORT_MSG.mismatch);
    personId = p.id;
  }
  const id = newId('rs');
  await db.run(
    `INSERT INTO report_sessions (id, tel, person_id, created_at, expires_at) VALUES ($1, $2, $3, $4, $5)`,
    [id, tel, personId, opts.now, opts.now + REPORT_TOKEN_TTL_S * 1000],
  );
  // The bearer is a core token (kind 'report'), checked by defineCall for auth 'report' calls.
  const t = await issueToken(db, 'report', id, REPORT_TOKEN_TTL_S, opts.now);
  return { token: t.access_token, expires_in: t.expires_in, token_type: 'report' };
}

/** The session behind a checked report token (its subject). */
export async function loadReportSession(db: Db, sessionId: unknown, now: number): Promise<ReportSession | null> {
  if (typeof sessionId !== 'string' || !sessionId) return null;
  const row = await db.one<{ id: string; tel: string; person_id: string | null; expires_at: number | string }>(
    `SELECT id, tel, person_id, expires_at FROM report_sessions WHERE id = $1`,
    [sessionId],
  );
  if (!row || Number(row.expires_at) <= now) return null;
  return { id: row.id, tel: row.tel, personId: row.person_id };
}

/** Report list for the verified triple; binds the session to the person on first use. */
export async function listReports(
  db: Db,
  session: ReportSession,
  q: { idCard: string; name: string; tel: string },
): Promise<ReportListGroup[]> {
  if (q.tel !== session.tel) throw new ReportError(REPORT_MSG.mismatch);
  const p = await findPerson(db, q.name, q.idCard, q.tel);
  if (!p) throw new ReportError(REPORT_MSG.noReports);
  if (session.personId === null) {
    await db.run(`UPDATE report_sessions SET person_id = $2 WHERE id = $1 AND person_id IS NULL`, [session.id, p.id]);
    const now = await db.one<{ person_id: string | null }>(`SELECT person_id FROM report_sessions WHERE id = $1`, [session.id]);
    session.personId = now?.person_id ?? null;
  }
  if (session.personId !== p.id) throw new ReportError(REPORT_MSG.mismatch);
  const rows = await db.all<{ reg_no: string; report_name: string; report_date: string; hosp_code: string }>(
    `SELECT reg_no, report_name, report_date, hosp_code FROM reports WHERE person_id = $1 ORDER BY report_date DESC, reg_no DESC`,
    [p.id],
  );
  const groups: ReportListGroup[] = [];
  for (const r of rows) {
    const years = r.report_date.slice(0, 4);
    let g = groups.find((x) => x.years === years);
    if (!g) groups.push((g = { years, listData: [] }));
    g.listData.push({ report_Name: r.report_name, report_No: r.reg_no, report_Date: r.report_date, hosp_code: r.hosp_code });
  }
  return groups;
}

interface ReportRow {
  reg_no: string;
  person_id: string;
  report_name: string;
  report_date: string;
  hosp_code: string;
  age: number | string;
  sumup: string;
  sugg_tag: string;
  doc_name: string;
  tj_cls: string;
  items_json: string;
}

/** The report row when it belongs to the session's person, else a refusal (same message for "missing" and "not yours"). */
async function ownReport(db: Db, session: ReportSession, regNo: string): Promise<ReportRow> {
  if (!session.personId) throw new ReportError(REPORT_MSG.notYours);
  const r = await db.one<ReportRow>(`SELECT * FROM reports WHERE reg_no = $1 AND person_id = $2`, [regNo, session.personId]);
  if (!r) throw new ReportError(REPORT_MSG.notYours);
  return r;
}

async function detailOf(db: Db, r: ReportRow): Promise<ReportDetail> {
  const p = await db.one<PersonRow>(`SELECT id, name, id_card, tel, sex FROM report_persons WHERE id = $1`, [r.person_id]);
  return {
    name: p?.name ?? '',
    sex: Number(p?.sex) === 2 ? 2 : 1,
    age: Number(r.age),
    regno: r.reg_no,
    reg_date: r.report_date,
    sumup: r.sumup,
    sugg_tag: r.sugg_tag,
    doc_name: r.doc_name,
    tj_cls: r.tj_cls,
    itemlist: JSON.parse(r.items_json) as ReportItem[],
  };
}

export async function getReportDetail(db: Db, session: ReportSession, regNo: string): Promise<ReportDetail> {
  return detailOf(db, await ownReport(db, session, regNo));
}

async function fileCode(db: Db, kind: 'pdf' | 'pacs', ref: string, personId: string, now: number): Promise<string> {
  const code = randomBytes(24).toString('base64url');
  await db.run(
    `INSERT INTO report_file_codes (code_hash, kind, ref, person_id, expires_at) VALUES ($1, $2, $3, $4, $5)`,
    [sha256(code), kind, ref, personId, now + REPORT_FILE_CODE_TTL_MS],
  );
  return code;
}

/** GET paths of the file links (the spec: "navigates to a home/pdf path with a code param"). */
export const REPORT_FILE_PATHS = { pdf: '/home/pdf', pacs: '/home/pacs' } as const;

export async function getPacsPhotoUrl(db: Db, session: ReportSession, accessionNumber: string, now: number, origin = ''): Promise<GetPacsPhotoUrlRes> {
  if (!session.personId) throw new ReportError(REPORT_MSG.notYours);
  const img = await db.one<{ accession_number: string }>(
    `SELECT i.accession_number FROM pacs_images i JOIN reports r ON r.reg_no = i.reg_no
      WHERE i.accession_number = $1 AND r.person_id = $2`,
    [accessionNumber, session.personId],
  );
  if (!img) {
    // A report the hospital's system pushed links its cloud film instead (services/backoffice/report-push).
    const url = await pushedImageUrl(db, accessionNumber, session.personId);
    if (url) return { resultCode: 0, resultData: { photoUrl: url }, resultMsg: '成功' };
    throw new ReportError(REPORT_MSG.notYours);
  }
  const code = await fileCode(db, 'pacs', img.accession_number, session.personId, now);
  return { resultCode: 0, resultData: { photoUrl: `${origin}${REPORT_FILE_PATHS.pacs}?code=${code}` }, resultMsg: '成功' };
}

/** tj_cls 1 and 2 have no PDF (after-booking spec §2: the link shows only for other classes). */
export async function getReportPdfUrl(db: Db, session: ReportSession, regno: string, now: number, origin = ''): Promise<string> {
  const r = await ownReport(db, session, regno);
  if (r.tj_cls === '1' || r.tj_cls === '2') throw new ReportError(REPORT_MSG.noPdf);
  const code = await fileCode(db, 'pdf', r.reg_no, session.personId!, now);
  return `${origin}${REPORT_FILE_PATHS.pdf}?code=${code}`;
}

export interface ReportFile {
  contentType: string;
  body: Buffer;
  fileName: string;
}

/** Serves a file link: the code must exist, be unexpired, and still point at the same person's report. */
export async function openReportFile(db: Db, kind: 'pdf' | 'pacs', code: unknown, now: number): Promise<ReportFile | null> {
  if (typeof code !== 'string' || code.length < 20 || code.length > 200) return null;
  const row = await db.one<{ ref: string; person_id: string; expires_at: number | string }>(
    `SELECT ref, person_id, expires_at FROM report_file_codes WHERE code_hash = $1 AND kind = $2`,
    [sha256(code), kind],
  );
  if (!row || Number(row.expires_at) <= now) return null;
  if (kind === 'pacs') {
    const img = await db.one<{ svg: string; accession_number: string }>(
      `SELECT i.svg, i.accession_number FROM pacs_images i JOIN reports r ON r.reg_no = i.reg_no
        WHERE i.accession_number = $1 AND r.person_id = $2`,
      [row.ref, row.person_id],
    );
    if (!img) return null;
    return { contentType: 'image/svg+xml', body: Buffer.from(img.svg, 'utf8'), fileName: `${img.accession_number}.svg` };
  }
  const r = await db.one<ReportRow>(`SELECT * FROM reports WHERE reg_no = $1 AND person_id = $2`, [row.ref, row.person_id]);
  if (!r) return null;
  const pushed = await pushedPdf(db, r.reg_no);
  if (pushed) return { contentType: 'application/pdf', body: pushed, fileName: `${r.reg_no}.pdf` };
  const d = await detailOf(db, r);
  return { contentType: 'application/pdf', body: reportPdf(d, r.report_name), fileName: `${r.reg_no}.pdf` };
}

const CLS_NAME: Record<string, string> = { '0': '一般检查', '1': '影像检查', '2': '实验室检查', '*': '其他检查' };

export function reportPdf(d: ReportDetail, title: string): Buffer {
  const lines: PdfLine[] = [
    { text: title, size: 18 },
    { text: `姓名：${d.name}    性别：${d.sex === 1 ? '男' : '女'}    年龄：${d.age}`, gap: 6 },
    { text: `体检号：${d.regno}    体检日期：${d.reg_date}    总检医生：${d.doc_name}` },
    { text: '总检结论', size: 14, gap: 10 },
    ...d.sumup.split('\n').map((t) => ({ text: t })),
    { text: '健康建议', size: 14, gap: 10 },
    ...d.sugg_tag.split('\n').map((t) => ({ text: t })),
  ];
  for (const it of d.itemlist) {
    lines.push({ text: `【${CLS_NAME[it.check_cls] ?? '检查'}】${it.comb_name}    医生：${it.dept_doct}`, size: 13, gap: 10 });
    for (const x of it.detailList) {
      const ref = x.ref_lower || x.ref_upper ? `  参考：${x.ref_lower}-${x.ref_upper}` : '';
      lines.push({ text: `  ${x.item_name}：${x.rec_result}${x.unit ? ' ' + x.unit : ''} ${x.hint}${ref}` });
    }
    if (it.res_tag) lines.push({ text: `  小结：${it.res_tag}` });
  }
  lines.push({ text: '本报告仅供参考，如有疑问请咨询体检中心。', size: 9, gap: 16 });
  return renderPdf(title, lines);
}

/**
 * Housekeeping of the report and SMS state (all rows): expired sessions and
 * file codes; SMS codes and dev-outbox rows older than a day (the daily
 * counters in sms_send_state stay, they reset by date).
 */
export async function purgeExpiredReportState(db: Db, now: number): Promise<number> {
  let n = 0;
  n += await db.run(`DELETE FROM report_sessions WHERE expires_at < $1`, [now]);
  n += await db.run(`DELETE FROM report_file_codes WHERE expires_at < $1`, [now]);
  n += await db.run(`DELETE FROM sms_codes WHERE expires_at < $1`, [now - 86_400_000]);
  n += await db.run(`DELETE FROM sms_outbox WHERE created_at < $1`, [now - 86_400_000]);
  return n;
}
