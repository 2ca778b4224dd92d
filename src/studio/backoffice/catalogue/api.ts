/** The catalogue's calls (contract/api/backoffice/catalogue.ts) and what a stale edit does (useAction options). */
import type {
  BranchDraft,
  BranchSaveRes,
  BranchesRes,
  DeletedRes,
  ItemDraft,
  ItemSaveRes,
  ItemsRes,
  PackageDraft,
  PackageSaveRes,
  PackagesRes,
} from '../../../contract/api/backoffice/catalogue';
import { StudioApiError, studioCall } from '../../api';

const enc = encodeURIComponent;

export const catalogueApi = {
  branches: () => studioCall<BranchesRes>('GET', '/catalogue/branches'),
  saveBranch: (branch: BranchDraft, was?: { code: string; rev: number }) =>
    studioCall<BranchSaveRes>('POST', was ? `/catalogue/branches/${enc(was.code)}` : '/catalogue/branches', { branch, rev: was?.rev }),
  deleteBranch: (code: string, rev: number) => studioCall<DeletedRes>('POST', `/catalogue/branches/${enc(code)}/delete`, { rev }),

  packages: (type = '') => studioCall<PackagesRes>('GET', `/catalogue/packages${type ? `?type=${enc(type)}` : ''}`),
  savePackage: (pkg: PackageDraft, rev?: number) =>
    studioCall<PackageSaveRes>('POST', rev === undefined ? '/catalogue/packages' : `/catalogue/packages/${enc(pkg.code)}`, { package: pkg, rev }),
  setActive: (code: string, active: boolean, rev: number) => studioCall<PackageSaveRes>('POST', `/catalogue/packages/${enc(code)}/${active ? 'publish' : 'withdraw'}`, { rev }),
  deletePackage: (code: string, rev: number) => studioCall<DeletedRes>('POST', `/catalogue/packages/${enc(code)}/delete`, { rev }),

  items: () => studioCall<ItemsRes>('GET', '/catalogue/items'),
  saveItem: (item: ItemDraft, rev?: number) =>
    studioCall<ItemSaveRes>('POST', rev === undefined ? '/catalogue/items' : `/catalogue/items/${enc(item.code)}`, { item, rev }),
  deleteItem: (code: string, rev: number) => studioCall<DeletedRes>('POST', `/catalogue/items/${enc(code)}/delete`, { rev }),
};

/** A refusal because someone else changed the row (the list is reloaded so the next edit starts from it). */
const isStale = (e: unknown) => e instanceof StudioApiError && e.status === 409 && /已被他人修改/.test(e.message);

/** useAction's onRefused for an editor: a stale edit reloads the list (the refusal is still said). */
export const reloadIfStale = (reload: () => void) => (e: unknown) => {
  if (isStale(e)) reload();
};

/** useAction's words for a table's action: the list is reloaded after it anyway, and a stale refusal says so. */
export const staleNote = (text: string, e: unknown) => (isStale(e) ? `${text}（列表已刷新）` : text);
