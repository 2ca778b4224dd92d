/** GetNoticeInfo: the seeded 体检须知 (HTML), fallback for an unknown title, auth and body checks. Both stores. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeTestApp, type TestApp } from './core-helpers';
import { seedRecords } from '../../src/server/seed/index';

let t: TestApp;
beforeAll(async () => {
  t = await makeTestApp();
});
afterAll(async () => t?.close());

describe('GetNoticeInfo', () => {
  it('no notice rows yet → success:false with a message', async () => {
    await t.db.run(`DELETE FROM notice_texts`);
    const r = await t.call('GetNoticeInfo', { titleName: '体检须知' });
    expect(r.body).toMatchObject({ success: false, returnMsg: '暂无须知内容', returnData: null });
  });

  it('returns the seeded HTML notice with the spec guidance', async () => {
    await seedRecords(t.db, t.today);
    const r = await t.call('GetNoticeInfo', { titleName: '体检须知' });
    expect(r.body.success).toBe(true);
    const { content, titleName } = r.body.returnData as { content: string; titleName: string };
    expect(titleName).toBe('体检须知');
    expect(content).toMatch(/^<h3>/);
    for (const s of ['16:30', '提前1天', '禁食', '身份证']) expect(content).toContain(s);
  });

  it('unknown or missing titleName falls back to 体检须知', async () => {
    expect((await t.call('GetNoticeInfo', { titleName: '别的' })).body.returnData.titleName).toBe('体检须知');
    expect((await t.call('GetNoticeInfo', {})).body.returnData.titleName).toBe('体检须知');
  });

  it('needs the service bearer; a non-string titleName is refused', async () => {
    expect((await t.call('GetNoticeInfo', { titleName: '体检须知' }, { token: null })).status).toBe(401);
    expect((await t.call('GetNoticeInfo', { titleName: { $ne: 1 } })).body.success).toBe(false);
    expect((await t.call('GetNoticeInfo', { titleName: 'x'.repeat(51) })).body.success).toBe(false);
  });
});
