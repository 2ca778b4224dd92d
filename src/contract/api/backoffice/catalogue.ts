/**
 * The back office's catalogue (issue 23): branches, packages and items, under
 * /api/studio/catalogue/. Reads are open to every signed-in admin; every change
 * needs the 运营 role (403 otherwise) and writes its audit entry.
 *
 * Money is integer cents. Every row carries `rev`, its version: an edit or a
 * state change sends the `rev` it was shown and is refused 409
 * CATALOGUE_STALE when someone changed the row meanwhile. A refused change is
 * 4xx { error } (422 a rule of contract/rules/package-rules.ts, 409 a conflict,
 * 404 an unknown code), the error in Chinese.
 */

import type { MarrRule, PackageSex, ClusType } from '../../rules/package-rules';

export const CATALOGUE_STALE = '已被他人修改，请刷新后再改';

export interface BranchDraft {
  hospCode: string;
  hospName: string;
  hospTel: string;
  hospAddr: string;
  sort: number;
}
export interface BranchRow extends BranchDraft {
  rev: number;
  /** Orders booked at this branch (a branch with orders can neither be deleted nor change its code). */
  orders: number;
}

export interface PackageDraft {
  code: string;
  name: string;
  clusType: ClusType;
  sex: PackageSex;
  marr: MarrRule;
  priceCents: number;
  /** HTML, sanitised by the server before it is stored. */
  intro: string;
  notice: string;
  note: string;
  sort: number;
  /** Item codes, in the order the package lists them. */
  items: string[];
}
export interface PackageRow extends PackageDraft {
  active: boolean;
  rev: number;
  /** Orders that ever referenced the package (any state). */
  orders: number;
  /** Group members assigned this package. */
  members: number;
}

export interface ItemDraft {
  code: string;
  name: string;
  priceCents: number;
  note: string;
  /** '' = no category (not offered as an extra). */
  categoryId: string;
  /** Offered as an extra item online. */
  addable: boolean;
  /** Can only be added at the centre (never booked online as an extra). */
  onsiteOnly: boolean;
  sex: PackageSex;
  sort: number;
}
export interface ItemRow extends ItemDraft {
  rev: number;
  /** Packages that contain the item. */
  packages: number;
  /** Orders that chose it as an extra: counted when one item is saved (a scan of orders), absent in the list. */
  orders?: number;
}
export interface ItemCategory {
  id: string;
  name: string;
}

// GET /api/studio/catalogue/branches
export interface BranchesRes { branches: BranchRow[] }
// POST /api/studio/catalogue/branches            body BranchSaveReq (no rev) → BranchSaveRes (201)
// POST /api/studio/catalogue/branches/:code      body BranchSaveReq (rev; hospCode may change while no order uses it)
export interface BranchSaveReq { branch: BranchDraft; rev?: number }
export interface BranchSaveRes { branch: BranchRow }
// POST /api/studio/catalogue/branches/:code/delete   body RevReq → DeletedRes (409 with the count when orders use it)
export interface RevReq { rev?: number }
export interface DeletedRes { deleted: string }

// GET /api/studio/catalogue/packages?type=<clus_type, optional>
export interface PackagesRes { packages: PackageRow[] }
// POST /api/studio/catalogue/packages              body PackageSaveReq → PackageSaveRes (201)
// POST /api/studio/catalogue/packages/:code        body PackageSaveReq (rev; the code never changes)
export interface PackageSaveReq { package: PackageDraft; rev?: number }
export interface PackageSaveRes { package: PackageRow }
// POST /api/studio/catalogue/packages/:code/withdraw  body RevReq → PackageSaveRes (下架: gone from the phone's next list; orders kept)
// POST /api/studio/catalogue/packages/:code/publish   body RevReq → PackageSaveRes (上架)
// POST /api/studio/catalogue/packages/:code/delete    body RevReq → DeletedRes (409 '已有 N 个预约使用此套餐，只能下架')

// GET /api/studio/catalogue/items
export interface ItemsRes { items: ItemRow[]; categories: ItemCategory[] }
// POST /api/studio/catalogue/items                 body ItemSaveReq → ItemSaveRes (201)
// POST /api/studio/catalogue/items/:code           body ItemSaveReq (rev; the code never changes)
export interface ItemSaveReq { item: ItemDraft; rev?: number }
export interface ItemSaveRes { item: ItemRow }
// POST /api/studio/catalogue/items/:code/delete    body RevReq → DeletedRes (409 with the counts when packages or orders use it)
