/**
 * flows/messages.yaml tells the truth: every key is shown somewhere (an action,
 * a message prop, or the app itself) and every key a flow names exists.
 */
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { checkConfig, formatErrors } from '../../src/engine/config/check';
import { registriesFor } from '../../src/server/config-registries';

const REPO = process.cwd();
const dirs: string[] = [];
function copy(): string {
  const dir = mkdtempSync(join(tmpdir(), 'cf-msg-'));
  dirs.push(dir);
  cpSync(join(REPO, 'flows'), join(dir, 'flows'), { recursive: true });
  cpSync(join(REPO, 'schemas'), join(dir, 'schemas'), { recursive: true });
  return dir;
}
afterAll(() => dirs.forEach((d) => rmSync(d, { recursive: true, force: true })));

describe("the repository's messages", () => {
  it('a server text the server does not answer with is refused at its line', async () => {
    const dir = copy();
    const msgFile = join(dir, 'flows/messages.yaml');
    writeFileSync(msgFile, readFileSync(msgFile, 'utf8').replace('    dayBefore: 请至少提前一天预约', '    dayBefor: 请至少提前一天预约'));
    const { errors } = await checkConfig(dir, registriesFor(dir));
    expect(formatErrors(errors)).toMatch(/^flows\/messages\.yaml:\d+:5 {2}服务器文字 "orders.dayBefor" 不是服务器会用到的（是不是要写 "orders.dayBefore"？），写了不起作用 {2}\[server\.orders\.dayBefor\]$/);
  });

  it('has no unused and no unknown key', async () => {
    const { errors } = await checkConfig(REPO, registriesFor(REPO));
    expect(formatErrors(errors)).toBe('');
  });

  it('a key nobody shows, and a key a flow names that is missing, are each reported at their line', async () => {
    const dir = copy();
    const msgFile = join(dir, 'flows/messages.yaml');
    writeFileSync(msgFile, readFileSync(msgFile, 'utf8').replace('  paySuccess: 支付成功\n', '  paySuccess: 支付成功\n  paySuccessOld: 付款成功\n'));
    const flow = join(dir, 'flows/personal.yaml');
    const text = readFileSync(flow, 'utf8');
    expect(text).toContain('syncOk');
    writeFileSync(flow, text.replace('syncOk', 'syncOK'));
    const { errors } = await checkConfig(dir, registriesFor(dir));
    const lines = formatErrors(errors).split('\n');
    expect(lines).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^flows\/messages\.yaml:\d+:3 {2}提示文字 "paySuccessOld" 没有地方显示/),
        expect.stringMatching(/^flows\/personal\.yaml:\d+:\d+ {2}.*用到的提示文字 "syncOK" 不存在/),
      ]),
    );
  });
});
