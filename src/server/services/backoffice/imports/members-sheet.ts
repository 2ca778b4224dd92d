/**
 * Import sheet 团体人员: one member of a company a row. A row updates the
 * member of the same company and ID (upsert), else adds one. Each field
 * follows the rule the groups page and the booking server apply
 * (contract/api/backoffice/groups.ts memberProblems); the database checks are
 * the groups page's own (services/backoffice/groups/conflicts.ts); an ID twice
 * in one company, or an exam number twice, is refused on the later row.
 */
import { DEFAULT_MEMBER_FLAG, memberProblems, type MemberField } from '../../../../contract/api/backoffice/groups';
import { makeIdCard } from '../../../../contract/rules/idcard';
import { checkMembers, type MemberCandidate } from '../groups/conflicts';
import { saveMember } from '../groups/members';
import type { ImportProblem, SheetColumn, SheetSpec } from './types';

export type MemberImportRow = Omit<MemberCandidate, 'id'>;

const COLUMNS: SheetColumn[] = [
  { key: 'lncCode', header: '单位编码', required: true, example: 'L0001', text: true, note: '已在「团体单位」里添加的单位编码' },
  { key: 'name', header: '姓名', required: true, example: '张三', note: '最多 6 个字' },
  { key: 'idCard', header: '身份证号', required: true, example: makeIdCard('110101', '19900307', '031'), text: true, width: 22, note: '18 位居民身份证号；同一单位内不能重复' },
  { key: 'tel', header: '手机号', required: true, example: '13800000000', text: true, width: 14, note: '11 位手机号，成员登录团检时填写' },
  { key: 'clusCode', header: '套餐编码', required: true, example: 'T0001', text: true, note: '套餐须存在、未停用，且适合成员的性别；套餐费用由单位支付' },
  { key: 'regNo', header: '体检号', required: true, example: '2026900001', text: true, width: 14, note: '医院给这次体检的编号（字母、数字），不能与其他人重复' },
  { key: 'flag', header: '体检类别', example: DEFAULT_MEMBER_FLAG, note: '普通体检，或职业病危害类别（如 接触噪声作业、粉尘作业）；空着为普通体检' },
];

const headerOf = (key: string) => COLUMNS.find((c) => c.key === key)!.header;

export const membersSheet: SheetSpec<MemberImportRow> = {
  kind: 'members',
  title: '团体人员',
  templateName: '团体人员导入模板',
  columns: COLUMNS,

  parseRow(cells, row, ctx) {
    const value: MemberImportRow = {
      lncCode: cells.lncCode,
      name: cells.name,
      idCard: cells.idCard.replace(/\s+/g, '').toUpperCase(),
      tel: cells.tel.replace(/[\s-]+/g, ''),
      clusCode: cells.clusCode,
      regNo: cells.regNo,
      flag: cells.flag || DEFAULT_MEMBER_FLAG,
    };
    const problems: ImportProblem[] = [];
    if (!value.lncCode) problems.push({ row, column: '单位编码', reason: '请填写单位编码' });
    const found = memberProblems(value, ctx.today);
    for (const [field, reason] of Object.entries(found) as Array<[MemberField, string]>) {
      // An ID typed into a number cell lost its last digits (Excel keeps 15): say so.
      const hint = field === 'idCard' && /^\d{18}$/.test(value.idCard) && /000$/.test(value.idCard) ? '（Excel 把身份证号当成数字，末几位变成了 0：请把该列设为文本后重新填写）' : '';
      problems.push({ row, column: headerOf(field), reason: reason + hint });
    }
    // Cells the database checks read are well-formed: the row is checked too (every problem in one dry run).
    const checkable = value.lncCode && !found.idCard && !found.regNo && !found.clusCode;
    return checkable ? { value, problems } : { problems };
  },

  async checkAll(db, rows) {
    const problems: ImportProblem[] = [];
    const seenId = new Map<string, number>();
    const seenReg = new Map<string, number>();
    for (const { row, value: m } of rows) {
      const key = `${m.lncCode}|${m.idCard}`;
      if (seenId.has(key)) problems.push({ row, column: '身份证号', reason: `与第 ${seenId.get(key)} 行重复：同一单位的身份证号只能出现一次` });
      else seenId.set(key, row);
      if (seenReg.has(m.regNo)) problems.push({ row, column: '体检号', reason: `与第 ${seenReg.get(m.regNo)} 行的体检号重复` });
      else seenReg.set(m.regNo, row);
    }
    const checked = await checkMembers(db, rows.map((r) => r.value));
    for (const c of checked.conflicts) problems.push({ row: rows[c.index].row, column: headerOf(c.field), reason: c.reason });
    return problems;
  },

  async apply(tx, rows, ctx) {
    const checked = await checkMembers(tx, rows.map((r) => r.value));
    const n = { created: 0, updated: 0, unchanged: 0 };
    for (const [i, { value }] of rows.entries()) {
      const { outcome } = await saveMember(tx, value, checked.targets[i], checked.packageNames.get(value.clusCode) ?? '', { actor: ctx.actor, now: ctx.now, via: '导入' });
      n[outcome]++;
    }
    return [`新增 ${n.created} 人`, `更新 ${n.updated} 人`, n.unchanged ? `未变 ${n.unchanged} 人` : ''].filter(Boolean).join('，');
  },
};
