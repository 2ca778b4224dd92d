/**
 * Demo data, dates relative to `today` so it never goes stale. seedAll() fills an
 * empty database (first start) — core + booking here, then the after-booking
 * seed, seedAfterBooking(db, today) in ./after-booking.
 */
import dayjs from 'dayjs';
import type { Db, Queryable } from '../db/types';
import { BRANCHES, CATEGORIES, COMPANIES, DEMO, MEMBERS, ONSITE_ONLY_NAMES, PACKAGES, itemSexOf } from './data';
import { idemKeyFor } from './util';
import { seedAfterBooking } from './after-booking';
import { holdStartLock } from '../db/migrate';
import { centreDateTime, centreDay } from '../../contract/rules/centre-day';

export { DEMO, COMPANIES, MEMBERS, BRANCHES } from './data';

export const PERSON_SCOPES = ['P:person', 'P:staff', 'P:vehicle', 'P:healthCertificate'];
export const TEAM_SCOPES = ['T:total', 'T:L0001'];
export const SLOT_DEFS = [
  { code: '01', name: '07:30-08:30' },
  { code: '02', name: '08:30-09:30' },
  { code: '03', name: '09:30-10:30' },
  { code: '04', name: '10:30-11:30' },
];

export async function isSeeded(db: Queryable): Promise<boolean> {
  return Boolean(await db.one('SELECT clus_code FROM packages LIMIT 1'));
}

/** Builds a name → code map while inserting items. */
async function seedCatalog(tx: Queryable): Promise<Map<string, string>> {
  for (const [i, b] of BRANCHES.entries())
    await tx.run('INSERT INTO branches (hosp_code, hosp_name, hosp_tel, hosp_addr, sort) VALUES ($1, $2, $3, $4, $5)', [b.hosp_code, b.hosp_name, b.hosp_tel, b.hosp_addr, i]);
  const codes = new Map<string, string>();
  for (const [ci, c] of CATEGORIES.entries()) {
    await tx.run('INSERT INTO item_categories (id, name, sort) VALUES ($1, $2, $3)', [c.id, c.name, ci]);
    for (const [ii, [name, yuan, note]] of c.items.entries()) {
      const code = `I${c.id.slice(1)}${String(ii + 1).padStart(2, '0')}`;
      codes.set(name, code);
      await tx.run(
        'INSERT INTO items (comb_code, comb_name, price_cents, note, category_id, addable, onsite_only, sort, sex) VALUES ($1, $2, $3, $4, $5, 1, $6, $7, $8)',
        [code, name, Math.round(yuan * 100), note, c.id, ONSITE_ONLY_NAMES.has(name) ? 1 : 0, ci * 100 + ii, itemSexOf(name, c.id)],
      );
    }
  }
  for (const [pi, p] of PACKAGES.entries()) {
    await tx.run(
      `INSERT INTO packages (clus_code, clus_name, clus_note, price_cents, clus_type, sex, marr_status, intro, notice, active, sort)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, 1, $10)`,
      [
        p.code, p.name, p.note, p.price * 100, p.type, p.sex, p.marr ?? '0',
        `${p.name}：${p.note}。共${p.items.length}项检查。`,
        '体检前一天清淡饮食，晚10点后禁食禁水；体检当日空腹，携带身份证按预约时段到达前台报到。女士避开经期，孕期及备孕者请勿做放射检查。',
        pi,
      ],
    );
    for (const [ii, name] of p.items.entries()) {
      const code = codes.get(name);
      if (!code) throw new Error(`seed: unknown item ${name}`);
      await tx.run('INSERT INTO package_items (clus_code, comb_code, sort) VALUES ($1, $2, $3)', [p.code, code, ii]);
    }
  }
  for (const c of COMPANIES) await tx.run('INSERT INTO companies (lnc_code, lnc_name, own_calendar) VALUES ($1, $2, $3)', [c.lnc_code, c.lnc_name, c.own_calendar]);
  for (const [i, m] of MEMBERS.entries()) {
    const pkg = PACKAGES.find((p) => p.code === m.clus)!;
    await tx.run(
      'INSERT INTO team_members (id, lnc_code, pat_name, idcard, tel, clus_code, clus_name, reg_no, flag) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)',
      [`M${String(i + 1).padStart(4, '0')}`, m.lnc, m.name, m.id, m.tel, m.clus, pkg.name, `2026${String(100001 + i)}`, m.flag],
    );
  }
  return codes;
}

