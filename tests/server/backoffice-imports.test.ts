/**
 * Imports by Excel and CSV (routes/studio/backoffice/imports.ts, services/
 * backoffice/imports/*), on the store TEST_DB picks: the kinds and their
 * templates (which re-upload as a clean, empty import), .xlsx and .csv (UTF-8
 * with or without BOM, GBK) read as typed, a missing column, bad cells with
 * row / column / reason, a dry run and any problem applying nothing, an apply
 * in one transaction with one 'import' audit entry, the limits, 只读 refused;
 * the 团体人员 sheet end to end (the member imported can TeamLogin) and the
 * 审核人 sheet (the approver imported signs in; the password never stored as typed).
 */
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { ImportKindsRes, ImportRes } from '../../src/contract/api/backoffice/imports';
import { makeIdCard } from '../../src/contract/rules/idcard';
import { membersSheet } from '../../src/server/services/backoffice/imports/members-sheet';
import { readTable } from '../../src/server/services/backoffice/imports/read-table';
import { MEMBERS } from '../../src/server/seed/index';
import { csvOf, gbk, postImport, startBackOffice, xlsxOf, type BackOffice } from './backoffice-imports-helpers';
import { removeTmpDirs } from './studio-helpers';

let b: BackOffice;
beforeAll(async () => {
  b = await startBackOffice();
}, 60_000);
afterAll(async () => {
  await b?.close();
  removeTmpDirs();
});

const HEAD = ['单位编码', '姓名', '身份证号', '手机号', '套餐编码', '体检号', '体检类别'];
const ID_A = makeIdCard('330106', '19910203', '015'); // male
const ID_B = makeIdCard('330106', '19930405', '026'); // female
const members = () => b.count('SELECT COUNT(*) AS n FROM team_members');
const audits = (action?: string) => b.count(action ? 'SELECT COUNT(*) AS n FROM audit_log WHERE action = $1' : 'SELECT COUNT(*) AS n FROM audit_log', action ? [action] : []);
const res = (r: { json(): unknown }) => r.json() as ImportRes;

