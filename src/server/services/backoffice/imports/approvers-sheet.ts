/**
 * Import sheet 审核人: the hospital's approvers (free-exam review, token
 * cards). A row adds an account or updates the name of an existing one; its
 * password is replaced only when the row gives one (then the account's open
 * approver sessions end). Passwords are hashed exactly as the approver
 * sign-in checks them (services/approvals hashPassword, scrypt + salt) and
 * never stored or logged as typed. The sign-in takes 6 digits only.
 */
import type { Queryable } from '../../../db/types';
import { hashPassword } from '../../approvals/approvals';
import { recordAudit } from '../../studio/audit';
import { CODE_RE } from '../../../../contract/api/backoffice/groups';
import type { ImportProblem, SheetSpec } from './types';
import { inChunks } from '../groups/conflicts';

export interface ApproverImportRow {
  id: string;
  name: string;
  /** '' keeps an existing account's password. */
  password: string;
}

export const APPROVER_NAME_MAX = 20;

export const approversSheet: SheetSpec<ApproverImportRow> = {
  kind: 'approvers',
  title: '审核人',
  templateName: '审核人导入模板',
  columns: [
    { key: 'id', header: '账号', required: true, example: '2', text: true, note: '审核人登录用的账号（字母、数字）；已有的账号会被更新' },
    { key: 'name', header: '姓名', required: true, example: '李主任', note: `最多 ${APPROVER_NAME_MAX} 个字` },
    { key: 'password', header: '初始密码', example: '246810', text: true, note: '6 位数字；新账号必填；已有账号留空则不修改密码，填写则重设密码' },
  ],

  parseRow(cells, row) {
    const problems: ImportProblem[] = [];
    const value = { id: cells.id, name: cells.name, password: cells.password };
    if (!value.id) problems.push({ row, column: '账号', reason: '请填写账号' });
    else if (!CODE_RE.test(value.id)) problems.push({ row, column: '账号', reason: '账号只能是 1–32 位字母、数字、- 或 _' });
    if (!value.name) problems.push({ row, column: '姓名', reason: '请填写姓名' });
    else if ([...value.name].length > APPROVER_NAME_MAX) problems.push({ row, column: '姓名', reason: `姓名不能超过${APPROVER_NAME_MAX}个字` });
    if (value.password && !/^\d{6}$/.test(value.password)) {
      const lostZero = /^\d{1,5}$/.test(value.password) ? '（Excel 可能去掉了开头的 0：请把该列设为文本）' : '';
      problems.push({ row, column: '初始密码', reason: `初始密码须为 6 位数字${lostZero}` });
    }
    return problems.length ? { problems } : { value, problems };
  },

  async checkAll(db, rows) {
    const problems: ImportProblem[] = [];
    const seen = new Map<string, number>();
    for (const { row, value } of rows) {
      if (seen.has(value.id)) problems.push({ row, column: '账号', reason: `与第 ${seen.get(value.id)} 行的账号重复` });
      else seen.set(value.id, row);
    }
    const existing = await existingIds(db, rows.map((r) => r.value.id));
    for (const { row, value } of rows) if (!value.password && !existing.has(value.id)) problems.push({ row, column: '初始密码', reason: '新账号须填写初始密码（6 位数字）' });
    return problems;
  },

  async apply(tx, rows, ctx) {
    const existing = await existingIds(tx, rows.map((r) => r.value.id));
    let created = 0;
    let updated = 0;
    for (const { value } of rows) {
      const before = existing.get(value.id);
      const pwd = value.password ? await hashPassword(value.password) : null;
      if (!before) {
        await tx.run('INSERT INTO approver_users (id, name, pwd_hash, pwd_salt, updated_at) VALUES ($1, $2, $3, $4, $5)', [value.id, value.name, pwd!.hash, pwd!.salt, ctx.now]);
        created++;
      } else if (pwd) {
        await tx.run('UPDATE approver_users SET name = $2, pwd_hash = $3, pwd_salt = $4, updated_at = $5 WHERE id = $1', [value.id, value.name, pwd.hash, pwd.salt, ctx.now]);
        // A new password ends the sessions the old one opened.
        await tx.run(`DELETE FROM tokens WHERE kind = 'approver' AND subject = $1`, [value.id]);
        updated++;
      } else if (before.name !== value.name) {
        await tx.run('UPDATE approver_users SET name = $2, updated_at = $3 WHERE id = $1', [value.id, value.name, ctx.now]);
        updated++;
      } else continue;
      await recordAudit(
        tx,
        {
          actor: ctx.actor,
          action: before ? 'update' : 'create',
          entity: 'approver',
          key: value.id,
          summary: `${before ? '修改' : '新增'}审核人 ${value.name}（账号 ${value.id}）${before && pwd ? '，重设密码' : ''} · 导入`,
          before: before ? { id: value.id, name: before.name } : null,
          after: { id: value.id, name: value.name, passwordChanged: Boolean(pwd) },
        },
        ctx.now,
      );
    }
    const same = rows.length - created - updated;
    return [`新增 ${created} 个审核人`, `更新 ${updated} 个`, same ? `未变 ${same} 个` : ''].filter(Boolean).join('，');
  },
};

async function existingIds(db: Queryable, ids: string[]): Promise<Map<string, { name: string }>> {
  const rows = await inChunks<{ id: string; name: string }>(db, (ph) => `SELECT id, name FROM approver_users WHERE id IN (${ph})`, ids);
  return new Map(rows.map((r) => [r.id, { name: r.name }]));
}
