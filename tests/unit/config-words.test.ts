/**
 * Config mistakes read as an admin would want them: a wrong kind of value in
 * words with an example, one report per mistake even when a YAML anchor reuses
 * the mistaken text in several steps.
 */
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { checkConfig, formatErrors } from '../../src/engine/config/check';
import { registriesFor } from '../../src/server/config-registries';

const REPO = process.cwd();
const dirs: string[] = [];
function copyWith(file: string, from: string, to: string): string {
  const dir = mkdtempSync(join(tmpdir(), 'cf-words-'));
  dirs.push(dir);
  cpSync(join(REPO, 'flows'), join(dir, 'flows'), { recursive: true });
  cpSync(join(REPO, 'schemas'), join(dir, 'schemas'), { recursive: true });
  const p = join(dir, file);
  const text = readFileSync(p, 'utf8');
  expect(text).toContain(from);
  writeFileSync(p, text.replace(from, to));
  return dir;
}
afterAll(() => dirs.forEach((d) => rmSync(d, { recursive: true, force: true })));

async function lines(dir: string): Promise<string[]> {
  const { errors } = await checkConfig(dir, registriesFor(dir));
  return formatErrors(errors).split('\n').filter(Boolean);
}

describe('config mistakes in words', () => {
  it('a wrong kind of value says what it must be, what it is, and what the prop is for', async () => {
    const dir = copyWith('flows/home.yaml', 'autoplay: "=const.bannerAutoplayMs"', 'autoplay: 5s');
    expect(await lines(dir)).toEqual([
      expect.stringMatching(/^flows\/home\.yaml:\d+:\d+ {2}步骤 "Index" 的页面设置 "autoplay"：应该是数字或 =表达式，现在写的是 "5s"（说明：轮播间隔，单位毫秒；0 表示不自动轮播） {2}\[props\.autoplay\]$/),
    ]);
  });

  it('a mistake inside a YAML anchor reused by four steps is reported once, at the anchor, naming the others', async () => {
    const dir = copyWith('flows/personal.yaml', "event.item.marr_status == '2' && session.marital == '1'", "event.item.marr_status == '2' && session.marial == '1'");
    const out = await lines(dir);
    expect(out).toHaveLength(1);
    expect(out[0]).toMatch(/^flows\/personal\.yaml:34:\d+ {2}步骤 "\w+" 的事件 "select" 的第 1 个动作的 "if"：flows\/app\.yaml 的 "session" 里没有声明 "marial".*（通过 YAML 别名，步骤 \w+、\w+、\w+ 也用到这里） {2}\[on\.select\[0\]\.if: .*session\.marial == '1'\]$/);
  });
});