/**
 * Calendar kinds by day offset d (from today): past days (d<0) plentiful but not bookable;
 * Sundays and d=10 holiday 'T'; d>45 not open (sum 0); d%7==3 full; d%5==1 tight (1–10 left); else plentiful.
 */
export function dayKind(d: number, day: dayjs.Dayjs): 'holiday' | 'closed' | 'full' | 'tight' | 'plenty' {
  if (day.day() === 0 || d === 10) return 'holiday';
  if (d > 45) return 'closed';
  if (d % 7 === 3) return 'full';
  if (d % 5 === 1) return 'tight';
  return 'plenty';
}

export async function seedCalendars(tx: Queryable, today: string, scopes = [...PERSON_SCOPES, ...TEAM_SCOPES], days = 60): Promise<void> {
  const t0 = dayjs(today);
  for (const scope of scopes) {
    for (let d = -3; d <= days; d++) {
      const day = t0.add(d, 'day');
      const ds = day.format('YYYY-MM-DD');
      const kind = dayKind(d, day);
      await tx.run('INSERT INTO calendar_days (scope, day, flag) VALUES ($1, $2, $3)', [scope, ds, kind === 'holiday' ? 'T' : 'F']);
      if (kind === 'holiday') continue;
      const nSlots = 2 + (Math.abs(d) % 3); // 2–4 slots
      const k = Math.abs(d);
      for (let s = 0; s < nSlots; s++) {
        const def = SLOT_DEFS[s];
        let total = 0;
        let surplus = 0;
        if (kind === 'plenty') {
          total = 20 + 5 * s;
          surplus = total - ((k + s) % 6);
        } else if (kind === 'tight') {
          total = 10;
          surplus = s === 0 ? 0 : 1 + ((k + s) % 4);
        } else if (kind === 'full') {
          total = 15;
          surplus = 0;
        }
        await tx.run('INSERT INTO calendar_slots (scope, day, code, name, total, surplus, sort) VALUES ($1, $2, $3, $4, $5, $6, $7)', [scope, ds, def.code, def.name, total, surplus, s]);
      }
    }
  }
}

