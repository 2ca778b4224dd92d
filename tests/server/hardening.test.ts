/**
 * Hardening, probed as an attacker and a bad day would: SMS quotas per client
 * address, per device and for the centre (shared through the database), the
 * client address not taken from a forged X-Forwarded-For, per-call body limits
 * and a cheap refusal of a garbage encryStr, nothing seeded in production, N
 * instances starting together on one empty database, identical taps across two
 * instances, security headers, and SIGTERM with a dead log reader. Each case
 * fails on the code before these changes.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { randomBytes } from 'node:crypto';
import { centreDay } from '../../src/contract/rules/centre-day';
import { afterAll, describe, expect, it } from 'vitest';
import { freshStore, makeTestApp, personBody, plusDays, uniqueId, TEST_DB, type TestStore } from './core-helpers';
import { api, clientToken, exitWithin, killServers, startServer, userToken } from './process-helpers';
import { MEMBERS, BRANCHES } from '../../src/server/seed/index';
import { TEAM_LOGIN_LOCKED } from '../../src/server/routes/groups/index';
import { sendVerifyCode, SMS_MSG } from '../../src/server/services/reports/sms';
import { decryptBodyNative } from '../../src/server/plugins/crypto';
import { BODY_LIMIT_MAX } from '../../src/server/plugins/body-limit';
import { BASE64_ALPHABET, encryptBody } from '../../src/contract/rules/encry';
import { CSP_DIRECTIVES } from '../../src/server/plugins/headers';
import { loadConfig } from '../../src/server/services/platform/config';

const stores: TestStore[] = [];
afterAll(async () => {
  killServers();
  for (const s of stores) await s.cleanup();
});
const phone = (i: number) => `1380013${String(1000 + i)}`;

describe(`SMS quotas (${TEST_DB})`, () => {
  it('one client address: 10 codes an hour whatever the phone, and X-Forwarded-For does not change who it is', async () => {
    const t = await makeTestApp();
    try {
      const answers: string[] = [];
      for (let i = 0; i < 30; i++)
        answers.push((await t.call('SendVerifyCode', { tel: phone(i) }, { headers: { 'x-forwarded-for': `203.0.113.${i}` } })).body.returnMsg);
      expect(answers.filter((m) => m === SMS_MSG.sent)).toHaveLength(10);
      expect(answers.slice(10)).toEqual(Array(20).fill(SMS_MSG.clientHour));
      const sent = await t.db.one<{ n: number }>('SELECT COUNT(*) AS n FROM sms_codes');
      expect(Number(sent!.n)).toBe(10);
      // next hour: 10 more, then the day's 30 are used up
      for (let h = 1; h <= 3; h++) {
        t.clock.advance(3_600_000);
        await t.renew();
        for (let i = 0; i < 10; i++) await t.call('SendVerifyCode', { tel: phone(100 * h + i) });
      }
      expect((await t.call('SendVerifyCode', { tel: phone(999) })).body.returnMsg).toBe(SMS_MSG.clientDay);
    } finally {
      await t.close();
    }
  });

  it('one device (openid): 5 an hour, even from several addresses', async () => {
    const t = await makeTestApp({ smsQuota: { ipHour: 100, ipDay: 100, deviceHour: 5, deviceDay: 10, dailyBudget: 1000 } });
    try {
      const tok = await t.userToken('sms-device-1');
      const msgs: string[] = [];
      for (let i = 0; i < 7; i++) msgs.push((await t.call('SendVerifyCode', { tel: phone(i) }, { token: tok })).body.returnMsg);
      expect(msgs).toEqual([...Array(5).fill(SMS_MSG.sent), SMS_MSG.clientHour, SMS_MSG.clientHour]);
      // a refused request spent nothing: the phone it named can still have its code (from a client token)
      expect((await t.call('SendVerifyCode', { tel: phone(6) })).body.returnMsg).toBe(SMS_MSG.sent);
    } finally {
      await t.close();
    }
  });

  it('the daily budget is shared by every instance; its 80 % mark raises one alarm', async () => {
    const t = await makeTestApp();
    try {
      const quotas = { ipHour: 1000, ipDay: 1000, deviceHour: 1000, deviceDay: 1000, dailyBudget: 10 };
      const alarms: number[] = [];
      const provider = { send: async () => undefined };
      const results: string[] = [];
      // two "instances" = two independent callers on one database, interleaved
      for (let i = 0; i < 12; i++) {
        try {
          await sendVerifyCode(t.db, phone(i), { now: t.clock.now(), provider: provider as never, client: { ip: `10.0.0.${i % 2}`, openid: null }, quotas, onBudgetAlarm: (used) => alarms.push(used) });
          results.push('sent');
        } catch (e) {
          results.push((e as Error).message);
        }
      }
      expect(results).toEqual([...Array(10).fill('sent'), SMS_MSG.budget, SMS_MSG.budget]);
      expect(alarms).toEqual([8]);
    } finally {
      await t.close();
    }
  });
});

describe(`client address (${TEST_DB})`, () => {
  it('TRUST_PROXY unset: a forged X-Forwarded-For per try does not escape the caller lock-out', async () => {
    const t = await makeTestApp();
    try {
      const others = MEMBERS.slice(1);
      let lockedAt = 0;
      for (let n = 1; n <= 30 && !lockedAt; n++) {
        const m = others[n % others.length];
        const r = await t.call('TeamLogin', { lnc_Code: m.lnc, idCard: m.id, tel: `1390000${String(1000 + n)}` }, { headers: { 'x-forwarded-for': `198.51.100.${n}` } });
        const err = typeof r.body.returnData === 'string' ? JSON.parse(r.body.returnData)[0]?.err : null;
        if (err === TEAM_LOGIN_LOCKED) lockedAt = n;
      }
      expect(lockedAt).toBe(20);
    } finally {
      await t.close();
    }
  });

  it('TRUST_PROXY names the proxy: its X-Forwarded-For is the client', async () => {
    expect(loadConfig({}).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '127.0.0.1,10.0.0.0/8' }).trustProxy).toEqual(['127.0.0.1', '10.0.0.0/8']);
    expect(() => loadConfig({ TRUST_PROXY: 'true' })).toThrow(/TRUST_PROXY/);
    const t = await makeTestApp({ trustProxy: ['127.0.0.1'] });
    try {
      // two clients behind the proxy: each has its own quota
      for (let i = 0; i < 10; i++) await t.call('SendVerifyCode', { tel: phone(i) }, { headers: { 'x-forwarded-for': '203.0.113.7' } });
      expect((await t.call('SendVerifyCode', { tel: phone(50) }, { headers: { 'x-forwarded-for': '203.0.113.7' } })).body.returnMsg).toBe(SMS_MSG.clientHour);
      expect((await t.call('SendVerifyCode', { tel: phone(51) }, { headers: { 'x-forwarded-for': '203.0.113.8' } })).body.returnMsg).toBe(SMS_MSG.sent);
    } finally {
      await t.close();
    }
  });
});

describe(`request size and encryStr (${TEST_DB})`, () => {
  const KEY = { keySeed: 'hardening-seed', substitution: [...BASE64_ALPHABET].reverse().join('') };

  it('a body bigger than the call can need is refused before it is parsed', async () => {
    const t = await makeTestApp({ crypto: { enabled: true, ...KEY } });
    try {
      const garbage = randomBytes(768 * 1024).toString('base64'); // 1 MB
      const started = performance.now();
      const r = await t.app.inject({ method: 'POST', url: '/api/ReportApi/GetReportList', payload: { encryStr: garbage }, headers: { authorization: `Bearer ${(await t.renew(), t.token)}` } });
      const ms = performance.now() - started;
      expect(r.statusCode).toBe(413);
      expect(r.json().returnMsg).toBe('请求内容过大');
      expect(ms).toBeLessThan(250); // generous for a loaded CI machine; the bench records the real figure
    } finally {
      await t.close();
    }
  });

  it('garbage that fits a big call is refused after one block per key window; a real body still opens', () => {
    const now = Date.now();
    const garbage = randomBytes(700 * 1024).toString('base64');
    const times: number[] = [];
    for (let i = 0; i < 20; i++) {
      const s = performance.now();
      expect(decryptBodyNative(garbage, KEY, now)).toBeUndefined();
      times.push(performance.now() - s);
    }
    times.sort((a, b) => a - b);
    expect(times[10]).toBeLessThan(5);
    expect(decryptBodyNative('不是密文', KEY, now)).toBeUndefined();
    const body = { name: '张三', idCard: '110105194912310021', list: [1, 2, 3] };
    for (const skew of [0, -300_000, 300_000]) expect(decryptBodyNative(encryptBody(body, KEY, now + skew), KEY, now)).toEqual(body);
    expect(decryptBodyNative(encryptBody(body, KEY, now + 900_000), KEY, now)).toBeUndefined();
    expect(BODY_LIMIT_MAX).toBe(1024 * 1024);
  });
});

describe(`start-up (${TEST_DB})`, () => {
  it('production on an empty database seeds nothing and says so', async () => {
    const store = await freshStore({ migrate: false });
    stores.push(store);
    await store.db.close();
    const s = await startServer({ ...store.env, NODE_ENV: 'production', ALLOW_DEMO: '1', LOG_LEVEL: 'info' });
    expect(s.output()).toContain('mode production: nothing seeded');
    const tok = await clientToken(s.base);
    const pkgs = await api(s.base, tok, 'UserInfoApi/GetClusItemList', { type: 'person' });
    expect(pkgs.returnData ?? []).toEqual([]);
    s.proc.kill('SIGKILL');
    expect(loadConfig({ NODE_ENV: 'production' }).seedOnStart).toBe(false);
    expect(loadConfig({ NODE_ENV: 'production', SEED_ON_START: '1' }).seedOnStart).toBe(true);
  });

  it('started from another folder, the server still validates requests with its own schemas', async () => {
    const store = await freshStore();
    stores.push(store);
    await store.db.close();
    const s = await startServer({ ...store.env, CONFIG_DIR: process.cwd() }, { cwd: fs.mkdtempSync(path.join(os.tmpdir(), 'cf-cwd-')) });
    const r = await api(s.base, await clientToken(s.base), 'ReportApi/SendVerifyCode', { tel: '1'.repeat(40) });
    expect(r.returnMsg).toBe('手机号码格式错误');
    s.proc.kill('SIGKILL');
  });

  it('three instances starting together on one empty database all come up; the demo data is seeded once', async () => {
    const store = await freshStore({ migrate: false });
    stores.push(store);
    await store.db.close();
    const started = performance.now();
    const servers = await Promise.all([0, 1, 2].map(() => startServer({ ...store.env, LOG_LEVEL: 'info' }, { timeoutMs: 90_000 })));
    const ms = performance.now() - started;
    console.log(`three instances up on an empty ${TEST_DB} database in ${Math.round(ms)} ms`);
    const seeded = servers.filter((s) => s.output().includes('empty database, demo data seeded'));
    expect(seeded).toHaveLength(1);
    for (const s of servers) {
      const cfg = (await (await fetch(`${s.base}/config.json`)).json()) as { branches: unknown[] };
      expect(cfg.branches).toHaveLength(BRANCHES.length);
    }
    for (const s of servers) s.proc.kill('SIGKILL');
  });

  it('identical taps spread over two instances are all answered with the one order', async () => {
    const store = await freshStore({ migrate: false });
    stores.push(store);
    await store.db.close();
    const [a, b] = await Promise.all([startServer(store.env), startServer(store.env)]);
    const openid = 'two-instance-tapper';
    const [ta, tb] = [await userToken(a.base, openid), await userToken(b.base, openid)];
    const today = centreDay(Date.now());
    const days = (await api(a.base, ta, 'PersonSumApi/GetPersonSumList', { type: 'person', start: plusDays(today, 1), end: plusDays(today, 30) })).returnData as any[];
    const open = days.find((d) => d.person_Flag !== 'T' && d.person_Surplus > 0);
    const slots = (await api(a.base, ta, 'PersonSumApi/GetSumTimeList', { date_Time: open.person_Date, type: 'person' })).returnData as Array<{ sumtime_Code: string; person_Surplus: number }>;
    const slot = slots.find((x) => x.person_Surplus > 0)!;
    const tap = personBody(open.person_Date, { idCard: uniqueId(1), openid, sumtime_Code: slot.sumtime_Code });
    const answers = await Promise.all(Array.from({ length: 20 }, (_, i) => api(i % 2 ? b.base : a.base, i % 2 ? tb : ta, 'OrderListApi/PersonOrderAdd', tap)));
    expect(answers.map((r) => r.returnMsg)).toEqual(Array(20).fill('预约成功'));
    expect(new Set(answers.map((r) => r.returnData.ord.id)).size).toBe(1);
    a.proc.kill('SIGKILL');
    b.proc.kill('SIGKILL');
  });

  it('SIGTERM ends the server within its grace even when nobody reads its log any more', async () => {
    const store = await freshStore();
    stores.push(store);
    await store.db.close();
    const s = await startServer({ ...store.env, LOG_LEVEL: 'info' }, { rawStdout: true });
    // The log's reader stops reading: the pipe fills with request logs (≈64 kB) and stays full.
    s.proc.stdout!.pause();
    for (let i = 0; i < 600; i++) expect((await fetch(`${s.base}/healthz`)).ok).toBe(true);
    s.proc.kill('SIGTERM');
    const exit = await exitWithin(s.proc, 12_000);
    expect(exit, 'still running 12 s after SIGTERM').not.toBeNull();
    s.proc.stdout!.destroy();
  });
});

describe(`headers (${TEST_DB})`, () => {
  it('CSP (as index.html says, plus frame-ancestors), nosniff, referrer policy; HSTS only over HTTPS', async () => {
    const t = await makeTestApp({ trustProxy: ['127.0.0.1'] });
    try {
      const r = await t.app.inject({ method: 'GET', url: '/config.json' });
      const csp = String(r.headers['content-security-policy']);
      expect(csp).toContain("frame-ancestors 'none'");
      expect(csp).toContain("script-src 'self'");
      expect(r.headers['x-content-type-options']).toBe('nosniff');
      expect(r.headers['referrer-policy']).toBe('same-origin');
      expect(r.headers['strict-transport-security']).toBeUndefined();
      const https = await t.app.inject({ method: 'GET', url: '/config.json', headers: { 'x-forwarded-proto': 'https' } });
      expect(String(https.headers['strict-transport-security'])).toMatch(/max-age=\d+/);
      // the header and the page's meta tag say the same (but frame-ancestors, which a meta cannot)
      const html = fs.readFileSync(path.resolve('index.html'), 'utf8');
      const meta = /http-equiv="Content-Security-Policy" content="([^"]+)"/.exec(html)![1];
      const norm = (s: string) => s.split(';').map((x) => x.trim()).filter((x) => x && !x.startsWith('frame-ancestors')).sort();
      expect(norm(csp)).toEqual(norm(meta));
      expect(Object.keys(CSP_DIRECTIVES)).toContain('frameAncestors');
    } finally {
      await t.close();
    }
  });
});
