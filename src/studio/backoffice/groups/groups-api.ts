/** The groups calls (contract/api/backoffice/groups.ts). */
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
import { studioCall } from '../../api';

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
