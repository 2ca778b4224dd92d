/**
 * Accepting a checked report, idempotent by its number, in one transaction with
 * its audit entry (actor 'his:<client>'):
 *  - a new number → the report is written (201);
 *  - the same number with the same content → nothing is written (200, duplicate);
 *  - the same number with other content → a corrected report: it replaces the
 *    old one, revision + 1, the audit entry keeps both (200, corrected) — but
 *    never onto another person's ID number, nor over a report the push did not
 *    write (a seeded or otherwise loaded one): 409.
 */
import type { Db, Queryable } from '../../../db/types';
import { recordAudit } from '../../studio/audit';
import { maskIdCard } from '../../../../contract/rules/idcard';
import { maskPhone } from '../../../../contract/rules/phone';
import type { ReportPushAccepted } from '../../../../contract/api/report-push';
import type { ReportItem } from '../../../../contract/api/reports';
import type { CheckedPush } from './body';
import type { ClientRow } from './keys';
import { auditView, contentHash, removeReport, upsertPerson, writeReport } from './report-row';
import { PushFailure } from './errors';

interface Receipt {
  reg_no: string;
  client_id: string;
  content_sha256: string;
  revision: number | string;
}

/** The audit log's view of the stored report (the "before" of a correction). */
async function storedView(tx: Queryable, reportNo: string, hash: string): Promise<Record<string, unknown> & { idCard: string }> {
  const r = (await tx.one<Record<string, string>>(
    `SELECT r.report_name, r.report_date, r.hosp_code, r.doc_name, r.items_json, p.name, p.id_card, p.tel FROM reports r JOIN report_persons p ON p.id = r.person_id WHERE r.reg_no = $1`,
    [reportNo],
  ))!;
  const items = (JSON.parse(r.items_json) as ReportItem[]).flatMap((g) => g.detailList);
  const pdf = await tx.one<{ bytes: number | string }>(`SELECT bytes FROM report_push_pdfs WHERE reg_no = $1`, [reportNo]);
  const img = await tx.one<{ n: number | string }>(`SELECT COUNT(*) AS n FROM report_push_images WHERE reg_no = $1`, [reportNo]);
  return {
    idCard: r.id_card,
    reportName: r.report_name,
    examDate: r.report_date,
    hospCode: r.hosp_code,
    person: { name: r.name, idCard: maskIdCard(r.id_card), phone: maskPhone(r.tel) },
    doctor: r.doc_name,
    groups: (JSON.parse(r.items_json) as unknown[]).length,
    items: items.length,
    flagged: items.filter((x) => x.hint !== '').length,
    imaging: Number(img?.n ?? 0),
    pdfBytes: Number(pdf?.bytes ?? 0),
    contentSha256: hash,
  };
}

export async function storeReport(db: Db, client: ClientRow, { body: b, pdf }: CheckedPush, now: number): Promise<ReportPushAccepted> {
  const hash = contentHash(b, pdf);
  const actor = `his:${client.id}`;
  const accepted = (revision: number, duplicate: boolean, corrected: boolean): ReportPushAccepted => ({ ok: true, reportNo: b.reportNo, revision, duplicate, corrected });
  return db.transaction(async (tx) => {
    const receipt = () => tx.one<Receipt>(`SELECT reg_no, client_id, content_sha256, revision FROM report_push_receipts WHERE reg_no = $1`, [b.reportNo]);
    let prior = await receipt();
    if (!prior) {
      if (await tx.one(`SELECT reg_no FROM reports WHERE reg_no = $1`, [b.reportNo]))
        throw new PushFailure('REPORT_CONFLICT', '该报告编号已有一份不是由接口推送的报告，不能覆盖', 'reportNo');
      // A concurrent push of the same number that got here first makes this 0 (PostgreSQL waits for it to commit).
      const mine = await tx.run(
        `INSERT INTO report_push_receipts (reg_no, client_id, content_sha256, revision, first_at, updated_at) VALUES ($1, $2, $3, 1, $4, $4) ON CONFLICT DO NOTHING`,
        [b.reportNo, client.id, hash, now],
      );
      if (mine === 1) {
        const person = await upsertPerson(tx, b.person);
        await writeReport(tx, b, pdf, person.id);
        await recordAudit(
          tx,
          {
            actor,
            action: 'push',
            entity: 'report',
            key: b.reportNo,
            summary: `接收体检报告 ${b.reportNo}「${b.reportName}」（${b.examDate}）${person.changed ? '，受检者姓名或手机号已按医院系统更新' : ''}`,
            after: auditView(b, pdf, hash),
          },
          now,
        );
        return accepted(1, false, false);
      }
      prior = (await receipt())!;
    }
    const revision = Number(prior.revision);
    if (prior.content_sha256 === hash) return accepted(revision, true, false);
    const before = await storedView(tx, b.reportNo, prior.content_sha256);
    if (before.idCard !== b.person.idCard.toUpperCase())
      throw new PushFailure('REPORT_CONFLICT', '该报告编号已属于另一位受检者（身份证号不同），不能更正到他人名下', 'person.idCard');
    await removeReport(tx, b.reportNo);
    const person = await upsertPerson(tx, b.person);
    await writeReport(tx, b, pdf, person.id);
    await tx.run(`UPDATE report_push_receipts SET content_sha256 = $2, revision = $3, client_id = $4, updated_at = $5 WHERE reg_no = $1`, [b.reportNo, hash, revision + 1, client.id, now]);
    const { idCard: _id, ...beforeView } = before;
    await recordAudit(
      tx,
      {
        actor,
        action: 'correct',
        entity: 'report',
        key: b.reportNo,
        summary: `更正体检报告 ${b.reportNo}「${b.reportName}」为第 ${revision + 1} 版（同一报告编号、内容不同）`,
        before: beforeView,
        after: auditView(b, pdf, hash),
      },
      now,
    );
    return accepted(revision + 1, false, true);
  });
}
