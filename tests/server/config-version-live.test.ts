/**
 * "Live means live" (issue 24): on a server started once and never restarted,
 * - an edit of only a `server:` text in flows/messages.yaml is answered by the
 *   next real call within 2 s (the config version covers the server's texts);
 * - the last good snapshot keeps those texts (a start on broken files answers with them);
 * - the config and schema routes send each answer once: no "Cannot write headers
 *   after they are sent" / "Reply was already sent" under many concurrent GETs
 *   (plain, compressed, conditional), HEADs, and requests during reloads.
 * Real HTTP on 127.0.0.1, both stores.
 */
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildServer } from '../../src/server/app';
import { LiveConfig } from '../../src/server/config-live';
import { loadConfig } from '../../src/server/services/platform/config';
import { freshStore, testClock, type TestStore } from './core-helpers';
import { copyConfig, removeTmpDirs, tmpDir } from './studio-helpers';

interface Running {
  app: FastifyInstance;
  live: LiveConfig;
  base: string;
  configDir: string;
  /** pino lines (JSON) the server wrote. */
  lines: Array<{ level: number; msg?: string; err?: { message?: string }; url?: string; req?: { url?: string } }>;
  /** What the live config logged (its reloads). */
  liveLog: string[];
}

let store: TestStore;
const started: Running[] = [];
beforeAll(async () => {
  store = await freshStore();
}, 60_000);
afterEach(async () => {
  for (const r of started.splice(0)) {
    r.live.close();
    await r.app.close();
  }
});
afterAll(async () => {
  await store?.cleanup();
  removeTmpDirs();
});

/** The server as main.ts runs it: a LiveConfig on a copy of the config that follows the files, listening on a port. */
async function start(opts: { watch?: boolean } = {}): Promise<Running> {
  const configDir = copyConfig();
  const lines: Running['lines'] = [];
  const liveLog: string[] = [];
  const live = await LiveConfig.start(configDir, tmpDir('cf-live-data-'), (_level: string, msg: string) => void liveLog.push(msg));
  if (opts.watch !== false) live.watch();
  const base = loadConfig({}, { sweepIntervalMs: 0 });
  const app = await buildServer({
    db: store.db,
    config: { ...base, logLevel: 'info', studio: { ...base.studio, pollMs: 0 } },
    clock: testClock(),
    sweep: false,
    flowConfig: live,
    logger: { stream: { write: (l: string) => lines.push(JSON.parse(l)) } },
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const r: Running = { app, live, base: `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`, configDir, lines, liveLog };
  started.push(r);
  return r;
}

function edit(file: string, from: string, to: string): void {
  const text = fs.readFileSync(file, 'utf8');
  expect(text, `${file} holds ${from}`).toContain(from);
  fs.writeFileSync(file, text.replace(from, to));
}

interface Answer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
}

/** One request with exactly these headers (fetch would add its own Accept-Encoding and decode). */
function request(base: string, method: string, url: string, headers: Record<string, string> = {}, body?: string): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = http.request(`${base}${url}`, { method, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end(body);
  });
}

async function call(base: string, pathName: string, body: unknown, token = ''): Promise<{ version: string; json: { success: boolean; returnMsg: string; returnData: any } }> {
  const headers: Record<string, string> = { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) };
  const r = await request(base, 'POST', `/api/${pathName}`, headers, JSON.stringify(body));
  return { version: String(r.headers['x-config-version']), json: JSON.parse(r.body.toString()) };
}