async function seedDemoOrders(tx: Queryable, today: string, codes: Map<string, string>, nowMs: number): Promise<void> {
  const t0 = dayjs(today);
  await tx.run(`INSERT INTO users (openid, name, id_card, tel, tag, created_at, updated_at) VALUES ($1, $2, $3, $4, '1', $5, $5)`, [DEMO.openid, DEMO.name, DEMO.idCard, DEMO.tel, nowMs]);
  const extra = (name: string) => ({ comb_code: codes.get(name)!, comb_name: name, price: '' });
  const orders: Array<{ id: string; type: string; clus: string; d: number; state: string; pay: string; errmsg?: string; extras?: string[]; lnc?: string }> = [
    { id: 'DEMO0001', type: 'person', clus: 'P4002', d: 5, state: 'F', pay: 'T', extras: ['甲状腺功能五项'] },
    { id: 'DEMO0002', type: 'staff', clus: 'S1001', d: 7, state: 'S', pay: 'F' },
    { id: 'DEMO0003', type: 'vehicle', clus: 'V6001', d: 6, state: 'S', pay: 'EING' },
    { id: 'DEMO0004', type: 'healthCertificate', clus: 'H5001', d: 2, state: 'export', pay: 'T' },
    { id: 'DEMO0005', type: 'question', clus: 'P4005', d: 4, state: 'E', pay: 'T', errmsg: '体检系统同步失败：该时段号源冲突，请联系工作人员' },
    { id: 'DEMO0006', type: 'person', clus: 'P4001', d: -20, state: 'C', pay: 'F', errmsg: '用户撤销' },
    { id: 'DEMO0007', type: 'person', clus: 'P4005', d: -12, state: 'Refund', pay: 'TJServeERR', errmsg: '已退款' },
    { id: 'DEMO0008', type: 'staff', clus: 'S1003', d: -8, state: 'Refund', pay: 'RefundERR', errmsg: '退款失败：商户余额不足' },
    { id: 'DEMO0009', type: 'group', clus: 'T0001', d: -30, state: 'C', pay: 'T', lnc: 'L0001' },
  ];
  for (const [i, o] of orders.entries()) {
    const pkg = PACKAGES.find((p) => p.code === o.clus)!;
    const items = (o.extras ?? []).map(extra);
    const itemCents = items.reduce((a, it) => {
      const cat = CATEGORIES.flatMap((c) => c.items).find(([n]) => n === it.comb_name)!;
      it.price = cat[1].toFixed(2);
      return a + cat[1] * 100;
    }, 0);
    const price = o.type === 'group' ? itemCents : pkg.price * 100 + itemCents;
    const day = t0.add(o.d, 'day').format('YYYY-MM-DD');
    const created = nowMs - (30 - i) * 86_400_000 / 10;
    const scope = o.type === 'group' ? 'T:L0001' : o.type === 'question' ? 'P:person' : `P:${o.type}`;
    await tx.run(
      `INSERT INTO orders (id, openid, id_card, name, tel, type, clus_code, clus_name, begin_time, scope, sumtime_code, sumtime_name, price_cents,
         state, errmsg, pay_flag, choose_comb_code, company_name, lnc_code, regno, tj_date, hosp_code, marr_status, idem_key, hold_until, created_at, created_time, updated_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, '02', '08:30-09:30', $11, $12, $13, $14, $15, $16, $17, $18, $9, '01', '2', $19, NULL, $20, $21, $20)`,
      [
        o.id, DEMO.openid, DEMO.idCard, DEMO.name, DEMO.tel, o.type, pkg.code, pkg.name, day, scope, price, o.state, o.errmsg ?? '', o.pay,
        JSON.stringify(items), o.lnc ? COMPANIES.find((c) => c.lnc_code === o.lnc)!.lnc_name : '', o.lnc ?? '',
        o.state === 'export' || o.state === 'F' ? `2026${String(200001 + i)}` : '', idemKeyFor(o.id), created, centreDateTime(created),
      ],
    );
    if (['T', 'TJServeERR', 'RefundERR'].includes(o.pay) && price > 0)
      await tx.run(
        `INSERT INTO payments (out_trade_no, order_id, amount_cents, state, prepay_id, transaction_id, created_at, updated_at) VALUES ($1, $2, $3, 'T', '', $4, $5, $5)`,
        [`${o.id}_seed`, o.id, price, `seed-${o.id}`, created],
      );
    if (o.pay === 'EING')
      await tx.run(`INSERT INTO payments (out_trade_no, order_id, amount_cents, state, created_at, updated_at) VALUES ($1, $2, $3, 'EING', $4, $4)`, [`${o.id}_seed`, o.id, price, created]);
  }
}

export interface SeedOptions {
  today?: string;
  nowMs?: number;
  /** Also run the after-booking seed (default true). */
  afterBooking?: boolean;
}

export async function seedAll(db: Db, opts: SeedOptions = {}): Promise<void> {
  await db.transaction((tx) => seedInto(tx, opts));
}

/** Everything in one transaction: a start that dies half-way leaves no half-seeded database. */
async function seedInto(tx: Queryable, opts: SeedOptions): Promise<void> {
  const nowMs = opts.nowMs ?? Date.now();
  const today = opts.today ?? centreDay(nowMs);
  const codes = await seedCatalog(tx);
  await seedCalendars(tx, today);
  await seedDemoOrders(tx, today, codes, nowMs);
  if (opts.afterBooking !== false) await seedAfterBooking(tx, today);
}

/**
 * Seeds when the database is empty (first start). Under the start-up lock, so
 * instances starting together on one empty database seed it once.
 */
export async function seedIfEmpty(db: Db, opts: SeedOptions = {}): Promise<boolean> {
  return db.transaction(async (tx) => {
    await holdStartLock(tx, db.dialect);
    if (await isSeeded(tx)) return false;
    await seedInto(tx, opts);
    return true;
  });
}

/** Drops every table (reset), for `npm run seed` and tests. */
export async function dropAll(db: Db): Promise<void> {
  const tables =
    db.dialect === 'postgres'
      ? (await db.all<{ t: string }>(`SELECT tablename AS t FROM pg_tables WHERE schemaname = current_schema()`)).map((r) => r.t)
      : (await db.all<{ t: string }>(`SELECT name AS t FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'`)).map((r) => r.t);
  for (const t of tables) await db.run(db.dialect === 'postgres' ? `DROP TABLE IF EXISTS "${t}" CASCADE` : `DROP TABLE IF EXISTS "${t}"`);
}
