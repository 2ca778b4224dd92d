/**
 * The server refuses to start on a broken config and prints every problem as
 * file:line:column — the same report as `npm run check-config`.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const REPO = path.resolve(__dirname, '../..');

function run(cmd: string[], env: Record<string, string>) {
  return spawnSync(process.execPath, ['--import', 'tsx', ...cmd], {
    cwd: REPO,
    env: { ...process.env, ...env, SKIP_CONFIG_CHECK: '' },
    encoding: 'utf8',
    timeout: 60_000,
  });
}

describe('server start with a broken config', () => {
  it('exits 1 with file:line:column for each error, as check-config does', () => {
    const configDir = path.join(REPO, 'tests/fixtures/config-broken/multi');
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'checkup-refuse-'));
    const server = run(['src/server/main.ts'], { CONFIG_DIR: configDir, DATA_DIR: dataDir, PORT: '0', TEST_DB: '' , DATABASE_URL: '' });
    const cli = run(['src/server/check-config-cli.ts', configDir], {});
    expect(server.status).toBe(1);
    expect(cli.status).toBe(1);
    const lines = (s: string) => s.split('\n').filter((l) => /^[\w/.-]+:\d+:\d+/.test(l));
    const serverLines = lines(server.stderr);
    expect(serverLines.length).toBeGreaterThanOrEqual(2);
    expect(serverLines).toEqual(lines(cli.stdout + cli.stderr));
    // nothing was listening: no "listening" log line
    expect(server.stdout).not.toMatch(/Server listening/);
  });

  it('starts on the repository config', () => {
    const cli = run(['src/server/check-config-cli.ts'], {});
    expect(cli.stdout + cli.stderr).toMatch(/config OK/);
    expect(cli.status).toBe(0);
  });
});
