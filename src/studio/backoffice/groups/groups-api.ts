/** The groups calls (contract/api/backoffice/groups.ts) and the one way this area shows a refusal. */
import type {
  CompaniesRes,
  CompanyCreateReq,
  CompanyDetailRes,
  CompanyRes,
  CompanyUpdateReq,
  MemberFields,
  MemberRemoveRes,
  MemberRes,
  MembersRes,
} from '../../../contract/api/backoffice/groups';
import { StudioApiError, studioCall } from '../../api';
import { studio } from '../../store';

const enc = encodeURIComponent;

export const groupsApi = {
  companies: (q = '') => studioCall<CompaniesRes>('GET', `/groups/companies?q=${enc(q)}`),
  addCompany: (b: CompanyCreateReq) => studioCall<CompanyRes>('POST', '/groups/companies', b),
  updateCompany: (code: string, b: CompanyUpdateReq) => studioCall<CompanyRes>('POST', `/groups/companies/${enc(code)}`, b),
  company: (code: string) => studioCall<CompanyDetailRes>('GET', `/groups/companies/${enc(code)}`),
  members: (code: string, q: string, page: number, size: number) => studioCall<MembersRes>('GET', `/groups/companies/${enc(code)}/members?q=${enc(q)}&page=${page}&size=${size}`),
  addMember: (code: string, f: MemberFields) => studioCall<MemberRes>('POST', `/groups/companies/${enc(code)}/members`, f),
  updateMember: (id: string, f: MemberFields) => studioCall<MemberRes>('POST', `/groups/members/${enc(id)}`, f),
  removeMember: (id: string) => studioCall<MemberRemoveRes>('POST', `/groups/members/${enc(id)}/remove`, {}),
};

/** The text to show for a refused call, or null when the session is gone (the page goes back to sign-in). */
export function refusal(e: unknown): string | null {
  if (e instanceof StudioApiError && e.status === 401) {
    studio.fail(e);
    return null;
  }
  return e instanceof Error ? e.message : String(e);
}