describe('a server: text edited on a running server', () => {
  it('is answered by the next real call within 2 s, under a new config version', async () => {
    const s = await start();
    const c = loadConfig({}).tokenClient;
    const token = (await call(s.base, 'TokenApi/GetToken', { grant_type: 'password', ...c, scope: 'api1' })).json.returnData.access_token as string;
    // A refusal with no side effects (asked again and again): an unknown package.
    const refuse = () => call(s.base, 'UserInfoApi/AddClusItem', { code: 'NO-SUCH-PACKAGE' }, token);
    const before = await refuse();
    expect(before.json).toMatchObject({ success: false, returnMsg: '套餐不存在' });
    // A server that has been up a while: its start's background work (the form validators) is done.
    await vi.waitFor(() => expect(s.lines.some((l) => l.msg === 'form validators pre-compiled')).toBe(true), { timeout: 60_000, interval: 100 });

    // Only the server's text changes: nothing the phone's config holds.
    edit(path.join(s.configDir, 'flows/messages.yaml'), '    packageMissing: 套餐不存在\n', '    packageMissing: 该套餐已下架，请选择其他套餐\n');
    const t0 = Date.now();
    let after = before;
    while (after.json.returnMsg === '套餐不存在' && Date.now() - t0 < 10_000) {
      await new Promise((r) => setTimeout(r, 50));
      after = await refuse();
    }
    const ms = Date.now() - t0;
    expect(after.json.returnMsg).toBe('该套餐已下架，请选择其他套餐');
    // Within 2 s of the edit, not counting the reading and checking of the files, which is CPU work
    // that stretches with the machine's load (about 0.3–0.6 s on a quiet one): every fixed delay on
    // the way — the watch, its debounce, the swap, the next answer — must fit in 2 s on any machine.
    const reloaded = s.liveLog.map((l) => /read and checked in (\d+) ms/.exec(l)).filter(Boolean).pop();
    const checkMs = Number(reloaded?.[1] ?? NaN);
    console.log(`server: text answered ${ms} ms after the edit (${checkMs} ms of it reading and checking)`);
    expect(checkMs).toBeGreaterThanOrEqual(0);
    expect(ms - checkMs).toBeLessThan(2000);
    // A new version: every answer names it, so open phones notice it too.
    expect(after.version).toMatch(/^[0-9a-f]{12}$/);
    expect(after.version).not.toBe(before.version);
    expect(s.live.current.version).toBe(after.version);
    // The admin's reload call agrees that this version is the files' (nothing left to take).
    const again = await request(s.base, 'POST', '/api/admin/reload-config');
    expect(JSON.parse(again.body.toString())).toMatchObject({ success: true, returnMsg: 'config unchanged', returnData: { version: after.version } });
  }, 60_000);

  it('is kept in the last good snapshot: a start on broken files answers with it', async () => {
    const configDir = copyConfig();
    const dataDir = tmpDir('cf-live-snap-');
    const messages = path.join(configDir, 'flows/messages.yaml');
    edit(messages, '    wrong: 密码错误\n', '    wrong: 审核密码不正确\n');
    const first = await LiveConfig.start(configDir, dataDir, () => undefined);
    edit(messages, 'paySuccess: 支付成功', 'paySuccess: [支付成功');
    const logs: string[] = [];
    const second = await LiveConfig.start(configDir, dataDir, (_l, m) => logs.push(m));
    expect(logs.join('\n')).toMatch(/SERVING THE LAST GOOD CONFIG/);
    expect(second.current.source).toBe('snapshot');
    expect(second.current.config.serverMessages.approvals.wrong).toBe('审核密码不正确');
    expect(second.current.version).toBe(first.current.version);
  }, 60_000);
});

describe('the config and schema routes send each answer once', () => {
  it('no double send under concurrent plain, compressed, conditional and HEAD requests, nor during reloads', async () => {
    const s = await start({ watch: false }); // the test's own reload calls swap the versions
    const urls = ['/app-config.json', '/schemas/forms/person-order.json', '/schemas/forms/person-order.json.js', '/schemas/forms/personal-popup.json'];
    const etags = new Map<string, string>();
    for (const u of urls) {
      const r = await request(s.base, 'GET', u);
      expect(r.status, u).toBe(200);
      etags.set(u, String(r.headers.etag));
    }
    const variants = (u: string): Array<[string, Record<string, string>]> => [
      ['GET', {}],
      ['GET', { 'accept-encoding': 'br' }],
      ['GET', { 'accept-encoding': 'gzip' }],
      ['GET', { 'if-none-match': etags.get(u)! }],
      ['GET', { 'if-none-match': etags.get(u)!, 'accept-encoding': 'gzip, br' }],
      ['GET', { 'if-none-match': '"not-this-one"', 'accept-encoding': 'br' }],
      ['HEAD', {}],
      ['HEAD', { 'if-none-match': etags.get(u)! }],
    ];
    const round = () => Promise.all(urls.flatMap((u) => variants(u).map(([m, h]) => request(s.base, m, u, h).then((a) => ({ u, m, h, a })))));
    const messages = path.join(s.configDir, 'flows/messages.yaml');
    const from = s.lines.length; // (the start's own warnings, e.g. no dist/, are not this test's)
    const answers: Array<Awaited<ReturnType<typeof round>>[number]> = [];
    for (let i = 0; i < 6; i++) {
      // Every other round runs beside a reload that swaps in a new version.
      if (i % 2) edit(messages, i === 1 ? 'paySuccess: 支付成功' : `paySuccess: 支付成功${i - 2}`, `paySuccess: 支付成功${i}`);
      const [rs, reload] = await Promise.all([round(), i % 2 ? s.live.reload() : Promise.resolve(null)]);
      if (reload) expect(reload).toMatchObject({ ok: true, changed: true });
      answers.push(...rs);
    }
    // Let any late second send show in the log.
    await new Promise((r) => setTimeout(r, 300));
    for (const { u, m, h, a } of answers) {
      const where = `${m} ${u} ${JSON.stringify(h)}`;
      expect([200, 304], where).toContain(a.status);
      expect(a.headers['x-config-version'], where).toMatch(/^[0-9a-f]{12}$/);
      if (a.status === 304 || m === 'HEAD') expect(a.body.length, where).toBe(0);
      if (a.status === 304) expect(a.headers.etag, where).toBe(h['if-none-match']);
    }
    // Unchanged schemas revalidate with 304 even across reloads; the config itself changed (200).
    const cond = answers.filter((x) => x.m === 'GET' && x.h['if-none-match'] === etags.get(x.u));
    expect(cond.filter((x) => x.u !== '/app-config.json').every((x) => x.a.status === 304)).toBe(true);
    const bad = s.lines.slice(from).filter((l) => l.level >= 40);
    expect(bad.map((l) => `${l.level} ${l.msg ?? ''} ${l.err?.message ?? ''}`)).toEqual([]);
  }, 120_000);
});
