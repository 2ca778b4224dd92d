/**
 * A centre's edit goes live without a restart, and a bad edit never takes the
 * site down: the real server on a copy of the config, edited as an admin would.
 * SQLite store (the config does not depend on the store).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { killServers, startServer } from './process-helpers';

const REPO = path.resolve(__dirname, '../..');
const dirs: string[] = [];
afterAll(() => {
  killServers();
  for (const d of dirs) fs.rmSync(d, { recursive: true, force: true });
});

function tmp(prefix: string): string {
  const d = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  dirs.push(d);
  return d;
}

function copyConfig(): string {
  const dir = tmp('checkup-live-config-');
  fs.cpSync(path.join(REPO, 'flows'), path.join(dir, 'flows'), { recursive: true });
  fs.cpSync(path.join(REPO, 'schemas'), path.join(dir, 'schemas'), { recursive: true });
  return dir;
}

function edit(file: string, from: string, to: string): void {
  const text = fs.readFileSync(file, 'utf8');
  expect(text, `${file} holds ${from}`).toContain(from);
  fs.writeFileSync(file, text.replace(from, to));
}

async function served(base: string): Promise<{ version: string | null; messages: Record<string, string> }> {
  const r = await fetch(`${base}/app-config.json`);
  const j = (await r.json()) as { messages: Record<string, string> };
  return { version: r.headers.get('x-config-version'), messages: j.messages };
}

async function until<T>(f: () => Promise<T>, ok: (v: T) => boolean, ms = 15_000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const v = await f();
    if (ok(v) || Date.now() > end) return v;
    await new Promise((r) => setTimeout(r, 100));
  }
}

const env = (configDir: string, dataDir: string) => ({ CONFIG_DIR: configDir, DATA_DIR: dataDir, SKIP_CONFIG_CHECK: '', DATABASE_URL: '', TEST_DB: '' });

describe('live config', () => {
  it('an edit goes live without a restart; a broken edit keeps the last good config and logs every problem; fixing it goes live again', async () => {
    const configDir = copyConfig();
    const dataDir = tmp('checkup-live-data-');
    const s = await startServer(env(configDir, dataDir));
    const first = await served(s.base);
    expect(first.version).toMatch(/^[0-9a-f]{12}$/);
    expect(first.messages.paySuccess).toBe('支付成功');
    // every answer names the version (an open app compares it on its next step)
    expect((await fetch(`${s.base}/config.json`)).headers.get('x-config-version')).toBe(first.version);

    const messages = path.join(configDir, 'flows/messages.yaml');
    edit(messages, 'paySuccess: 支付成功', 'paySuccess: 支付成功，请按时到检');
    const second = await until(() => served(s.base), (v) => v.messages.paySuccess !== '支付成功');
    expect(second.messages.paySuccess).toBe('支付成功，请按时到检');
    expect(second.version).not.toBe(first.version);

    // a broken edit: the site keeps serving the last good version, the log says why, file:line:column
    edit(messages, 'paySuccess: 支付成功，请按时到检', 'paySuccess: [支付成功');
    await until(async () => s.output(), (o) => /config NOT reloaded/.test(o));
    expect(s.output()).toMatch(/config NOT reloaded, still serving version [0-9a-f]{12}/);
    expect(s.output()).toMatch(/flows\/messages\.yaml:\d+:\d+ {2}YAML 格式错误/);
    const during = await served(s.base);
    expect(during).toEqual(second);

    // the admin's reload call says the same, from the server's own machine
    const r = await fetch(`${s.base}/api/admin/reload-config`, { method: 'POST' });
    const body = (await r.json()) as { success: boolean; returnData: { version: string; errors: Array<{ file: string; line: number }> } };
    expect(body.success).toBe(false);
    expect(body.returnData.version).toBe(second.version);
    expect(body.returnData.errors[0]).toMatchObject({ file: 'flows/messages.yaml' });

    // fixed: live again
    edit(messages, 'paySuccess: [支付成功', 'paySuccess: 支付完成');
    const third = await until(() => served(s.base), (v) => v.messages.paySuccess === '支付完成');
    expect(third.messages.paySuccess).toBe('支付完成');
    s.proc.kill('SIGTERM');

    // a start on a broken config with a last good snapshot serves the snapshot and says so loudly
    edit(messages, 'paySuccess: 支付完成', 'paySuccess: [支付完成');
    const again = await startServer(env(configDir, dataDir));
    expect((await served(again.base)).messages.paySuccess).toBe('支付完成');
    expect(again.output()).toMatch(/SERVING THE LAST GOOD CONFIG/);
    expect(again.output()).toMatch(/flows\/messages\.yaml:\d+:\d+ {2}YAML 格式错误/);
    again.proc.kill('SIGTERM');
  }, 90_000);

  it('a start on a broken config with no last good one is refused, as before', async () => {
    const configDir = copyConfig();
    edit(path.join(configDir, 'flows/messages.yaml'), 'paySuccess: 支付成功', 'paySuccess: [支付成功');
    await expect(startServer(env(configDir, tmp('checkup-live-empty-')), { timeoutMs: 30_000 })).rejects.toThrow(/server exited \(1\)[\s\S]*flows\/messages\.yaml:\d+:\d+ {2}YAML 格式错误/);
  }, 60_000);
});
