/**
 * Approver screens (after-booking spec §2 Director review / Token management,
 * §4, §6): a shared 6-digit password for approver user id 1, stored as scrypt
 * hash + salt; failures counted per approver id and per client in the DB
 * (5 failures in 15 minutes lock that key for 15 minutes); a right password
 * yields an approver token (hashed row with expiry) for header x-approver-token.
 */
import { serverTexts } from '../../messages';
import { randomBytes, scrypt as scryptCb, timingSafeEqual, type BinaryLike, type ScryptOptions } from 'node:crypto';
import type { Db, Queryable } from '../../db/types';
import type { CardStatus, FreePerson, FreePersonIsPay, TokenCard, UpdateCardPersonRes, UpdateFreePersonStateRes, VerifyDirectorReviewPwdRes } from '../../../contract/api/approvals';
import { formatCents } from '../../../contract/rules/money';
import { issueToken } from '../platform/tokens';
import { anyLocked, clearFailures, countFailure, type LoginLimit } from '../platform/login-limits';

export const APPROVER_MAX_FAILURES = 5;
export const APPROVER_WINDOW_MS = 15 * 60_000;
export const APPROVER_LOCK_MS = 15 * 60_000;
export const APPROVER_TOKEN_TTL_S = 2 * 3600;
const APPROVER_LIMIT: LoginLimit = { maxFailures: APPROVER_MAX_FAILURES, windowMs: APPROVER_WINDOW_MS, lockMs: APPROVER_LOCK_MS };
export const DEFAULT_DEMO_DIRECTOR_PASSWORD = '123456';

export const APPROVAL_MSG = serverTexts('approvals', {
  wrong: '密码错误',
  locked: '密码错误次数过多，请15分钟后再试',
  noToken: '请先输入审核密码',
  notFound: '该记录不存在',
  decided: '该记录已审核，不能重复操作',
} as const);

export class ApprovalError extends Error {}

const SCRYPT = { N: 16384, r: 8, p: 1, maxmem: 64 * 1024 * 1024 } as const;

function scrypt(pwd: BinaryLike, salt: BinaryLike, len: number, opts: ScryptOptions): Promise<Buffer> {
  return new Promise((resolve, reject) => scryptCb(pwd, salt, len, opts, (e, key) => (e ? reject(e) : resolve(key))));
}

export async function hashPassword(pwd: string, salt = randomBytes(16).toString('hex')): Promise<{ hash: string; salt: string }> {
  const key = await scrypt(pwd, salt, 32, SCRYPT);
  return { hash: `scrypt$${SCRYPT.N}$${SCRYPT.r}$${SCRYPT.p}$${key.toString('hex')}`, salt };
}

async function passwordMatches(pwd: string, stored: string, salt: string): Promise<boolean> {
  const m = /^scrypt\$(\d+)\$(\d+)\$(\d+)\$([0-9a-f]+)$/.exec(stored);
  if (!m) return false;
  const want = Buffer.from(m[4], 'hex');
  const got = await scrypt(pwd, salt, want.length, { N: Number(m[1]), r: Number(m[2]), p: Number(m[3]), maxmem: SCRYPT.maxmem });
  return got.length === want.length && timingSafeEqual(got, want);
}

/** Creates or replaces an approver (seed, admin scripts). */
export async function setApprover(db: Queryable, a: { id: string; name: string; password: string; now: number }): Promise<void> {
  if (!/^\d{6}$/.test(a.password)) throw new Error('approver password must be 6 digits');
  const { hash, salt } = await hashPassword(a.password);
  await db.run(
    `INSERT INTO approver_users (id, name, pwd_hash, pwd_salt, updated_at) VALUES ($1, $2, $3, $4, $5)
     ON CONFLICT (id) DO UPDATE SET name = excluded.name, pwd_hash = excluded.pwd_hash, pwd_salt = excluded.pwd_salt, updated_at = excluded.updated_at`,
    [a.id, a.name, hash, salt, a.now],
  );
}

/** The demo director password: env DIRECTOR_PASSWORD, default 123456 only outside production (null = none). */
export function directorPasswordFromEnv(env: NodeJS.ProcessEnv = process.env): string | null {
  const v = env.DIRECTOR_PASSWORD;
  if (v && /^\d{6}$/.test(v)) return v;
  return env.NODE_ENV === 'production' ? null : DEFAULT_DEMO_DIRECTOR_PASSWORD;
}

