/**
 * Writing one package — the studio's editor and the 套餐与项目 import sheet
 * both come through here, so both follow contract/rules/package-rules.ts and
 * both leave an audit entry with the row before and after. Callers run it in
 * their transaction. Intro and notice are sanitised (contract/rules/safe-html.ts) before they
 * are stored, so what the phone is served is already clean.
 */
import type { Queryable } from '../../../db/types';
import type { PackageDraft, PackageRow } from '../../../../contract/api/backoffice/catalogue';
import { clusTypeLabel, MARR_LABEL, packageItemProblems, packageProblems, SEX_LABEL, type PackageFields } from '../../../../contract/rules/package-rules';
import { formatCents } from '../../../../contract/rules/money';
import { recordAudit } from '../../studio/audit';
import { obj, text } from './common';
import { readPackage } from './rows';
import { sanitizeHtml } from '../../../../contract/rules/safe-html';

/** A request's `package` object → the draft (strings trimmed, intro/notice sanitised) and what is wrong with it. */
export function packageDraftOf(raw: unknown): { draft: PackageDraft; problems: Partial<Record<keyof PackageFields, string>> } {
  const b = obj(raw);
  const fields: PackageFields = {
    code: text(b.code),
    name: text(b.name),
    clusType: b.clusType,
    sex: b.sex,
    marr: b.marr,
    priceCents: b.priceCents,
    intro: b.intro ?? '',
    notice: b.notice ?? '',
    note: text(b.note ?? ''),
    sort: b.sort ?? 0,
    items: Array.isArray(b.items) ? b.items.map(text) : b.items,
  };
  const problems = packageProblems(fields);
  const draft = { ...fields } as unknown as PackageDraft;
  if (!problems.intro) draft.intro = sanitizeHtml(String(fields.intro));
  if (!problems.notice) draft.notice = sanitizeHtml(String(fields.notice));
  return { draft, problems };
}

/** The items the codes name (name and sex), for packageItemProblems. */
export async function itemFacts(db: Queryable, codes: readonly string[]): Promise<Map<string, { name: string; sex: number }>> {
  const out = new Map<string, { name: string; sex: number }>();
  const list = [...new Set(codes)];
  for (let i = 0; i < list.length; i += 500) {
    const part = list.slice(i, i + 500);
    const rows = await db.all<{ comb_code: string; comb_name: string; sex: number }>(
      `SELECT comb_code, comb_name, sex FROM items WHERE comb_code IN (${part.map((_, k) => `$${k + 1}`).join(', ')})`,
      part,
    );
    for (const r of rows) out.set(r.comb_code, { name: r.comb_name, sex: Number(r.sex) });
  }
  return out;
}

export async function packageItemsProblem(db: Queryable, draft: Pick<PackageDraft, 'sex' | 'items'>): Promise<string | null> {
  return packageItemProblems(draft.sex, draft.items, await itemFacts(db, draft.items))[0] ?? null;
}

/** The audit's picture of a package: its fields, not the counts (they change without an edit). */
export const packageAuditView = (p: PackageRow) => {
  const { orders: _o, members: _m, ...rest } = p;
  return rest;
};

const LABEL: Partial<Record<keyof PackageDraft, string>> = {
  name: '名称', clusType: '类型', sex: '适用性别', marr: '婚否', priceCents: '价格', intro: '简介', notice: '须知', note: '说明', sort: '排序', items: '项目',
};

/** '价格 ¥298.00→¥318.00，须知' — what an edit changed, for the audit list. */
export function packageChanges(before: PackageDraft, after: PackageDraft): string {
  const shown = (k: keyof PackageDraft, p: PackageDraft) =>
    k === 'priceCents' ? `¥${formatCents(p.priceCents)}` : k === 'clusType' ? clusTypeLabel(p.clusType) : k === 'sex' ? SEX_LABEL[p.sex] : k === 'marr' ? MARR_LABEL[p.marr] : k === 'name' ? p.name : null;
  const parts: string[] = [];
  for (const k of Object.keys(LABEL) as Array<keyof PackageDraft>) {
    if (JSON.stringify(before[k]) === JSON.stringify(after[k])) continue;
    const b = shown(k, before);
    parts.push(b === null ? LABEL[k]! : `${LABEL[k]} ${b}→${shown(k, after)}`);
  }
  return parts.join('，') || '无变化';
}

/**
 * Inserts the package (before undefined) or updates it (`before` the row the
 * caller read, its rev checked by the caller), replaces its items, and records
 * the audit entry. Returns the row as stored, or null when the update lost a
 * race (someone else's edit bumped rev first).
 */
export async function writePackage(tx: Queryable, d: PackageDraft, before: PackageRow | undefined, actor: string, now: number, via = ''): Promise<PackageRow | null> {
  if (!before) {
    await tx.run(
      `INSERT INTO packages (clus_code, clus_name, clus_note, price_cents, clus_type, sex, marr_status, intro, notice, active, sort, rev, updated_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, 1, $10, 1, $11)`,
      [d.code, d.name, d.note, d.priceCents, d.clusType, d.sex, d.marr, d.intro, d.notice, d.sort, now],
    );
  } else {
    const changed = await tx.run(
      `UPDATE packages SET clus_name = $2, clus_note = $3, price_cents = $4, clus_type = $5, sex = $6, marr_status = $7, intro = $8, notice = $9,
              sort = $10, rev = rev + 1, updated_at = $11
        WHERE clus_code = $1 AND rev = $12`,
      [d.code, d.name, d.note, d.priceCents, d.clusType, d.sex, d.marr, d.intro, d.notice, d.sort, now, before.rev],
    );
    if (changed !== 1) return null;
    await tx.run('DELETE FROM package_items WHERE clus_code = $1', [d.code]);
    // Group members carry a copy of their package's name (the phone's group list shows it).
    if (before.name !== d.name) await tx.run('UPDATE team_members SET clus_name = $2 WHERE clus_code = $1', [d.code, d.name]);
  }
  for (const [i, c] of d.items.entries()) await tx.run('INSERT INTO package_items (clus_code, comb_code, sort) VALUES ($1, $2, $3)', [d.code, c, i]);
  const after = (await readPackage(tx, d.code))!;
  await recordAudit(
    tx,
    {
      actor,
      action: before ? 'update' : 'create',
      entity: 'package',
      key: d.code,
      summary: before
        ? `${via}修改套餐 ${d.name}（${d.code}）：${packageChanges(before, after)}`
        : `${via}新增套餐 ${d.name}（${d.code}，${clusTypeLabel(d.clusType)}，¥${formatCents(d.priceCents)}）`,
      before: before ? packageAuditView(before) : null,
      after: packageAuditView(after),
    },
    now,
  );
  return after;
}
