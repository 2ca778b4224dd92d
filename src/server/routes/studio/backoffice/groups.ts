/**
 * Issue 23, the back office: groups (contract/api/backoffice/groups.ts) —
 * companies, their packages and the extras rule, members with exam numbers.
 * Reads are open to every admin (ID and phone masked without 运营: the server
 * decides, seesPersonalNumbers); every change needs 运营 and is one
 * transaction with its audit entry (services/backoffice/groups/).
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
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
} from '../../../../contract/api/backoffice/groups';
import { centreDay } from '../../../../contract/rules/centre-day';
import { seesPersonalNumbers } from '../../../../contract/rules/studio-roles';
import { companyDetail, createCompany, listCompanies, updateCompany } from '../../../services/backoffice/groups/companies';
import { addMember, listMembers, removeMember, updateMember } from '../../../services/backoffice/groups/manage';
import { StudioFailure } from '../../../services/studio/live-sync';

const OPS = { config: { studioRole: 'ops' as const } };

type Q = { Querystring: Record<string, string | undefined> };

function fields<T extends object>(body: unknown, keys: Array<keyof T>, bools: Array<keyof T> = []): T {
  const b = (body ?? {}) as Record<string, unknown>;
  for (const k of keys) {
    const v = b[k as string];
    if (bools.includes(k) ? typeof v !== 'boolean' : typeof v !== 'string' || v.length > 200) throw new StudioFailure(400, '请求格式错误');
  }
  return b as T;
}

const MEMBER_KEYS: Array<keyof MemberFields> = ['name', 'idCard', 'tel', 'clusCode', 'regNo', 'flag'];

export async function studioGroupsRoutes(s: FastifyInstance): Promise<void> {
  const { db, clock, config } = s.deps;
  const ctx = (req: FastifyRequest) => ({ actor: req.studioSession!.username, now: clock.now(), via: '团体单位' as const });

  s.get<Q>('/groups/companies', async (req) => ({ companies: await listCompanies(db, String(req.query.q ?? '')) }) satisfies CompaniesRes);

  s.post('/groups/companies', OPS, async (req, reply) => {
    const b = fields<CompanyCreateReq>(req.body, ['lncCode', 'lncName', 'ownCalendar'], ['ownCalendar']);
    const company = await createCompany(db, b, req.studioSession!.username, clock.now());
    return reply.code(201).send({ company } satisfies CompanyRes);
  });

  s.get<{ Params: { code: string } }>('/groups/companies/:code', async (req) => (await companyDetail(db, req.params.code, config.isAddClusItem)) satisfies CompanyDetailRes);

  s.post<{ Params: { code: string } }>('/groups/companies/:code', OPS, async (req) => {
    const b = fields<CompanyUpdateReq>(req.body, ['lncName', 'ownCalendar'], ['ownCalendar']);
    return { company: await updateCompany(db, req.params.code, b, req.studioSession!.username, clock.now()) } satisfies CompanyRes;
  });

  s.get<{ Params: { code: string } } & Q>('/groups/companies/:code/members', async (req) => {
    const q = req.query;
    const full = seesPersonalNumbers(req.studioSession!.roles);
    return (await listMembers(db, req.params.code, { text: String(q.q ?? '').slice(0, 40), page: Number(q.page ?? 1), size: Number(q.size ?? 20) }, full)) satisfies MembersRes;
  });

  s.post<{ Params: { code: string } }>('/groups/companies/:code/members', OPS, async (req, reply) => {
    const c = ctx(req);
    const member = await addMember(db, req.params.code, fields<MemberFields>(req.body, MEMBER_KEYS), centreDay(c.now), c);
    return reply.code(201).send({ member } satisfies MemberRes);
  });

  s.post<{ Params: { id: string } }>('/groups/members/:id', OPS, async (req) => {
    const c = ctx(req);
    return { member: await updateMember(db, req.params.id, fields<MemberFields>(req.body, MEMBER_KEYS), centreDay(c.now), c) } satisfies MemberRes;
  });

  s.post<{ Params: { id: string } }>('/groups/members/:id/remove', OPS, async (req) => {
    await removeMember(db, req.params.id, ctx(req));
    return { removed: req.params.id } satisfies MemberRemoveRes;
  });
}
