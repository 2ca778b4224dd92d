/**
 * The production start (README): the compiled server, `node build/server/main.js`
 * with plain node (no TypeScript loader), from a working directory that is not
 * the package, with NODE_ENV=production, serves the app to a phone. And the
 * compiled server imports only packages of `dependencies`, so
 * `npm ci --omit=dev` leaves it everything it needs. The admin studio's check
 * runs in its worker thread (build/server/check-worker.js, found beside main.js).
 * Without ALLOW_DEMO the same start is refused, naming each missing setting (the preflight, src/server/doctor),
 * and `node build/server/doctor-cli.js` (npm run doctor in a production install) prints the same findings.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { builtinModules } from 'node:module';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIST, REPO, ensureBuilt, freePort } from './helpers/app';
import { openPhone, waitText, type Phone } from './helpers/phone';

const BUILT = path.join(REPO, 'build/server');
const STUDIO_PASSWORD = 'prod-studio-pass-2026';

/** A compiled entry run with plain node and only the given env: its exit code and everything it printed. */
function runBuilt(entry: string, env: Record<string, string>, cwd: string): Promise<{ code: number | null; out: string }> {
  return new Promise((resolve, reject) => {
    const p = spawn(process.execPath, [path.join(BUILT, entry)], { cwd, env: { PATH: process.env.PATH ?? '', ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    p.stdout!.on('data', (d) => (out += d));
    p.stderr!.on('data', (d) => (out += d));
    p.once('error', reject);
    p.once('close', (code) => resolve({ code, out }));
  });
}

function importedPackages(dir: string): Set<string> {
  const out = new Set<string>();
  for (const f of fs.readdirSync(dir, { recursive: true }) as string[]) {
    if (!f.endsWith('.js')) continue;
    const src = fs.readFileSync(path.join(dir, f), 'utf8');
    // Not inside a name, an option or a string: a column list ending in restored_from", the string "--from", or a
    // query parameter read as param(q, "from") / an audit action "import" is not an import.
    for (const m of src.matchAll(/(?<![\w$."'`-])(?:from|import)\s*\(?\s*"([^"./][^"]*)"/g)) {
      const spec = m[1];
      if (spec.startsWith('node:') || builtinModules.includes(spec)) continue;
      out.add(spec.startsWith('@') ? spec.split('/').slice(0, 2).join('/') : spec.split('/')[0]);
    }
  }
  return out;
}

describe('production start with plain node', () => {
  let child: ChildProcess;
  let baseUrl = '';
  let logs = '';
  let cwd = '';
  let dataDir = '';

  beforeAll(async () => {
    ensureBuilt();
    expect(fs.existsSync(path.join(BUILT, 'main.js')), 'build/server/main.js: run `npm run build`').toBe(true);
    const port = await freePort();
    cwd = fs.mkdtempSync(path.join(os.tmpdir(), 'checkup-prod-cwd-'));
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'checkup-prod-data-'));
    child = spawn(process.execPath, [path.join(BUILT, 'main.js')], {
      cwd,
      env: {
        PATH: process.env.PATH ?? '',
        NODE_ENV: 'production',
        // the sandbox payment and demo client of a test machine (a real deploy sets WECHAT_* etc.)
        ALLOW_DEMO: '1',
        SESSION_SECRET: 'x'.repeat(40),
        SEED_ON_START: '1',
        HOST: '127.0.0.1',
        PORT: String(port),
        DATA_DIR: dataDir,
        CONFIG_DIR: REPO,
        DIST_DIR: DIST,
        DATABASE_URL: '',
        STUDIO_ADMIN_USER: 'prod-admin',
        STUDIO_ADMIN_PASSWORD: STUDIO_PASSWORD,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child.stdout!.on('data', (d) => (logs += d));
    child.stderr!.on('data', (d) => (logs += d));
    baseUrl = `http://127.0.0.1:${port}`;
    const until = Date.now() + 60_000;
    for (;;) {
      if (child.exitCode !== null) throw new Error(`server exited (${child.exitCode}):\n${logs}`);
      try {
        if ((await fetch(`${baseUrl}/healthz`)).ok) break;
      } catch {
        /* not yet */
      }
      if (Date.now() > until) throw new Error(`not healthy:\n${logs}`);
      await new Promise((r) => setTimeout(r, 200));
    }
  }, 90_000);

  afterAll(async () => {
    if (child && child.exitCode === null) {
      child.kill('SIGTERM');
      await new Promise((r) => child.once('exit', r));
    }
    for (const d of [cwd, dataDir]) if (d) fs.rmSync(d, { recursive: true, force: true });
  });

  it('imports only runtime dependencies', () => {
    const pkg = JSON.parse(fs.readFileSync(path.join(REPO, 'package.json'), 'utf8')) as { dependencies: Record<string, string> };
    const used = [...importedPackages(BUILT)].sort();
    expect(used).toContain('fastify');
    expect(used.filter((p) => !(p in pkg.dependencies))).toEqual([]);
  });

  it('serves the app: the phone reads the home page, the server says production', async () => {
    expect(logs).toMatch(/mode production/);
    const cfg = (await (await fetch(`${baseUrl}/config.json`)).json()) as { centreTz?: string };
    expect(cfg.centreTz).toBe('Asia/Shanghai');
    let phone: Phone | undefined;
    try {
      phone = await openPhone(baseUrl);
      const served: string[] = [];
      phone.page.on('response', (r) => {
        if (r.ok()) served.push(new URL(r.url()).pathname);
      });
      await phone.page.goto('/#/Index');
      // a fresh visitor picks a branch first (a list the compiled server read from its database)
      await waitText(phone.page, '选择院区', 20_000);
      await phone.page.getByText('（总院）').first().click();
      await waitText(phone.page, '个人体检', 20_000);
      // the start-up config rode in the page (drawn by the compiled server with its render bundle, build/ssr/),
      // and a flow call was answered by the compiled server
      expect(served).not.toContain('/config.json');
      expect(await phone.page.evaluate(() => JSON.parse(document.getElementById('cf-boot')?.textContent ?? '{}').startup?.centreTz)).toBe('Asia/Shanghai');
      expect(served.some((p) => p.startsWith('/api/'))).toBe(true);
    } finally {
      await phone?.close();
    }
  });

  it("the studio's check runs in the compiled worker: a clean config has no errors, a planted mistake comes back", async () => {
    const login = await fetch(`${baseUrl}/api/studio/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'prod-admin', password: STUDIO_PASSWORD }),
    });
    expect(login.status).toBe(200);
    const cookie = login.headers.getSetCookie().map((c) => c.split(';')[0]).find((c) => c.startsWith('studio_session='))!;
    const { csrf } = (await login.json()) as { csrf: string };
    const { files } = (await (await fetch(`${baseUrl}/api/studio/config`, { headers: { cookie } })).json()) as { files: Record<string, string> };
    const check = async (f: Record<string, string>) =>
      fetch(`${baseUrl}/api/studio/check`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', cookie, 'x-studio-csrf': csrf },
        body: JSON.stringify({ files: f }),
      });
    const clean = await check(files);
    expect(clean.status, await clean.clone().text()).toBe(200);
    expect(await clean.json()).toEqual({ errors: [] });
    const broken = await check({ ...files, 'flows/home.yaml': files['flows/home.yaml'].replace('- go: Index', '- go: NoSuchStep') });
    expect(broken.status).toBe(200);
    expect(((await broken.json()) as { errors: Array<{ file: string }> }).errors).toEqual([expect.objectContaining({ file: 'flows/home.yaml' })]);
    expect(logs).not.toMatch(/check worker/);
  });

  it('without ALLOW_DEMO a production start is refused naming each missing setting; the compiled doctor says the same', async () => {
    const env = { NODE_ENV: 'production', DATA_DIR: dataDir, CONFIG_DIR: REPO, DIST_DIR: DIST, SKIP_CONFIG_CHECK: '1' };
    const start = await runBuilt('main.js', env, cwd);
    expect(start.code, start.out).toBe(1);
    for (const name of ['PUBLIC_URL', 'SESSION_SECRET', 'TOKEN_CLIENT_SECRET', 'WECHAT_APPID', 'WECHAT_SECRET', 'PAY_PROVIDER', 'WECHAT_MCH_ID', 'WECHAT_PAY_APIV3_KEY', 'WECHAT_PAY_PRIVATE_KEY_PATH', 'SMS_PROVIDER'])
      expect(start.out).toContain(name);
    expect(start.out).toContain('ALLOW_DEMO=1');
    expect(start.out).not.toMatch(/mode production/);
    const doctor = await runBuilt('doctor-cli.js', env, cwd);
    expect(doctor.code, doctor.out).toBe(1);
    expect(doctor.out).toContain('【微信支付（API v3）】');
    expect(doctor.out).toMatch(/结果：\d+ 个问题，生产环境将拒绝启动/);
  });
});