export async function verifyDirectorPassword(
  db: Db,
  q: { id: string; pwd: string; client: string; now: number },
): Promise<VerifyDirectorReviewPwdRes> {
  const keys = [`id:${q.id}`, `client:${q.client}`];
  if (await anyLocked(db, keys, q.now)) throw new ApprovalError(APPROVAL_MSG.locked);
  const user = await db.one<{ id: string; name: string; pwd_hash: string; pwd_salt: string }>(
    `SELECT id, name, pwd_hash, pwd_salt FROM approver_users WHERE id = $1`,
    [q.id],
  );
  const ok = !!user && /^\d{6}$/.test(q.pwd) && (await passwordMatches(q.pwd, user.pwd_hash, user.pwd_salt));
  if (!ok) {
    // An unknown id counts against the client only (no rows for ids that do not exist).
    if (user) await countFailure(db, keys[0], q.now, APPROVER_LIMIT);
    await countFailure(db, keys[1], q.now, APPROVER_LIMIT);
    if (await anyLocked(db, keys, q.now)) throw new ApprovalError(APPROVAL_MSG.locked);
    throw new ApprovalError(APPROVAL_MSG.wrong);
  }
  await clearFailures(db, keys);
  // The bearer is a core token (kind 'approver', subject = approver id), checked by defineCall.
  const t = await issueToken(db, 'approver', user!.id, APPROVER_TOKEN_TTL_S, q.now);
  return { token: t.access_token, expires_in: t.expires_in, name: user!.name };
}

export interface Approver {
  id: string;
  name: string;
}

/** The approver behind a checked approver token (its subject); the name always comes from this row. */
export async function loadApprover(db: Db, userId: unknown): Promise<Approver | null> {
  if (typeof userId !== 'string' || !userId) return null;
  const r = await db.one<{ id: string; name: string }>(`SELECT id, name FROM approver_users WHERE id = $1`, [userId]);
  return r ? { id: r.id, name: r.name } : null;
}

const STATE_ORDER: Record<string, number> = { F: 0, '0': 1, T: 2 };

export async function listFreePersons(db: Db): Promise<FreePerson[]> {
  const rows = await db.all<Record<string, string | number>>(
    `SELECT reg_no, pat_name, position, party, idcard, tel, addr, lnc_name, amt_cents, sq_date, is_pay FROM free_exam_requests ORDER BY sq_date DESC, reg_no`,
  );
  return rows
    .map((r) => ({
      regNo: String(r.reg_no),
      patName: String(r.pat_name),
      position: String(r.position),
      party: String(r.party),
      idcard: String(r.idcard),
      tel: String(r.tel),
      addr: String(r.addr),
      lncName: String(r.lnc_name),
      amt: formatCents(Number(r.amt_cents)),
      Sqdate: String(r.sq_date),
      isPay: String(r.is_pay) as FreePersonIsPay,
    }))
    .sort((a, b) => (STATE_ORDER[a.isPay] ?? 9) - (STATE_ORDER[b.isPay] ?? 9));
}

/** status '1' → T (approved), '0' → '0' (rejected); only a pending (F) request changes; the approver comes from the token. */
export async function updateFreePersonState(
  db: Db,
  approver: Approver,
  q: { regno: string; status: '1' | '0'; kw?: string; startDate?: string; now: number },
): Promise<UpdateFreePersonStateRes> {
  const isPay: FreePersonIsPay = q.status === '1' ? 'T' : '0';
  const n = await db.run(
    `UPDATE free_exam_requests SET is_pay = $2, decided_by_id = $3, decided_by_name = $4, decided_at = $5, claimed_kw = $6, start_date = $7
      WHERE reg_no = $1 AND is_pay = 'F'`,
    [q.regno, isPay, approver.id, approver.name, q.now, q.kw ?? null, q.startDate ?? null],
  );
  if (n === 0) {
    const exists = await db.one(`SELECT reg_no FROM free_exam_requests WHERE reg_no = $1`, [q.regno]);
    throw new ApprovalError(exists ? APPROVAL_MSG.decided : APPROVAL_MSG.notFound);
  }
  return { regNo: q.regno, isPay, approver: approver.name };
}

export async function listCards(db: Db): Promise<TokenCard[]> {
  const rows = await db.all<Record<string, string | number>>(
    `SELECT card_no, name, par_value_cents, oper, ddrq, status FROM token_cards ORDER BY ddrq DESC, card_no`,
  );
  return rows
    .map((r) => ({
      card_no: String(r.card_no),
      name: String(r.name),
      par_value: formatCents(Number(r.par_value_cents)),
      oper: String(r.oper),
      ddrq: String(r.ddrq),
      status: String(r.status) as CardStatus,
    }))
    .sort((a, b) => Number(a.status) - Number(b.status));
}

/** status T → '1' approved, F → '2' rejected; only pending ('0') cards change. */
export async function updateCard(
  db: Db,
  approver: Approver,
  q: { cardNo: string; status: 'T' | 'F'; claimedName?: string; now: number },
): Promise<UpdateCardPersonRes> {
  const status: CardStatus = q.status === 'T' ? '1' : '2';
  const n = await db.run(
    `UPDATE token_cards SET status = $2, decided_by_id = $3, decided_by_name = $4, decided_at = $5, claimed_name = $6
      WHERE card_no = $1 AND status = '0'`,
    [q.cardNo, status, approver.id, approver.name, q.now, q.claimedName ?? null],
  );
  if (n === 0) {
    const exists = await db.one(`SELECT card_no FROM token_cards WHERE card_no = $1`, [q.cardNo]);
    throw new ApprovalError(exists ? APPROVAL_MSG.decided : APPROVAL_MSG.notFound);
  }
  return { card_no: q.cardNo, status, approver: approver.name };
}
