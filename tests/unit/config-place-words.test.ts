/**
 * Issue 25: the checker says where a problem is in words (事件 "notice" 的第 1
 * 个动作, 第 2 条跳转规则的条件, 表单, 页面设置 "tiles" 第 2 项的 "title"), not as a
 * path (`on.notice[0]`, `next[1].if`, `props.tiles[1].title`); the path (and an
 * expression) as written stays in the problem's `raw`, for the studio's hover
 * and the CLI.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { META_SCHEMA_PATH, formatErrors } from '../../src/engine/config/check';
import { assembleConfig, checkLoaded, parseSource } from '../../src/engine/config';
import { eventText, placeWords, rawPath } from '../../src/engine/config/place-words';
import { eventWords } from '../../src/studio/graph/edge-words';
import { fixtureRegistries } from '../fixtures/registries';

const meta = JSON.parse(readFileSync(META_SCHEMA_PATH, 'utf8')) as object;

function checkFiles(files: Record<string, string>) {
  const loaded = assembleConfig(Object.entries(files).map(([f, t]) => parseSource(f, t)));
  return checkLoaded(loaded, { ...fixtureRegistries, messages: undefined }, meta);
}

/** A programmer's path: `x[0]`, `on.x`, `next[`, `props.x`, `form.schema`, `load[`. */
const PATH = /\w+\[\d+\]|\bon\.\w|\bnext\[|\bprops\.\w|\bform\.(schema|initial|choices|readOnlyIf)\b|\bload\[/;

const FLOW = [
  'flow: f', 'steps:',
  '  A:', '    route: /a', '    auth: false', '    screen: menu', '    props:',
  '      tiles: [ { title: 立即预约, event: notice }, { title: 2, event: notice } ]',
  '    on:', '      notice: [ { goo: B } ]',
  '    next:', '      - { if: "true", go: B }', "      - { if: \"sesion.type == 'a'\", go: B }",
  '  B:', '    route: /b', '    auth: false', '    screen: html', '    form: { schema: forms/nope.json }',
].join('\n');

describe('problem texts name the place in words, the path stays in raw', () => {
  const errors = checkFiles({ 'flows/app.yaml': 'start: A\nlogin: A\n', 'flows/messages.yaml': 'messages: {}\n', 'flows/f.yaml': FLOW });
  const byRaw = (raw: string) => errors.find((e) => e.raw === raw);

  it('several broken places: no message has a path, each raw holds it', () => {
    expect(errors.length, formatErrors(errors)).toBeGreaterThanOrEqual(4);
    for (const e of errors) expect(e.message, formatErrors(errors)).not.toMatch(PATH);
    expect(errors.filter((e) => e.raw && PATH.test(e.raw)).length, formatErrors(errors)).toBeGreaterThanOrEqual(4);
  });

  it('an unknown action: the event named by the button that sends it', () => {
    expect(byRaw('on.notice[0].goo')?.message).toBe('步骤 "A" 的按钮 "立即预约"（事件 "notice"）的第 1 个动作：没有动作键（是不是要写 "go"？）（动作键：call、set、go、back、if、switch、confirm、alert、toast、delay、validate、sheet、invoke、next、stop）');
  });

  it('a bad rule condition: the words first, the whole expression in raw', () => {
    expect(byRaw("next[1].if: sesion.type == 'a'")?.message).toBe('步骤 "A" 的第 2 条跳转规则的条件：表达式里的 "sesion" 不认识（是不是要写 "session"？）（开头只能用：session、data、form、query、event、result、config、const、item）');
  });

  it('a missing form schema', () => {
    expect(byRaw('form.schema')?.message).toBe('步骤 "B" 的表单："schema" 指向的文件 "schemas/forms/nope.json" 不存在');
  });

  it('a bad props item', () => {
    expect(byRaw('props.tiles[1].title')?.message).toMatch(/^步骤 "A" 的页面设置 "tiles" 第 2 项的 "title"：应该是文字/);
  });

  it('the CLI prints the words, then the path as written in brackets', () => {
    expect(formatErrors(errors)).toContain('步骤 "B" 的表单："schema" 指向的文件 "schemas/forms/nope.json" 不存在  [form.schema]');
  });
});

describe('placeWords', () => {
  const props = { tiles: [{ text: '立即预约', event: 'notice' }] };
  it.each([
    [['on', 'notice', 0], '的按钮 "立即预约"（事件 "notice"）的第 1 个动作'],
    [['on', 'select', 2, 'go'], '的事件 "select" 的第 3 个动作的 "go"'],
    [['load', 0], '进入页面时的第 1 个动作'],
    [['load', 0, 'onError', 1], '进入页面时的第 1 个动作的 "onError" 里的第 2 个动作'],
    [['load', 3, 'switch', 0, 'when'], '进入页面时的第 4 个动作的 "switch" 第 1 种情况的条件'],
    [['on', 'pay', 0, 'on', 'ok', 1], '的事件 "pay" 的第 1 个动作的结果 "ok" 里的第 2 个动作'],
    [['next', 2, 'if'], '的第 3 条跳转规则的条件'],
    [['next', 2], '的第 3 条跳转规则'],
    [['form', 'schema'], '的表单的 schema 文件'],
    [['form', 'initial'], '的表单的初始值'],
    [['form', 'choices', 1], '的表单的第 2 个可选 schema 文件'],
    [['props'], '的页面设置'],
    [['props', 'tiles', 1, 'event'], '的页面设置 "tiles" 第 2 项的 "event"'],
    [['auth'], '的 "auth"'],
  ] as const)('%j', (path, words) => {
    expect(placeWords(path, props)).toBe(words);
  });

  it('rawPath writes the path as in the file', () => {
    expect(rawPath(['on', 'notice', 0, 'go'])).toBe('on.notice[0].go');
    expect(rawPath(['load', 1, 'set', 'form.x'])).toBe('load[1].set["form.x"]');
  });

  it('one eventText, shared with the flow graph', () => {
    expect(eventText(props, 'notice')).toBe('立即预约');
    expect(eventWords(props, 'notice')).toBe('点“立即预约”');
  });
});
