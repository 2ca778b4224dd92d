/**
 * The one set of rules a branch, package or item of the catalogue follows
 * (issue 23). The server applies them to every change (the studio's editor and
 * the 套餐与项目 import sheet alike) and the page runs the same functions to
 * say what is wrong next to a field before anything is sent. The values are
 * the ones the booking server understands (services/booking/catalog.ts,
 * services/orders/rules.ts, routes/orders/index.ts):
 *  - clus_type '4' 个人体检, '5' 健康证, '6' 驾驶证, '1' 入职, 'T' 团体 (company packages);
 *  - sex 1 男, 2 女, 3 不限 — an ID of the other sex cannot book a package of one sex;
 *  - marr_status '2' = married only (an examinee who said unmarried is refused), '0' = anyone;
 *  - an item of one sex never sits in (nor is added to) a package of the other sex (itemFitsSex).
 * On-site-only items: the booking server refuses them only as online extras; a
 * package may contain one (it is done on site like the rest of the package).
 */
import { formatCents, tryCents } from './money';

export type ClusType = '4' | '5' | '6' | '1' | 'T';
export type PackageSex = 1 | 2 | 3;
export type MarrRule = '0' | '2';

export const CLUS_TYPES: ReadonlyArray<{ code: ClusType; label: string }> = [
  { code: '4', label: '个人体检' },
  { code: '5', label: '健康证' },
  { code: '6', label: '驾驶证' },
  { code: '1', label: '入职' },
  { code: 'T', label: '团体' },
];
export const clusTypeLabel = (code: string) => CLUS_TYPES.find((t) => t.code === code)?.label ?? code;
/** '个人体检' or '4' → '4'; anything else undefined. */
export const clusTypeOf = (text: string): ClusType | undefined => CLUS_TYPES.find((t) => t.label === text.trim() || t.code === text.trim())?.code;

export const SEX_LABEL: Record<PackageSex, string> = { 1: '男', 2: '女', 3: '不限' };
export const sexOf = (text: string): PackageSex | undefined =>
  ({ '1': 1, '男': 1, '2': 2, '女': 2, '3': 3, '不限': 3, '': undefined })[text.trim()] as PackageSex | undefined;

export const MARR_LABEL: Record<MarrRule, string> = { '0': '不限', '2': '仅限已婚' };
export const marrOf = (text: string): MarrRule | undefined => ({ '0': '0', '不限': '0', '2': '2', '仅限已婚': '2', '已婚': '2' })[text.trim()] as MarrRule | undefined;

/** ¥100,000.00: more is a typo (a price typed in cents). */
export const PRICE_MAX_CENTS = 10_000_000;
export const CODE_MAX = 20;
export const BRANCH_CODE_MAX = 10;
export const NAME_MAX = 60;
export const NOTE_MAX = 200;
export const HTML_MAX = 20_000;
export const ADDR_MAX = 120;
export const PACKAGE_ITEMS_MAX = 200;
const CODE_CHARS = /^[A-Za-z0-9_-]+$/;

/** True when an item (sex 1/2/3) may be in, or be added to, a package of `pkgSex` (3 = either). */
export const itemFitsSex = (itemSex: unknown, pkgSex: unknown) => Number(itemSex ?? 3) === 3 || Number(pkgSex ?? 3) === 3 || Number(itemSex) === Number(pkgSex);

export const MSG_PRICE = '价格必须是不超过两位小数的金额';
export const MSG_PRICE_MAX = `价格不能超过 ¥${formatCents(PRICE_MAX_CENTS)}`;

/** Yuan as the admin types it ('128', '128.5', '128.50') → cents, or why not. */
export function yuanToCents(text: string): { cents: number } | { problem: string } {
  const s = text.trim();
  if (s === '') return { problem: '请填写价格' };
  if (!/^\d+(\.\d{1,2})?$/.test(s)) return { problem: MSG_PRICE };
  const cents = tryCents(s);
  if (cents === null) return { problem: MSG_PRICE };
  return cents > PRICE_MAX_CENTS ? { problem: MSG_PRICE_MAX } : { cents };
}

export function priceCentsProblem(cents: unknown): string | null {
  if (typeof cents !== 'number' || !Number.isInteger(cents) || cents < 0) return MSG_PRICE;
  return cents > PRICE_MAX_CENTS ? MSG_PRICE_MAX : null;
}

export function codeProblem(code: unknown, what: string, max = CODE_MAX): string | null {
  if (typeof code !== 'string' || code.trim() === '') return `请填写${what}`;
  if (code.length > max) return `${what}最多 ${max} 个字符`;
  if (!CODE_CHARS.test(code)) return `${what}只能包含字母、数字、_ 和 -`;
  return null;
}

function textProblem(v: unknown, what: string, max: number, required: boolean): string | null {
  if (typeof v !== 'string') return `${what}格式错误`;
  if (required && v.trim() === '') return `请填写${what}`;
  if ([...v].length > max) return `${what}最多 ${max} 个字符`;
  return null;
}

const sortProblem = (v: unknown) => (typeof v === 'number' && Number.isInteger(v) && v >= 0 && v <= 99_999 ? null : '排序必须是 0–99999 的整数');

type Problems<K extends string> = Partial<Record<K, string>>;
const clean = <K extends string>(p: Record<K, string | null>): Problems<K> =>
  Object.fromEntries(Object.entries(p).filter(([, v]) => v)) as Problems<K>;

