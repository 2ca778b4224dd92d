/** Demo catalogue (branches, categories, items, packages, companies and members) and calendars with every kind of day. */
import dayjs from 'dayjs';
import type { Queryable } from '../db/types';
import { BRANCHES, CATEGORIES, COMPANIES, MEMBERS, ONSITE_ONLY_NAMES, PACKAGES, itemSexOf } from './data';

export const PERSON_SCOPES = ['P:person', 'P:staff', 'P:vehicle', 'P:healthCertificate'];
export const TEAM_SCOPES = ['T:total', 'T:L0001'];
export const SLOT_DEFS = [
  { code: '01', name: '07:30-08:30' },
  { code: '02', name: '08:30-09:30' },
  { code: '03', name: '09:30-10:30' },
  { code: '04', name: '10:30-11:30' },
];

/** Builds a name → code map while inserting items. */
export async function seedCatalog(tx: Queryable): Promise<Map<string, string>> {
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
 * Sundays and d=10 holiday 'T'; d>45 not open (sum 0); d%9==3 full; d%5==1 tight (1–10 left); else plentiful.
 * (Full days every 9th day, not every 7th: a weekly rule fell on Sundays — holidays — whenever
 * today was a Thursday, and the calendar then had no full day at all.)
 */
export function dayKind(d: number, day: dayjs.Dayjs): 'holiday' | 'closed' | 'full' | 'tight' | 'plenty' {
  if (day.day() === 0 || d === 10) return 'holiday';
  if (d > 45) return 'closed';
  if (d % 9 === 3) return 'full';
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
