/**
 * A pushed report as the app's tables hold a seeded one: the person (name, ID,
 * phone; sex from the ID), the reports row (header, conclusion, advice, the
 * result groups as the detail's itemlist), and what a seeded report keeps in
 * pacs_images the push keeps as links (report_push_images), plus its own PDF.
 */
import { createHash } from 'node:crypto';
import type { Queryable } from '../../../db/types';
import { newId } from '../../platform/ids';
import { idCardBirth, idCardSex, maskIdCard } from '../../../../contract/rules/idcard';
import { maskPhone } from '../../../../contract/rules/phone';
import type { ReportPushBody, ReportPushCategory, ReportPushFlag } from '../../../../contract/api/report-push';
import type { CheckCls, ReportItem } from '../../../../contract/api/reports';

const CLS: Record<ReportPushCategory, CheckCls> = { general: '0', imaging: '1', lab: '2', other: '*' };
/** As the app shows a flag (result-table: ↑/↓ and abnormal words are red). */
const HINT: Record<ReportPushFlag, string> = { high: '↑', low: '↓', normal: '', abnormal: '异常' };

/** The imaging link's accession number (what GetPacsPhotoUrl is asked for). */
export const imageAccession = (reportNo: string, i: number) => `${reportNo}-IMG${i + 1}`;

export function itemsOf(b: ReportPushBody): ReportItem[] {
  const links = new Map((b.imaging ?? []).map((img, i) => [img.name, imageAccession(b.reportNo, i)]));
  return b.groups.map((g) => {
    const item: ReportItem = {
      check_cls: CLS[g.category],
      comb_name: g.name,
      res_tag: g.summary ?? '',
      dept_doct: g.doctor ?? '',
      detailList: g.items.map((x) => ({
        item_name: x.name,
        rec_result: x.result,
        hint: HINT[x.flag ?? 'normal'],
        unit: x.unit ?? '',
        ref_lower: x.refLower ?? '',
        ref_upper: x.refUpper ?? '',
      })),
    };
    const acc = g.category === 'imaging' ? links.get(g.name) : undefined;
    return acc ? { ...item, accessionNumber: acc } : item;
  });
}

/** Whole years from the birth date in the ID number to the exam date. */
export function ageAt(idCard: string, day: string): number {
  const birth = idCardBirth(idCard);
  if (!birth) return 0;
  let age = Number(day.slice(0, 4)) - Number(birth.slice(0, 4));
  if (day.slice(5) < birth.slice(5)) age -= 1;
  return Math.max(0, age);
}

const sortKeys = (v: unknown): unknown =>
  Array.isArray(v) ? v.map(sortKeys) : v && typeof v === 'object' ? Object.fromEntries(Object.keys(v).sort().map((k) => [k, sortKeys((v as Record<string, unknown>)[k])])) : v;

/** What "the same report" means: the body with keys sorted and the PDF by its bytes' hash (whitespace in base64 does not count). */
export function contentHash(b: ReportPushBody, pdf: Buffer | null): string {
  const { pdfBase64: _pdf, ...rest } = b;
  const pdfHash = pdf ? createHash('sha256').update(pdf).digest('hex') : null;
  return createHash('sha256').update(JSON.stringify(sortKeys({ ...rest, person: { ...rest.person, idCard: rest.person.idCard.toUpperCase() }, pdfHash }))).digest('hex');
}

/** The audit log's view of a report: no full ID or phone, no PDF bytes. */
export function auditView(b: ReportPushBody, pdf: Buffer | null, hash: string): Record<string, unknown> {
  const items = b.groups.flatMap((g) => g.items);
  return {
    reportName: b.reportName,
    examDate: b.examDate,
    hospCode: b.hospCode,
    person: { name: b.person.name, idCard: maskIdCard(b.person.idCard), phone: maskPhone(b.person.phone) },
    doctor: b.doctor ?? '',
    groups: b.groups.length,
    items: items.length,
    flagged: items.filter((x) => x.flag && x.flag !== 'normal').length,
    imaging: (b.imaging ?? []).length,
    pdfBytes: pdf?.length ?? 0,
    contentSha256: hash,
  };
}

/** The person of the ID number: created, or brought up to the hospital's name and phone. Returns its id and whether name/phone changed. */
export async function upsertPerson(tx: Queryable, p: ReportPushBody['person']): Promise<{ id: string; changed: boolean }> {
  const idCard = p.idCard.toUpperCase();
  await tx.run(`INSERT INTO report_persons (id, name, id_card, tel, sex) VALUES ($1, $2, $3, $4, $5) ON CONFLICT (id_card) DO NOTHING`, [
    newId('rp'), p.name.trim(), idCard, p.phone, idCardSex(idCard),
  ]);
  const row = (await tx.one<{ id: string; name: string; tel: string }>(`SELECT id, name, tel FROM report_persons WHERE id_card = $1`, [idCard]))!;
  if (row.name === p.name.trim() && row.tel === p.phone) return { id: row.id, changed: false };
  await tx.run(`UPDATE report_persons SET name = $2, tel = $3 WHERE id = $1`, [row.id, p.name.trim(), p.phone]);
  return { id: row.id, changed: true };
}

/** Writes the report's rows (after any old ones of the number were removed). */
export async function writeReport(tx: Queryable, b: ReportPushBody, pdf: Buffer | null, personId: string): Promise<void> {
  await tx.run(
    `INSERT INTO reports (reg_no, person_id, report_name, report_date, hosp_code, age, sumup, sugg_tag, doc_name, tj_cls, items_json)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11)`,
    [b.reportNo, personId, b.reportName, b.examDate, b.hospCode, ageAt(b.person.idCard, b.examDate), b.conclusion, b.advice, b.doctor ?? '', '0', JSON.stringify(itemsOf(b))],
  );
  for (const [i, img] of (b.imaging ?? []).entries())
    await tx.run(`INSERT INTO report_push_images (accession_number, reg_no, name, url) VALUES ($1, $2, $3, $4)`, [imageAccession(b.reportNo, i), b.reportNo, img.name, img.url]);
  if (pdf)
    await tx.run(`INSERT INTO report_push_pdfs (reg_no, pdf_base64, bytes, sha256) VALUES ($1, $2, $3, $4)`, [
      b.reportNo, pdf.toString('base64'), pdf.length, createHash('sha256').update(pdf).digest('hex'),
    ]);
}

export async function removeReport(tx: Queryable, reportNo: string): Promise<void> {
  await tx.run(`DELETE FROM report_push_images WHERE reg_no = $1`, [reportNo]);
  await tx.run(`DELETE FROM report_push_pdfs WHERE reg_no = $1`, [reportNo]);
  await tx.run(`DELETE FROM reports WHERE reg_no = $1`, [reportNo]);
}
