/**
 * The studio's first admin and its page: production has no default password
 * (the first admin comes from STUDIO_ADMIN_USER/STUDIO_ADMIN_PASSWORD, a short
 * password refuses the start, a changed password is never overwritten
 * silently), the demo seed has admin / studio-demo-2026; dist/studio/ is served
 * at /studio/ under a CSP that allows 'unsafe-eval' there only.
 */
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/server/services/platform/config';
import { seedAll } from '../../src/server/seed/index';
import { ensureStudioAdmins } from '../../src/server/services/studio/admins';
import { STUDIO_CSP } from '../../src/server/plugins/studio-page';
import { FRAME_SCRIPT_HASH } from '../../src/server/plugins/ssr-frame';
import { freshStore, type TestStore } from './core-helpers';
import { killServers, startServer } from './process-helpers';
import { login, removeTmpDirs, startInstance, tmpDir, type StudioInstance } from './studio-helpers';

const stores: TestStore[] = [];
const instances: StudioInstance[] = [];
afterAll(async () => {
  killServers();
  for (const i of instances) await i.close().catch(() => undefined);
  for (const s of stores) await s.cleanup();
  removeTmpDirs();
});
const store = async () => {
  const s = await freshStore();
  stores.push(s);
  return s;
};

describe('the first admin', () => {
  it('the demo seed creates admin / studio-demo-2026', async () => {
    const s = await store();
    await seedAll(s.db, { records: false });
    const i = await startInstance(s.db);
    instances.push(i);
    expect((await login(i.app, 'admin', 'studio-demo-2026')).statusCode).toBe(200);
  });

  it('production: no admin without configuration (one line says how); STUDIO_ADMIN_* creates it, never overwrites a changed password, STUDIO_ADMIN_RESET=1 does on purpose', async () => {
    const s = await store();
    const logs: string[] = [];
    const prod = (env: Record<string, string>) => loadConfig({ NODE_ENV: 'production', ...env });
    await ensureStudioAdmins(s.db, prod({}), 1, (m) => logs.push(m));
    expect(logs).toEqual([expect.stringMatching(/^no studio admin: .*STUDIO_ADMIN_USER and STUDIO_ADMIN_PASSWORD \(at least 12 characters\)/)]);
    expect(await s.db.all('SELECT username FROM studio_admins')).toEqual([]);

    const env = { STUDIO_ADMIN_USER: 'chief', STUDIO_ADMIN_PASSWORD: 'correct horse battery' };
    await ensureStudioAdmins(s.db, prod(env), 2, (m) => logs.push(m));
    expect(logs.at(-1)).toBe('studio admin "chief" created from STUDIO_ADMIN_USER/STUDIO_ADMIN_PASSWORD');
    const hash = (await s.db.one<{ password_hash: string }>(`SELECT password_hash FROM studio_admins WHERE username = 'chief'`))!.password_hash;
    expect(hash).toMatch(/^scrypt\$16384\$8\$1\$[\w-]{22}\$[\w-]{43}$/);

    // the same env again: nothing to say; another password in the env: not applied, and said so
    const n = logs.length;
    await ensureStudioAdmins(s.db, prod(env), 3, (m) => logs.push(m));
    expect(logs.length).toBe(n);
    await ensureStudioAdmins(s.db, prod({ ...env, STUDIO_ADMIN_PASSWORD: 'another long password' }), 4, (m) => logs.push(m));
    expect(logs.at(-1)).toMatch(/exists with another password: STUDIO_ADMIN_PASSWORD NOT applied/);
    expect((await s.db.one<{ password_hash: string }>(`SELECT password_hash FROM studio_admins WHERE username = 'chief'`))!.password_hash).toBe(hash);

    await ensureStudioAdmins(s.db, prod({ ...env, STUDIO_ADMIN_PASSWORD: 'another long password', STUDIO_ADMIN_RESET: '1' }), 5, (m) => logs.push(m));
    expect(logs.at(-1)).toMatch(/password reset from STUDIO_ADMIN_PASSWORD \(STUDIO_ADMIN_RESET=1/);
    const i = await startInstance(s.db);
    instances.push(i);
    expect((await login(i.app, 'chief', 'correct horse battery')).statusCode).toBe(401);
    expect((await login(i.app, 'chief', 'another long password')).statusCode).toBe(200);
    // production never gets the demo admin
    expect(await s.db.one(`SELECT username FROM studio_admins WHERE username = 'admin'`)).toBeUndefined();
  });

  it('a password under 12 characters, or a name without a password, refuses the start with a clear message', async () => {
    expect(() => loadConfig({ STUDIO_ADMIN_USER: 'chief', STUDIO_ADMIN_PASSWORD: 'short-pass1' })).toThrow('STUDIO_ADMIN_PASSWORD must be at least 12 characters');
    expect(() => loadConfig({ STUDIO_ADMIN_USER: 'chief' })).toThrow(/STUDIO_ADMIN_USER and STUDIO_ADMIN_PASSWORD go together/);
    const s = await store();
    await expect(startServer({ ...s.env, STUDIO_ADMIN_USER: 'chief', STUDIO_ADMIN_PASSWORD: 'short' }, { timeoutMs: 30_000 })).rejects.toThrow(
      /server exited \(1\)[\s\S]*refusing to start: STUDIO_ADMIN_PASSWORD must be at least 12 characters/,
    );
  }, 60_000);
});

describe('the studio page', () => {
  let built: StudioInstance;
  let bare: StudioInstance;
  beforeAll(async () => {
    const s = await store();
    const dist = tmpDir('cf-studio-dist-');
    fs.writeFileSync(path.join(dist, 'index.html'), '<!doctype html><title>app</title>');
    fs.mkdirSync(path.join(dist, 'studio/assets'), { recursive: true });
    fs.writeFileSync(path.join(dist, 'studio/index.html'), '<!doctype html><title>studio</title>');
    fs.writeFileSync(path.join(dist, 'studio/assets/studio-abc123.js'), 'console.log(1)');
    built = await startInstance(s.db, { config: { distDir: dist } });
    bare = await startInstance(s.db, { config: { distDir: tmpDir('cf-studio-nodist-') } });
    instances.push(built, bare);
  });

  it('index.html for /studio, /studio/ and its own routes; hashed assets cached for a year; a missing asset is 404', async () => {
    for (const url of ['/studio', '/studio/', '/studio/versions/3']) {
      const r = await built.app.inject({ method: 'GET', url });
      expect(r.statusCode, url).toBe(200);
      expect(r.body, url).toContain('<title>studio</title>');
      expect(r.headers['cache-control'], url).toBe('no-cache');
    }
    const js = await built.app.inject({ method: 'GET', url: '/studio/assets/studio-abc123.js' });
    expect(js.statusCode).toBe(200);
    expect(js.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect((await built.app.inject({ method: 'GET', url: '/studio/assets/missing-1.js' })).statusCode).toBe(404);
  });

  it("'unsafe-eval' on /studio/ answers only: the examinee pages and the API keep the strict CSP", async () => {
    for (const url of ['/studio/', '/studio/assets/studio-abc123.js']) {
      const csp = String((await built.app.inject({ method: 'GET', url })).headers['content-security-policy']);
      expect(csp, url).toBe(STUDIO_CSP);
      expect(csp).toContain("script-src 'self' 'unsafe-eval'");
      expect(csp).toContain("frame-ancestors 'none'");
    }
    for (const url of ['/', '/config.json', '/app-config.json', '/api/studio/me']) {
      const csp = String((await built.app.inject({ method: 'GET', url })).headers['content-security-policy']);
      // 'self' and the one inline script's hash (the page's frame, ssr-frame.ts): nothing inline otherwise.
      expect(csp, url).toContain(`script-src 'self' ${FRAME_SCRIPT_HASH};`);
      expect(csp, url).not.toContain('unsafe-eval');
    }
    expect((await built.app.inject({ method: 'GET', url: '/' })).body).toContain('<title>app</title>');
  });

  it('without dist/studio/: 404 saying to run npm run build', async () => {
    for (const url of ['/studio', '/studio/', '/studio/assets/x.js']) {
      const r = await bare.app.inject({ method: 'GET', url });
      expect(r.statusCode, url).toBe(404);
      expect(r.headers['content-type']).toBe('text/plain; charset=utf-8');
      expect(r.body).toContain('npm run build');
    }
  });
});
