/**
 * Groups in the back office (routes/studio/backoffice/groups.ts), on the store
 * TEST_DB picks: companies listed, added, edited (the code is the key); one
 * company's packages and the extras rule; members listed (search, pages,
 * orders), added, edited, removed — the field rules of the booking server, the
 * database checks (package, sex, exam number, a member with orders), every
 * change audited in its transaction; 只读 reads with ID and phone masked by
 * the server (and cannot search by them) and changes nothing (403).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CompaniesRes, CompanyDetailRes, CompanyRes, MemberRes, MembersRes } from '../../src/contract/api/backoffice/groups';
import { makeIdCard } from '../../src/contract/rules/idcard';
import { MEMBERS } from '../../src/server/seed/index';
import { startBackOffice, type BackOffice } from './backoffice-imports-helpers';
import { removeTmpDirs } from './studio-helpers';

let b: BackOffice;
beforeAll(async () => {
  b = await startBackOffice();
}, 60_000);
afterAll(async () => {
  await b?.close();
  removeTmpDirs();
});

const REFUSED = { error: '没有权限：需要「运营」角色' };
const auditOf = (entity: string, key: string) => b.store.db.all<{ actor: string; action: string; summary: string; before_json: string | null; after_json: string | null }>('SELECT actor, action, summary, before_json, after_json FROM audit_log WHERE entity = $1 AND entity_key = $2 ORDER BY at, id', [entity, key]);
const ID_M = makeIdCard('330106', '19920101', '215'); // male
const ID_F = makeIdCard('330106', '19920101', '226'); // female
const member = (over: Record<string, string> = {}) => ({ name: '冯一', idCard: ID_M, tel: '13600001111', clusCode: 'T0001', regNo: '2026800001', flag: '', ...over });

describe('companies', () => {
  it('lists the companies with their member counts, and searches by code or name', async () => {
    const all = (await b.viewer.get('/api/studio/groups/companies')).json() as CompaniesRes;
    expect(all.companies).toEqual([
      { lncCode: 'L0001', lncName: '杭州明远科技有限公司', ownCalendar: true, members: 4 },
      { lncCode: 'L0002', lncName: '浙江华东建设集团有限公司', ownCalendar: false, members: 3 },
      { lncCode: 'L0003', lncName: '杭州新材料股份有限公司', ownCalendar: false, members: 2 },
    ]);
    expect(((await b.admin.get('/api/studio/groups/companies?q=华东')).json() as CompaniesRes).companies.map((c) => c.lncCode)).toEqual(['L0002']);
    expect(((await b.admin.get('/api/studio/groups/companies?q=l0003')).json() as CompaniesRes).companies.map((c) => c.lncCode)).toEqual(['L0003']);
  });

  it('adds a company (audited); a taken code is 409, a bad code 400; 只读 is refused', async () => {
    const r = await b.admin.post('/api/studio/groups/companies', { lncCode: 'L0100', lncName: ' 西湖物流有限公司 ', ownCalendar: false });
    expect(r.statusCode).toBe(201);
    expect((r.json() as CompanyRes).company).toEqual({ lncCode: 'L0100', lncName: '西湖物流有限公司', ownCalendar: false, members: 0 });
    expect(await auditOf('company', 'L0100')).toEqual([expect.objectContaining({ actor: 'admin', action: 'create', summary: '新增团体单位 西湖物流有限公司（L0100，共用团体号源）', before_json: null })]);
    const cases: Array<[unknown, number, string]> = [
      [{ lncCode: 'l0100', lncName: '又一个', ownCalendar: false }, 409, '单位编码 L0100 已存在'],
      [{ lncCode: 'L 01', lncName: '又一个', ownCalendar: false }, 400, '单位编码只能是 1–32 位字母、数字、- 或 _'],
      [{ lncCode: 'L0101', lncName: '  ', ownCalendar: false }, 400, '请填写单位名称'],
      [{ lncCode: 'L0101', lncName: '又一个' }, 400, '请求格式错误'],
    ];
    for (const [body, status, error] of cases) {
      const x = await b.admin.post('/api/studio/groups/companies', body);
      expect([x.statusCode, x.json()], JSON.stringify(body)).toEqual([status, { error }]);
    }
    const v = await b.viewer.post('/api/studio/groups/companies', { lncCode: 'L0102', lncName: '只读加的', ownCalendar: false });
    expect([v.statusCode, v.json()]).toEqual([403, REFUSED]);
    expect(await b.count(`SELECT COUNT(*) AS n FROM companies WHERE lnc_code IN ('L0101', 'L0102')`)).toBe(0);
  });

  it('edits the name and own calendar (the team calendar follows), audited with before and after; an unknown code is 404', async () => {
    const r = await b.admin.post('/api/studio/groups/companies/L0100', { lncName: '西湖物流集团', ownCalendar: true });
    expect((r.json() as CompanyRes).company).toEqual({ lncCode: 'L0100', lncName: '西湖物流集团', ownCalendar: true, members: 0 });
    const [, upd] = await auditOf('company', 'L0100');
    expect(upd.summary).toBe('修改团体单位 西湖物流有限公司（L0100）：名称改为 西湖物流集团，改为单独号源');
    expect(JSON.parse(upd.before_json!)).toEqual({ lncCode: 'L0100', lncName: '西湖物流有限公司', ownCalendar: false });
    expect(JSON.parse(upd.after_json!)).toEqual({ lncCode: 'L0100', lncName: '西湖物流集团', ownCalendar: true });
    // the examinee's company list shows the new name at once
    expect((await b.call('GetTjLncListByName', { lnc_Name: '西湖' })).returnData).toEqual([{ lnc_Code: 'L0100', lnc_Name: '西湖物流集团' }]);
    const x = await b.admin.post('/api/studio/groups/companies/NOPE', { lncName: '无', ownCalendar: false });
    expect([x.statusCode, x.json()]).toEqual([404, { error: '没有这个单位' }]);
    expect((await b.viewer.post('/api/studio/groups/companies/L0100', { lncName: '只读', ownCalendar: false })).statusCode).toBe(403);
  });

  it("a company's packages (paid by the company) and the extras rule", async () => {
    const d = (await b.viewer.get('/api/studio/groups/companies/L0002')).json() as CompanyDetailRes;
    expect(d.company.lncCode).toBe('L0002');
    expect(d.packages).toEqual([
      { clusCode: 'T0001', clusName: '单位年度体检套餐（男）', priceCents: 60000, active: true, members: 1 },
      { clusCode: 'T0003', clusName: '职业健康体检（接触噪声作业）', priceCents: 26000, active: true, members: 1 },
      { clusCode: 'T0004', clusName: '职业健康体检（粉尘作业）', priceCents: 32000, active: true, members: 1 },
    ]);
    expect(d.extras).toMatchObject({ allowed: true, items: expect.any(Number) });
    expect(d.extras.items).toBeGreaterThan(10);
    expect(d.extras.minCents).toBeLessThanOrEqual(d.extras.maxCents!);
    expect((await b.admin.get('/api/studio/groups/companies/NOPE')).statusCode).toBe(404);
  });
});

describe('members', () => {
  it('lists a page of members with exam numbers and order counts; full numbers for 运营, masked for 只读', async () => {
    const full = (await b.admin.get('/api/studio/groups/companies/L0001/members?size=2')).json() as MembersRes;
    expect(full).toMatchObject({ total: 4, page: 1, size: 2, full: true });
    expect(full.members).toHaveLength(2);
    const li = MEMBERS[0];
    expect(full.members[0]).toEqual({ id: expect.any(String), lncCode: 'L0001', name: li.name, idCard: li.id, tel: li.tel, clusCode: 'T0001', clusName: '单位年度体检套餐（男）', regNo: '2026100001', flag: '普通体检', orders: 0 });
    const page2 = (await b.admin.get('/api/studio/groups/companies/L0001/members?size=2&page=2')).json() as MembersRes;
    expect(page2.members.map((m) => m.regNo)).toEqual(['2026100003', '2026100009']);
    const masked = (await b.viewer.get('/api/studio/groups/companies/L0001/members')).json() as MembersRes;
    expect(masked.full).toBe(false);
    expect(masked.members[0]).toMatchObject({ name: li.name, idCard: `${li.id.slice(0, 6)}********${li.id.slice(-4)}`, tel: `${li.tel.slice(0, 3)}****${li.tel.slice(-4)}`, regNo: '2026100001' });
    expect(JSON.stringify(masked)).not.toContain(li.id);
    expect(JSON.stringify(masked)).not.toContain(li.tel);
  });

  it('searches by name, exam number, ID and phone — 只读 by name and exam number only', async () => {
    const q = async (a: typeof b.admin, text: string) => ((await a.get(`/api/studio/groups/companies/L0001/members?q=${encodeURIComponent(text)}`)).json() as MembersRes).members.map((m) => m.name);
    expect(await q(b.admin, '王')).toEqual(['王芳']);
    expect(await q(b.admin, '100003')).toEqual(['陈静']);
    expect(await q(b.admin, MEMBERS[1].id.slice(-6).toLowerCase())).toEqual(['王芳']);
    expect(await q(b.admin, '13912345603')).toEqual(['陈静']);
    expect(await q(b.viewer, '王')).toEqual(['王芳']);
    expect(await q(b.viewer, '13912345603')).toEqual([]);
    expect((await b.admin.get('/api/studio/groups/companies/NOPE/members')).statusCode).toBe(404);
  });

  let id = '';
  it('adds a member who can then TeamLogin; audited with ID and phone masked', async () => {
    const r = await b.admin.post('/api/studio/groups/companies/L0100/members', member());
    expect(r.statusCode).toBe(201);
    const m = (r.json() as MemberRes).member;
    id = m.id;
    expect(m).toEqual({ id: expect.any(String), lncCode: 'L0100', name: '冯一', idCard: ID_M, tel: '13600001111', clusCode: 'T0001', clusName: '单位年度体检套餐（男）', regNo: '2026800001', flag: '普通体检', orders: 0 });
    const [a] = await auditOf('member', id);
    expect(a).toMatchObject({ actor: 'admin', action: 'create', summary: '新增团体成员 冯一（单位 L0100，体检号 2026800001）· 团体单位' });
    expect(a.after_json).not.toContain(ID_M);
    expect(a.after_json).not.toContain('13600001111');
    const login = await b.call('TeamLogin', { lnc_Code: 'L0100', idCard: ID_M, tel: '13600001111' });
    expect(login.returnData[0]).toMatchObject({ pat_name: '冯一', reg_no: '2026800001', lnc_name: '西湖物流集团' });
  });

  it('refuses bad fields (400) and what the database forbids (409), changing nothing', async () => {
    const n0 = await b.count('SELECT COUNT(*) AS n FROM team_members');
    const cases: Array<[Record<string, string>, number, string]> = [
      [{ name: '' }, 400, '请填写姓名'],
      [{ name: '一二三四五六七' }, 400, '姓名不能超过6个字'],
      [{ idCard: '330106199201012150' }, 400, '你输入的身份证号非法'],
      [{ tel: '1360000111' }, 400, '手机号码格式错误'],
      [{ regNo: '体检 1' }, 400, '体检号只能是 1–32 位字母、数字、- 或 _'],
      [{ idCard: ID_M, regNo: '2026800002' }, 409, '本单位已有这个身份证号的成员（冯一，体检号 2026800001）'],
      [{ idCard: ID_F, clusCode: 'T0002', regNo: '2026100001' }, 409, '体检号 2026100001 已属于单位 L0001 的成员 李明'],
      [{ idCard: ID_F, regNo: '2026800003', clusCode: 'T0001' }, 409, '套餐 T0001 只限男性，与身份证的性别不符'],
      [{ idCard: ID_F, regNo: '2026800003', clusCode: 'NOPE' }, 409, '套餐编码 NOPE 不存在'],
    ];
    for (const [over, status, error] of cases) {
      const r = await b.admin.post('/api/studio/groups/companies/L0100/members', member(over));
      expect([r.statusCode, r.json()], JSON.stringify(over)).toEqual([status, { error }]);
    }
    expect((await b.admin.post('/api/studio/groups/companies/L0100/members', { name: '缺字段' })).statusCode).toBe(400);
    expect((await b.admin.post('/api/studio/groups/companies/NOPE/members', member({ regNo: '2026800009' }))).statusCode).toBe(404);
    const v = await b.viewer.post('/api/studio/groups/companies/L0100/members', member({ idCard: ID_F, clusCode: 'T0002', regNo: '2026800004' }));
    expect([v.statusCode, v.json()]).toEqual([403, REFUSED]);
    expect(await b.count('SELECT COUNT(*) AS n FROM team_members')).toBe(n0);
  });

  it('edits a member (audited with before and after); a changed exam number drops the old exam number’s team-login grants', async () => {
    await b.store.db.run(`INSERT INTO regno_grants (openid, reg_no, source, created_at) VALUES ('o-feng', '2026800001', 'team-login', 0)`);
    const r = await b.admin.post(`/api/studio/groups/members/${id}`, member({ name: '冯一一', tel: '13600002222', regNo: '2026800011', flag: '粉尘作业', clusCode: 'T0004' }));
    expect(r.statusCode).toBe(200);
    expect((r.json() as MemberRes).member).toMatchObject({ name: '冯一一', tel: '13600002222', regNo: '2026800011', flag: '粉尘作业', clusCode: 'T0004', clusName: '职业健康体检（粉尘作业）' });
    expect(await b.count(`SELECT COUNT(*) AS n FROM regno_grants WHERE reg_no = '2026800001'`)).toBe(0);
    const upd = (await auditOf('member', id)).find((a) => a.action === 'update')!;
    expect(upd.summary).toBe('修改团体成员 冯一一（单位 L0100，体检号 2026800011）· 团体单位');
    expect(JSON.parse(upd.before_json!)).toMatchObject({ name: '冯一', regNo: '2026800001', tel: '136****1111' });
    expect(JSON.parse(upd.after_json!)).toMatchObject({ name: '冯一一', regNo: '2026800011', tel: '136****2222' });
    expect((await b.viewer.post(`/api/studio/groups/members/${id}`, member())).statusCode).toBe(403);
    expect((await b.admin.post('/api/studio/groups/members/nope', member())).statusCode).toBe(404);
  });

  it('a member with an order keeps ID and exam number and cannot be removed; without orders it is removed (audited)', async () => {
    await b.store.db.run(
      `INSERT INTO orders (id, openid, id_card, name, tel, type, clus_code, clus_name, begin_time, scope, sumtime_code, sumtime_name, price_cents, state, lnc_code, regno, idem_key, created_at, created_time, updated_at)
       VALUES ('GRPORD1', 'o-feng', $1, '冯一一', '13600002222', 'group', 'T0004', 'x', '2099-01-01', 'T:L0100', '01', 'x', 0, 'C', 'L0100', '2026800011', 'k-grp-1', 0, '', 0)`,
      [ID_M],
    );
    const listed = (await b.admin.get('/api/studio/groups/companies/L0100/members')).json() as MembersRes;
    expect(listed.members[0].orders).toBe(1);
    const e1 = await b.admin.post(`/api/studio/groups/members/${id}`, member({ name: '冯一一', regNo: '2026800012', clusCode: 'T0004' }));
    expect([e1.statusCode, e1.json()]).toEqual([409, { error: '该成员已有 1 个预约订单，不能修改体检号' }]);
    const rm = await b.admin.post(`/api/studio/groups/members/${id}/remove`);
    expect([rm.statusCode, rm.json()]).toEqual([409, { error: '冯一一 已有 1 个预约订单，不能删除（订单记录着这个体检号）' }]);
    expect((await b.viewer.post(`/api/studio/groups/members/${id}/remove`)).statusCode).toBe(403);

    const add = await b.admin.post('/api/studio/groups/companies/L0100/members', member({ name: '冯二', idCard: ID_F, clusCode: 'T0002', regNo: '2026800021' }));
    const other = (add.json() as MemberRes).member.id;
    const ok = await b.admin.post(`/api/studio/groups/members/${other}/remove`);
    expect([ok.statusCode, ok.json()]).toEqual([200, { removed: other }]);
    expect(await b.count('SELECT COUNT(*) AS n FROM team_members WHERE id = $1', [other])).toBe(0);
    const del = (await auditOf('member', other)).find((a) => a.action === 'delete')!;
    expect(del.summary).toBe('删除团体成员 冯二（单位 L0100，体检号 2026800021）· 团体单位');
    expect((await b.admin.post(`/api/studio/groups/members/${other}/remove`)).statusCode).toBe(404);
  });
});
