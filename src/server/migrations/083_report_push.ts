/**
 * Issue 23: the hospital system's report push (services/backoffice/report-push/).
 *  - report_clients: one row per machine client. No secret is stored: a client's
 *    secret is derived from REPORT_PUSH_KEY (the environment) and the row's
 *    random salt, so a copy of the database alone signs nothing. key_check is a
 *    short fingerprint of the derived secret: the studio can tell that the
 *    environment's key changed (every secret then stops working).
 *  - report_push_nonces: nonces seen in the last minutes (replay refusal), per client.
 *  - report_push_receipts: one row per pushed report number — the content hash
 *    that makes a repeat a no-op, the revision a correction raises.
 *  - report_push_pdfs / report_push_images: what a pushed report carries beyond
 *    the reports row: the hospital's own PDF (base64 text: one portable column
 *    type) and its imaging links (the cloud-film page the app's QR opens).
 */
import type { Queryable } from '../db/types';

const STATEMENTS: string[] = [
  `CREATE TABLE IF NOT EXISTS report_clients (
     id TEXT PRIMARY KEY,
     name TEXT NOT NULL,
     key_salt TEXT NOT NULL,
     key_check TEXT NOT NULL,
     created_at BIGINT NOT NULL,
     created_by TEXT NOT NULL,
     revoked_at BIGINT,
     revoked_by TEXT,
     last_used_at BIGINT
   )`,
  `CREATE TABLE IF NOT EXISTS report_push_nonces (
     client_id TEXT NOT NULL,
     nonce TEXT NOT NULL,
     seen_at BIGINT NOT NULL,
     PRIMARY KEY (client_id, nonce)
   )`,
  `CREATE INDEX IF NOT EXISTS report_push_nonces_seen_idx ON report_push_nonces (seen_at)`,
  `CREATE TABLE IF NOT EXISTS report_push_receipts (
     reg_no TEXT PRIMARY KEY,
     client_id TEXT NOT NULL,
     content_sha256 TEXT NOT NULL,
     revision INTEGER NOT NULL,
     first_at BIGINT NOT NULL,
     updated_at BIGINT NOT NULL
   )`,
  `CREATE TABLE IF NOT EXISTS report_push_pdfs (
     reg_no TEXT PRIMARY KEY,
     pdf_base64 TEXT NOT NULL,
     bytes INTEGER NOT NULL,
     sha256 TEXT NOT NULL
   )`,
  `CREATE TABLE IF NOT EXISTS report_push_images (
     accession_number TEXT PRIMARY KEY,
     reg_no TEXT NOT NULL,
     name TEXT NOT NULL,
     url TEXT NOT NULL
   )`,
  `CREATE INDEX IF NOT EXISTS report_push_images_reg_idx ON report_push_images (reg_no)`,
];

export async function up(db: Queryable): Promise<void> {
  for (const sql of STATEMENTS) await db.run(sql);
}