export interface BranchFields { hospCode: unknown; hospName: unknown; hospTel: unknown; hospAddr: unknown; sort: unknown }
export function branchProblems(b: BranchFields): Problems<keyof BranchFields> {
  return clean({
    hospCode: codeProblem(b.hospCode, '院区编码', BRANCH_CODE_MAX),
    hospName: textProblem(b.hospName, '院区名称', NAME_MAX, true),
    hospTel: typeof b.hospTel === 'string' && /^[0-9+\-()（） ]{3,30}$/.test(b.hospTel.trim()) ? null : '电话只能包含数字、+、- 和括号（3–30 个字符）',
    hospAddr: textProblem(b.hospAddr, '地址', ADDR_MAX, true),
    sort: sortProblem(b.sort),
  });
}

export interface PackageFields {
  code: unknown; name: unknown; clusType: unknown; sex: unknown; marr: unknown; priceCents: unknown;
  intro: unknown; notice: unknown; note: unknown; sort: unknown; items: unknown;
}
/** The package's own fields; its items against the catalogue: packageItemProblems. */
export function packageProblems(p: PackageFields): Problems<keyof PackageFields> {
  const items = p.items;
  return clean({
    code: codeProblem(p.code, '套餐编码'),
    name: textProblem(p.name, '套餐名称', NAME_MAX, true),
    clusType: CLUS_TYPES.some((t) => t.code === p.clusType) ? null : `类型只能是 ${CLUS_TYPES.map((t) => t.label).join('/')}`,
    sex: p.sex === 1 || p.sex === 2 || p.sex === 3 ? null : '适用性别只能是 男/女/不限',
    marr: p.marr === '0' || p.marr === '2' ? null : '婚否只能是 不限/仅限已婚',
    priceCents: priceCentsProblem(p.priceCents),
    intro: textProblem(p.intro, '简介', HTML_MAX, false),
    notice: textProblem(p.notice, '须知', HTML_MAX, false),
    note: textProblem(p.note, '说明', NOTE_MAX, false),
    sort: sortProblem(p.sort),
    items: !Array.isArray(items) || items.some((c) => typeof c !== 'string' || !c)
      ? '项目编码格式错误'
      : items.length === 0
        ? '套餐至少包含一个项目'
        : items.length > PACKAGE_ITEMS_MAX
          ? `一个套餐最多 ${PACKAGE_ITEMS_MAX} 个项目`
          : new Set(items).size !== items.length
            ? `项目重复：${items.filter((c, i) => items.indexOf(c) !== i).join('、')}`
            : null,
  });
}

/** What is wrong with a package's items as the catalogue has them (unknown codes, the other sex). */
export function packageItemProblems(pkgSex: unknown, codes: readonly string[], known: ReadonlyMap<string, { name: string; sex: unknown }>): string[] {
  const out: string[] = [];
  const unknown = codes.filter((c) => !known.has(c));
  if (unknown.length) out.push(`项目编码不存在：${unknown.join('、')}`);
  const wrong = codes.filter((c) => known.has(c) && !itemFitsSex(known.get(c)!.sex, pkgSex));
  if (wrong.length)
    out.push(`${wrong.map((c) => `${known.get(c)!.name}（${c}）`).join('、')}仅限${SEX_LABEL[Number(known.get(wrong[0])!.sex) as PackageSex]}，不能放入${SEX_LABEL[Number(pkgSex) as PackageSex]}性套餐`);
  return out;
}

export interface ItemFields {
  code: unknown; name: unknown; priceCents: unknown; note: unknown; categoryId: unknown;
  addable: unknown; onsiteOnly: unknown; sex: unknown; sort: unknown;
}
export function itemProblems(i: ItemFields): Problems<keyof ItemFields> {
  return clean({
    code: codeProblem(i.code, '项目编码'),
    name: textProblem(i.name, '项目名称', NAME_MAX, true),
    priceCents: priceCentsProblem(i.priceCents),
    note: textProblem(i.note, '说明', NOTE_MAX, false),
    categoryId: typeof i.categoryId === 'string' ? null : '分类格式错误',
    addable: typeof i.addable === 'boolean' ? null : '格式错误',
    onsiteOnly: typeof i.onsiteOnly === 'boolean' ? null : '格式错误',
    sex: i.sex === 1 || i.sex === 2 || i.sex === 3 ? null : '适用性别只能是 男/女/不限',
    sort: sortProblem(i.sort),
  });
}

/** Item codes as a sheet or a field writes them: 'I0101, I0102、I0103' (also ，;；and spaces). */
export const splitCodes = (text: string) => text.split(/[,，、;；\s]+/).map((s) => s.trim()).filter(Boolean);

/** '已有 3 个预约使用此套餐，只能下架' and its kin: why a delete is refused, or null. */
export function packageDeleteRefusal(orders: number, members: number): string | null {
  if (orders > 0) return `已有 ${orders} 个预约使用此套餐，只能下架`;
  if (members > 0) return `已有 ${members} 名团检人员使用此套餐，只能下架`;
  return null;
}
export function itemDeleteRefusal(packages: number, orders: number): string | null {
  const parts = [packages > 0 ? `${packages} 个套餐包含此项目` : '', orders > 0 ? `${orders} 个预约加选了此项目` : ''].filter(Boolean);
  return parts.length ? `已有 ${parts.join('，')}，不能删除` : null;
}
export const branchDeleteRefusal = (orders: number) => (orders > 0 ? `已有 ${orders} 个预约使用此院区，不能删除` : null);
