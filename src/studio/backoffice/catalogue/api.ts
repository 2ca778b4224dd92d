/** The catalogue's calls (contract/api/backoffice/catalogue.ts) and what the page shows for a refusal. */
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
import { studio } from '../../store';

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

/** The text to show for a refused call, or null when the session is gone (the page goes back to sign-in). */
export function refusal(e: unknown): string | null {
  if (e instanceof StudioApiError && e.status === 401) {
    studio.fail(e);
    return null;
  }
  return e instanceof Error ? e.message : String(e);
}

/** A refusal because someone else changed the row (the list is reloaded so the next edit starts from it). */
export const isStale = (e: unknown) => e instanceof StudioApiError && e.status === 409 && /已被他人修改/.test(e.message);
