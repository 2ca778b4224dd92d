/**
 * What a pushed report adds to the examinee's report calls (services/reports/reports.ts
 * asks here): the hospital's own PDF instead of the rendered one, and an imaging
 * link (the cloud film) for an accession number of the person's own report.
 */
import type { Queryable } from '../../../db/types';

export async function pushedPdf(db: Queryable, reportNo: string): Promise<Buffer | null> {
  const r = await db.one<{ pdf_base64: string }>(`SELECT pdf_base64 FROM report_push_pdfs WHERE reg_no = $1`, [reportNo]);
  return r ? Buffer.from(r.pdf_base64, 'base64') : null;
}

export async function pushedImageUrl(db: Queryable, accessionNumber: string, personId: string): Promise<string | null> {
  const r = await db.one<{ url: string }>(
    `SELECT i.url FROM report_push_images i JOIN reports r ON r.reg_no = i.reg_no WHERE i.accession_number = $1 AND r.person_id = $2`,
    [accessionNumber, personId],
  );
  return r?.url ?? null;
}
