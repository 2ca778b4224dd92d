/**
 * Import sheet: 套餐与项目 — one row per package, its items named by their
 * codes (items themselves are kept in the studio's 项目 list). A row whose code
 * exists updates that package (its 上架/下架 state stays), a new code adds one.
 * The rules are the editor's (contract/rules/package-rules.ts) and so is the
 * write (catalogue/package-write.ts: intro and notice sanitised, items replaced,
 * one audit entry per package).
 */
import type { ImportProblem, ParseContext, ParsedRow, SheetColumn, SheetSpec } from './types';
import type { PackageDraft } from '../../../../contract/api/backoffice/catalogue';
import {
  CLUS_TYPES,
  clusTypeOf,
  marrOf,
  packageItemProblems,
  packageProblems,
  sexOf,
  splitCodes,
  yuanToCents,
  type PackageFields,
} from '../../../../contract/rules/package-rules';
import { itemFacts, writePackage } from '../catalogue/package-write';
import { readPackage } from '../catalogue/rows';
import { sanitizeHtml } from '../../../../contract/rules/safe-html';
import { StudioFailure } from '../../studio/live-sync';

const COLUMNS: SheetColumn[] = [
  { key: 'code', header: '套餐编码', required: true, example: 'P4101', note: '字母、数字、_ 或 -，最多 20 个字符；已有的编码更新该套餐，新编码新增' },
  { key: 'name', header: '套餐名称', required: true, example: '青年白领体检套餐', note: '最多 60 个字符' },
  { key: 'type', header: '类型', required: true, example: '个人体检', note: CLUS_TYPES.map((t) => t.label).join(' / ') },
  { key: 'sex', header: '适用性别', example: '不限', note: '男 / 女 / 不限（空 = 不限）' },
  { key: 'marr', header: '婚否', example: '不限', note: '不限 / 仅限已婚（空 = 不限）' },
  { key: 'price', header: '价格(元)', required: true, example: '368.00', note: '元，最多两位小数' },
  { key: 'items', header: '项目编码', required: true, example: 'I0101、I0102、I0201', note: '套餐包含的项目编码，用逗号或顿号分隔' },
  { key: 'note', header: '说明', example: '适合25-40岁', note: '列表卡片上的一句话，最多 200 个字符' },
  { key: 'intro', header: '简介', example: '<p>常规项目全面覆盖</p>', note: '可用 HTML，保存前会去掉脚本等不安全内容' },
  { key: 'notice', header: '须知', example: '<p>体检当日空腹</p>', note: '可用 HTML，保存前会去掉脚本等不安全内容' },
  { key: 'sort', header: '排序', example: '10', note: '整数，小的在前（空 = 0）' },
];

const HEADER: Record<keyof PackageFields, string> = {
  code: '套餐编码', name: '套餐名称', clusType: '类型', sex: '适用性别', marr: '婚否', priceCents: '价格(元)',
  items: '项目编码', note: '说明', intro: '简介', notice: '须知', sort: '排序',
};

function parseRow(cells: Record<string, string>, row: number, _ctx?: ParseContext): { value?: PackageDraft; problems: ImportProblem[] } {
  const problems: ImportProblem[] = [];
  const bad = (column: string, reason: string) => problems.push({ row, column, reason });
  const c = (k: string) => (cells[k] ?? '').trim();

  const clusType = clusTypeOf(c('type'));
  if (!clusType) bad(HEADER.clusType, c('type') ? `类型只能是 ${CLUS_TYPES.map((t) => t.label).join('/')}` : '请填写类型');
  const sex = c('sex') === '' ? 3 : sexOf(c('sex'));
  if (!sex) bad(HEADER.sex, '适用性别只能是 男/女/不限');
  const marr = c('marr') === '' ? '0' : marrOf(c('marr'));
  if (!marr) bad(HEADER.marr, '婚否只能是 不限/仅限已婚');
  const price = yuanToCents(c('price'));
  if ('problem' in price) bad(HEADER.priceCents, price.problem);
  const sort = c('sort') === '' ? 0 : /^\d{1,5}$/.test(c('sort')) ? Number(c('sort')) : NaN;

  const fields: PackageFields = {
    code: c('code'),
    name: c('name'),
    clusType: clusType ?? '4',
    sex: sex ?? 3,
    marr: marr ?? '0',
    priceCents: 'cents' in price ? price.cents : 0,
    intro: cells.intro ?? '',
    notice: cells.notice ?? '',
    note: c('note'),
    sort,
    items: splitCodes(c('items')),
  };
  const rules = packageProblems(fields);
  for (const [k, reason] of Object.entries(rules)) if (reason && !problems.some((p) => p.column === HEADER[k as keyof PackageFields])) bad(HEADER[k as keyof PackageFields], reason);
  // With a usable code the value goes on even beside problems: the dry run then also lists its
  // duplicates and unknown items (the runner never applies a row that has problems).
  if (problems.some((p) => p.column === HEADER.code)) return { problems };
  const value = { ...fields, intro: sanitizeHtml(String(fields.intro)), notice: sanitizeHtml(String(fields.notice)) } as PackageDraft;
  return { value, problems };
}

async function checkAll(db: Parameters<SheetSpec<PackageDraft>['checkAll']>[0], rows: Array<ParsedRow<PackageDraft>>): Promise<ImportProblem[]> {
  const problems: ImportProblem[] = [];
  const firstRow = new Map<string, number>();
  for (const r of rows) {
    const seen = firstRow.get(r.value.code);
    if (seen !== undefined) problems.push({ row: r.row, column: HEADER.code, reason: `套餐编码与第 ${seen} 行重复` });
    else firstRow.set(r.value.code, r.row);
  }
  const facts = await itemFacts(db, rows.flatMap((r) => r.value.items));
  for (const r of rows) for (const reason of packageItemProblems(r.value.sex, r.value.items, facts)) problems.push({ row: r.row, column: HEADER.items, reason });
  return problems;
}

export const packagesSheet: SheetSpec<PackageDraft> = {
  kind: 'packages',
  title: '套餐与项目',
  templateName: '套餐导入模板',
  columns: COLUMNS,
  parseRow,
  checkAll,
  async apply(tx, rows, ctx) {
    // The runner checked everything; checked again here inside its transaction, so a change made in between cannot slip in.
    const late = await checkAll(tx, rows);
    if (late.length) throw new StudioFailure(409, `第 ${late[0].row} 行：${late[0].reason}`);
    let added = 0;
    let updated = 0;
    for (const r of rows) {
      const before = await readPackage(tx, r.value.code);
      const after = await writePackage(tx, r.value, before, ctx.actor, ctx.now, '导入：');
      if (!after) throw new StudioFailure(409, `第 ${r.row} 行：套餐 ${r.value.code} 已被他人修改，请重新导入`);
      if (before) updated++;
      else added++;
    }
    return `新增 ${added} 个套餐，更新 ${updated} 个`;
  },
};