describe('kinds and templates', () => {
  it('lists the four kinds with their columns, to every admin', async () => {
    for (const a of [b.admin, b.viewer]) {
      const r = await a.get('/api/studio/imports');
      expect(r.statusCode).toBe(200);
      const body = r.json() as ImportKindsRes;
      expect(body.kinds.map((k) => [k.kind, k.title])).toEqual([['packages', '套餐与项目'], ['capacity', '号源容量'], ['members', '团体人员'], ['approvers', '审核人']]);
      expect(body.kinds[2].columns.map((c) => c.header)).toEqual(HEAD);
      expect(body).toMatchObject({ maxBytes: 5 * 1024 * 1024, maxRows: 5000 });
    }
  });

  it('the .xlsx template: bold headers with notes, one example row, text columns; re-uploaded it is a clean empty import', async () => {
    const r = await b.viewer.get('/api/studio/imports/members/template.xlsx');
    expect(r.statusCode).toBe(200);
    expect(r.headers['content-type']).toMatch(/spreadsheetml/);
    expect(decodeURIComponent(String(r.headers['content-disposition']))).toContain("UTF-8''团体人员导入模板.xlsx");
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(r.rawPayload as unknown as ExcelJS.Buffer);
    const ws = wb.worksheets[0];
    expect((ws.getRow(1).values as unknown[]).slice(1)).toEqual(HEAD);
    expect(ws.getRow(1).getCell(1).font?.bold).toBe(true);
    expect(JSON.stringify(ws.getRow(1).getCell(1).note)).toContain('必填');
    expect(ws.getRow(2).getCell(1).value).toBe('L0001');
    expect(ws.getColumn(3).numFmt).toBe('@');
    expect(ws.getColumn(3).width).toBeGreaterThan(18);
    const again = await postImport(b.admin, 'members', '团体人员导入模板.xlsx', r.rawPayload, true);
    expect(res(again)).toMatchObject({ ok: true, rows: 0, problems: [], applied: false });
    expect(res(again).notes.join()).toContain('示例行');
  });

  it('the .csv template (UTF-8 with BOM) re-uploads the same way; an unknown kind is 404', async () => {
    const r = await b.admin.get('/api/studio/imports/approvers/template.csv');
    expect(r.statusCode).toBe(200);
    expect([...r.rawPayload.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(r.rawPayload.toString('utf8').slice(1).split('\r\n')[0]).toBe('账号,姓名,初始密码');
    expect(res(await postImport(b.admin, 'approvers', 'a.csv', r.rawPayload, false))).toMatchObject({ ok: true, rows: 0, applied: false });
    expect((await b.admin.get('/api/studio/imports/nothing/template.xlsx')).statusCode).toBe(404);
    expect((await postImport(b.admin, 'nothing', 'a.csv', csvOf([['x']]), true)).json()).toEqual({ error: '没有这种导入内容' });
  });
});

describe('reading a sheet as typed', () => {
  const cols = [
    { key: 'a', header: '日期', example: '' },
    { key: 'b', header: '金额', example: '' },
    { key: 'c', header: '编号', example: '', required: true },
    { key: 'd', header: '时间', example: '' },
  ];
  it('.xlsx: a date cell as YYYY-MM-DD, a time as HH:mm, numbers without float noise, the first sheet only, extra columns noted', async () => {
    const buf = await xlsxOf(
      [
        ['日期', ' 金额 ', '编号', '时间', '备注'],
        [new Date(Date.UTC(2026, 4, 1)), 0.1 + 0.2, 123456789012, new Date(Date.UTC(1899, 11, 30, 7, 30)), '随便'],
        [null, 12.300000000000001, '  007 ', null, null],
        [null, null, null, null, null],
        [new Date(Date.UTC(2026, 0, 2, 8, 5)), 1e21, 5, null, null],
      ],
      { extraSheet: true },
    );
    const t = await readTable('x.xlsx', buf, cols);
    expect(t.problems).toEqual([]);
    expect(t.rows).toEqual([
      { row: 2, cells: { a: '2026-05-01', b: '0.3', c: '123456789012', d: '07:30' } },
      { row: 3, cells: { a: '', b: '12.3', c: '007', d: '' } },
      { row: 5, cells: { a: '2026-01-02 08:05', b: '1000000000000000000000', c: '5', d: '' } },
    ]);
    expect(t.notes.join('\n')).toMatch(/只读取第一个工作表「Sheet1」/);
    expect(t.notes.join('\n')).toMatch(/以下列不属于模板，已忽略：备注/);
  });

  it('.csv in UTF-8 with or without BOM, and in GBK (Excel on Chinese Windows), all text as typed (no number or date guessing)', async () => {
    const rows = [['编号', '日期', '金额'], ['330106199102030150', '2026-05-01', '007'], ['"引号,逗号"', '', '1.50']];
    const want = [
      { row: 2, cells: { a: '2026-05-01', b: '007', c: '330106199102030150', d: '' } },
      { row: 3, cells: { a: '', b: '1.50', c: '引号,逗号', d: '' } },
    ];
    for (const [name, buf] of [['bom.csv', csvOf(rows)], ['plain.CSV', csvOf(rows, false)], ['gbk.csv', gbk(rows.map((r) => r.join(',')).join('\r\n'))]] as const) {
      const t = await readTable(name, buf, cols);
      expect(t.rows, name).toEqual(want);
      expect(t.notes.some((n) => n.includes('GBK')), name).toBe(name === 'gbk.csv');
    }
  });

  it('a missing required column is one problem naming it; a header may carry * ', async () => {
    const t = await readTable('x.csv', csvOf([['日期*', '金额'], ['2026-01-01', '1']]), cols);
    expect(t.problems).toEqual([{ row: 1, column: '编号', reason: '缺少必需的列「编号」（请使用下载的模板，表头在第 1 行）' }]);
  });

  it('refuses what is not .xlsx or .csv, a broken .xlsx, an old .xls, an empty file', async () => {
    const cases: Array<[string, Buffer, string]> = [
      ['a.txt', csvOf([['x']]), '只能导入 .xlsx 或 .csv 文件'],
      ['a.xlsx', csvOf([['x']]), '只能导入 .xlsx 或 .csv 文件'],
      ['a.xlsx', Buffer.from([0x50, 0x4b, 0x03, 0x04, 1, 2, 3]), '无法读取这个 Excel 文件：文件已损坏或不是 .xlsx 格式'],
      ['a.xls', Buffer.from([0xd0, 0xcf, 0x11, 0xe0]), '不支持旧版 Excel（.xls）文件：请在 Excel 中另存为 .xlsx 或 CSV 后再上传'],
      ['a.csv', Buffer.alloc(0), '文件是空的'],
    ];
    for (const [name, buf, error] of cases) {
      const r = await postImport(b.admin, 'members', name, buf, true);
      expect([r.statusCode, r.json()], name).toEqual([400, { error }]);
    }
  });

  it('limits: over 5 MB and over 5,000 rows are refused with the reason', async () => {
    const big = Buffer.concat([csvOf([HEAD]), Buffer.alloc(5 * 1024 * 1024, 0x20)]);
    const r1 = await postImport(b.admin, 'members', 'big.csv', big, true);
    expect([r1.statusCode, r1.json()]).toEqual([413, { error: '文件超过 5 MB，请拆分成几个文件分批导入' }]);
    const many = csvOf([HEAD, ...Array.from({ length: 5001 }, (_, i) => ['L0001', '某', '1', '1', 'T0001', `R${i}`, ''])]);
    const r2 = await postImport(b.admin, 'members', 'many.csv', many, true);
    expect([r2.statusCode, r2.json()]).toEqual([413, { error: '数据超过 5000 行，请拆分成几个文件分批导入' }]);
  });
});

describe('团体人员', () => {
  const good = () =>
    xlsxOf(
      [
        HEAD,
        ['L0002', '钱一', ID_A, 13700001111, 'T0003', 2026700001, '接触噪声作业'],
        ['L0002', '钱二', ID_B, '13700002222', 'T0004', '2026700002', null],
      ],
      { textColumns: [3] },
    );

  it('只读 may not check or import (403)', async () => {
    const r = await postImport(b.viewer, 'members', 'm.xlsx', await good(), true);
    expect([r.statusCode, r.json()]).toEqual([403, { error: '没有权限：需要「运营」角色' }]);
  });

  it('a clean dry run applies nothing', async () => {
    const [n0, a0] = [await members(), await audits()];
    const r = await postImport(b.admin, 'members', 'm.xlsx', await good(), true);
    expect(r.statusCode).toBe(200);
    expect(res(r)).toEqual({ ok: true, rows: 2, problems: [], notes: [], applied: false });
    expect([await members(), await audits()]).toEqual([n0, a0]);
  });

  it('bad cells: every problem with row, column and reason, sorted; nothing applied', async () => {
    const [n0, a0] = [await members(), await audits()];
    const csv = csvOf([
      HEAD,
      ['L0002', '孙一', '330106199102030151', '13700003333', 'T0003', '2026700011', ''], // bad check digit
      ['L0002', '孙二', ID_A, '1370000', 'T0009', '2026700012', ''], // phone, unknown package
      ['L9999', '孙三', makeIdCard('330106', '19800101', '033'), '13700004444', 'T0003', '2026700013', ''], // unknown company
      ['L0002', '孙四孙四孙四孙', makeIdCard('330106', '19800101', '044'), '13700005555', 'T0001', '', ''], // name, exam number
      ['L0002', '孙五', makeIdCard('330106', '19800101', '055'), '13700006666', 'T0002', '2026700015', ''], // male on a female package
      ['L0002', '孙六', makeIdCard('330106', '19800101', '055'), '13700007777', 'T0003', '2026700016', ''], // same ID again
      ['L0003', '孙七', makeIdCard('330106', '19800101', '077'), '13700008888', 'T0003', '2026100001', ''], // exam number of 李明
    ]);
    const r = res(await postImport(b.admin, 'members', 'bad.csv', csv, false));
    expect(r.ok).toBe(false);
    expect(r.applied).toBe(false);
    expect(r.problems).toEqual([
      { row: 2, column: '身份证号', reason: '你输入的身份证号非法' },
      { row: 3, column: '手机号', reason: '手机号码格式错误' },
      { row: 3, column: '套餐编码', reason: '套餐编码 T0009 不存在' },
      { row: 4, column: '单位编码', reason: '单位编码 L9999 不存在（请先在「团体单位」里添加这个单位）' },
      { row: 5, column: '姓名', reason: '姓名不能超过6个字' },
      { row: 5, column: '体检号', reason: '请填写体检号' },
      { row: 6, column: '套餐编码', reason: '套餐 T0002 只限女性，与身份证的性别不符' },
      { row: 7, column: '身份证号', reason: '与第 6 行重复：同一单位的身份证号只能出现一次' },
      { row: 8, column: '体检号', reason: '体检号 2026100001 已属于单位 L0001 的成员 李明' },
    ]);
    expect([await members(), await audits()]).toEqual([n0, a0]);
  });

  it('apply: every row in one go, one import audit entry (kind, file, counts) and one per member; the member can TeamLogin', async () => {
    const n0 = await members();
    const r = res(await postImport(b.admin, 'members', '华东建设2026.xlsx', await good(), false));
    expect(r).toMatchObject({ ok: true, rows: 2, applied: true, summary: '新增 2 人，更新 0 人' });
    expect(await members()).toBe(n0 + 2);
    const row = await b.store.db.one('SELECT lnc_code, pat_name, idcard, tel, clus_code, clus_name, reg_no, flag FROM team_members WHERE reg_no = $1', ['2026700001']);
    expect(row).toEqual({ lnc_code: 'L0002', pat_name: '钱一', idcard: ID_A, tel: '13700001111', clus_code: 'T0003', clus_name: '职业健康体检（接触噪声作业）', reg_no: '2026700001', flag: '接触噪声作业' });
    expect((await b.store.db.one('SELECT flag FROM team_members WHERE reg_no = $1', ['2026700002']))!.flag).toBe('普通体检');
    const imp = await b.store.db.all('SELECT actor, entity, entity_key, summary, after_json FROM audit_log WHERE action = $1', ['import']);
    expect(imp).toHaveLength(1);
    expect(imp[0]).toMatchObject({ actor: 'admin', entity: 'import', entity_key: 'members', summary: '导入团体人员：华东建设2026.xlsx，2 行（新增 2 人，更新 0 人）' });
    expect(JSON.parse(imp[0].after_json)).toEqual({ kind: 'members', fileName: '华东建设2026.xlsx', rows: 2, summary: '新增 2 人，更新 0 人' });
    const per = await b.store.db.all<{ after_json: string }>(`SELECT after_json FROM audit_log WHERE entity = 'member' AND action = 'create'`);
    expect(per).toHaveLength(2);
    expect(per[0].after_json).not.toContain(ID_A); // masked in the log
    const login = await b.call('TeamLogin', { lnc_Code: 'L0002', idCard: ID_A, tel: '13700001111' });
    expect(login.returnData).toEqual([expect.objectContaining({ pat_name: '钱一', reg_no: '2026700001', clus_code: 'T0003', lnc_name: '浙江华东建设集团有限公司', clus_price: '260.00' })]);
  });

  it('a re-import updates by company and ID: the new phone logs in, the unchanged row writes nothing', async () => {
    const csv = csvOf([HEAD, ['L0002', '钱一', ID_A, '13700009999', 'T0003', '2026700001', '接触噪声作业'], ['L0002', '钱二', ID_B, '13700002222', 'T0004', '2026700002', '']]);
    const a0 = await audits('update');
    const r = res(await postImport(b.admin, 'members', 'again.csv', csv, false));
    expect(r.summary).toBe('新增 0 人，更新 1 人，未变 1 人');
    expect(await audits('update')).toBe(a0 + 1);
    expect((await b.call('TeamLogin', { lnc_Code: 'L0002', idCard: ID_A, tel: '13700009999' })).returnData[0].pat_name).toBe('钱一');
  });

  it('a member with an order keeps its exam number', async () => {
    await b.store.db.run(
      `INSERT INTO orders (id, openid, id_card, name, tel, type, clus_code, clus_name, begin_time, scope, sumtime_code, sumtime_name, price_cents, state, lnc_code, regno, idem_key, created_at, created_time, updated_at)
       VALUES ('IMPORD1', 'o-1', $1, '钱二', '13700002222', 'group', 'T0004', 'x', '2099-01-01', 'T:total', '01', 'x', 0, 'S', 'L0002', '2026700002', 'k-imp-1', 0, '', 0)`,
      [ID_B],
    );
    const csv = csvOf([HEAD, ['L0002', '钱二', ID_B, '13700002222', 'T0004', '2026700099', '']]);
    expect(res(await postImport(b.admin, 'members', 'x.csv', csv, true)).problems).toEqual([{ row: 2, column: '体检号', reason: '该成员已有 1 个预约订单，不能修改体检号' }]);
  });

  it('apply is one transaction: a failure half-way leaves nothing written, no audit entry', async () => {
    const real = membersSheet.apply.bind(membersSheet);
    const spy = vi.spyOn(membersSheet, 'apply').mockImplementation(async (tx, rows, ctx) => {
      await real(tx, rows.slice(0, 1), ctx);
      throw new Error('disk full (test)');
    });
    const [n0, a0] = [await members(), await audits()];
    const csv = csvOf([HEAD, ['L0003', '周一', makeIdCard('330106', '19800101', '111'), '13700001234', 'T0003', '2026700201', ''], ['L0003', '周二', makeIdCard('330106', '19800101', '133'), '13700001235', 'T0003', '2026700202', '']]);
    const r = await postImport(b.admin, 'members', 'half.csv', csv, false);
    spy.mockRestore();
    expect([r.statusCode, r.json()]).toEqual([500, { error: '服务器出错，请稍后再试' }]);
    expect([await members(), await audits()]).toEqual([n0, a0]);
  });

  it('a dry run then an apply after someone else took the exam number: the apply checks again and applies nothing', async () => {
    const csv = csvOf([HEAD, ['L0003', '吴一', makeIdCard('330106', '19800101', '155'), '13700001236', 'T0003', '2026700301', '']]);
    expect(res(await postImport(b.admin, 'members', 'late.csv', csv, true)).ok).toBe(true);
    await b.store.db.run(`INSERT INTO team_members (id, lnc_code, pat_name, idcard, tel, clus_code, clus_name, reg_no, flag) VALUES ('tm-late', 'L0001', '抢先', $1, '13700001237', 'T0003', 'x', '2026700301', '普通体检')`, [makeIdCard('330106', '19800101', '177')]);
    const n0 = await members();
    const r = res(await postImport(b.admin, 'members', 'late.csv', csv, false));
    expect(r).toMatchObject({ ok: false, applied: false, problems: [{ row: 2, column: '体检号', reason: '体检号 2026700301 已属于单位 L0001 的成员 抢先' }] });
    expect(await members()).toBe(n0);
  });

  it('the demo members are untouched by all this', async () => {
    const m = MEMBERS[0];
    expect((await b.call('TeamLogin', { lnc_Code: m.lnc, idCard: m.id, tel: m.tel })).returnData[0].pat_name).toBe(m.name);
  });
});

describe('审核人', () => {
  const verify = (id: string, pwd: string) => b.call('VerifyDirectorReviewPwd', { id, pwd });

  it('a new account needs a 6-digit password; bad rows are listed and nothing is written', async () => {
    const csv = csvOf([['账号', '姓名', '初始密码'], ['7', '王主任', ''], ['8', '赵主任', '12345'], ['9!', '', '123456'], ['7', '重复', '654321']]);
    const r = res(await postImport(b.admin, 'approvers', 'a.csv', csv, true));
    expect(r.problems).toEqual([
      { row: 2, column: '初始密码', reason: '新账号须填写初始密码（6 位数字）' },
      { row: 3, column: '初始密码', reason: '初始密码须为 6 位数字（Excel 可能去掉了开头的 0：请把该列设为文本）' },
      { row: 4, column: '账号', reason: '账号只能是 1–32 位字母、数字、- 或 _' },
      { row: 4, column: '姓名', reason: '请填写姓名' },
      { row: 5, column: '账号', reason: '与第 2 行的账号重复' },
    ]);
    expect(await b.count(`SELECT COUNT(*) AS n FROM approver_users WHERE id IN ('7', '8')`)).toBe(0);
  });

  it('adds an approver who signs in with the password (hashed, never as typed); an existing one keeps its password unless one is given', async () => {
    const buf = await xlsxOf([['账号', '姓名', '初始密码'], ['7', '王主任', '024680'], ['1', '张院长', null]], { textColumns: [1, 3] });
    const r = res(await postImport(b.admin, 'approvers', 'approvers.xlsx', buf, false));
    expect(r).toMatchObject({ ok: true, applied: true, summary: '新增 1 个审核人，更新 1 个' });
    const row = await b.store.db.one<{ pwd_hash: string; pwd_salt: string }>(`SELECT pwd_hash, pwd_salt FROM approver_users WHERE id = '7'`);
    expect(row!.pwd_hash).toMatch(/^scrypt\$16384\$8\$1\$[0-9a-f]{64}$/);
    expect(JSON.stringify(await b.store.db.all('SELECT * FROM audit_log'))).not.toContain('024680');
    const signed = await verify('7', '024680');
    expect(signed.returnData).toMatchObject({ name: '王主任', token: expect.any(String) });
    expect((await verify('1', '123456')).returnData).toMatchObject({ name: '张院长' });
    // a password given for an existing account replaces it and ends its sessions
    const tokens = () => b.count(`SELECT COUNT(*) AS n FROM tokens WHERE kind = 'approver' AND subject = '7'`);
    expect(await tokens()).toBe(1);
    const again = res(await postImport(b.admin, 'approvers', 'a2.csv', csvOf([['账号', '姓名', '初始密码'], ['7', '王主任', '135790']]), false));
    expect(again.summary).toBe('新增 0 个审核人，更新 1 个');
    expect(await tokens()).toBe(0);
    expect((await verify('7', '024680')).returnData).toBeFalsy();
    expect((await verify('7', '135790')).returnData).toMatchObject({ name: '王主任' });
    expect(await b.count(`SELECT COUNT(*) AS n FROM audit_log WHERE entity = 'approver'`)).toBe(3);
  });
});
