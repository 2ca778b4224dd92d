import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { checkConfig, fallbackRegistries, formatErrors, META_SCHEMA_PATH } from '../../src/engine/config/check';
import { assembleConfig, checkLoaded, parseSource } from '../../src/engine/config';
import { fixtureRegistries } from '../fixtures/registries';

const FIX = join(import.meta.dirname, '../fixtures');
const broken = (name: string) => join(FIX, 'config-broken', name);
const meta = JSON.parse(readFileSync(META_SCHEMA_PATH, 'utf8')) as object;

describe('checkConfig: the good fixture', () => {
  it('has no errors and loads every flow, step and schema', async () => {
    const { errors, config } = await checkConfig(join(FIX, 'config-good'), fixtureRegistries);
    expect(formatErrors(errors)).toBe('');
    expect(Object.keys(config.flows).sort()).toEqual(['booking', 'system']);
    expect(Object.keys(config.steps)).toHaveLength(7);
    expect(config.steps.PersonIndex).toMatchObject({ flow: 'booking', file: 'flows/booking.yaml', route: '/PersonIndex' });
    expect(Object.keys(config.schemas).sort()).toEqual(['forms/code.json', 'forms/order.json', 'questionnaires/mini.json']);
    expect(config.app.start).toBe('Index');
    expect(config.messages.paid).toBe('支付成功');
  });
});

// [fixture, file, line, column, message substring]: exactly one error each.
const ONE: Array<[string, string, number, number, string]> = [
  ['yaml-syntax', 'flows/booking.yaml', 22, 1, 'YAML 格式错误'],
  ['json-syntax', 'schemas/forms/order.json', 4, 3, 'JSON 格式错误：少了逗号，或者括号没有配对'],
  ['unknown-key', 'flows/booking.yaml', 43, 5, '步骤 "PersonOrders"：不认识的键 "titel"（是不是要写 "title"？）'],
  ['unknown-go', 'flows/booking.yaml', 40, 15, '步骤 "PersonIndex" 的事件 "select" 的第 3 个动作："go" 指向的步骤 "PersonOrder" 不存在（是不是要写 "PersonOrders"？）'],
  ['duplicate-route', 'flows/system.yaml', 26, 12, '步骤 "Notice" 的网址：路径 "/PersonIndex" 已经被步骤 "PersonIndex"（flows/booking.yaml）用了'],
  ['unknown-call', 'flows/booking.yaml', 25, 15, '步骤 "PersonIndex" 进入页面时的第 1 个动作：接口 "GetClusItemLst" 不存在（是不是要写 "GetClusItemList"？）'],
  ['unknown-screen', 'flows/system.yaml', 28, 13, '步骤 "Notice"：页面类型 "htm" 不存在（是不是要写 "html"？）'],
  ['unknown-message', 'flows/booking.yaml', 28, 29, '步骤 "PersonIndex" 进入页面时的第 1 个动作的 "onError" 里的第 1 个动作："alert" 用到的提示文字 "systemBusyy" 不存在（是不是要写 "systemBusy"？），请在 flows/messages.yaml 里添加'],
  ['missing-schema', 'flows/booking.yaml', 46, 15, '步骤 "PersonOrders" 的表单："schema" 指向的文件 "schemas/forms/orders.json" 不存在'],
  ['unknown-widget', 'schemas/forms/order.json', 6, 64, '控件 "radios" 不存在（是不是要写 "radio"？）'],
  // Column inside the quoted expression: the unclosed "(" is reported where jsep gave up.
  ['expr-parse', 'flows/booking.yaml', 35, 72, '步骤 "PersonIndex" 的事件 "select" 的第 1 个动作的 "if"：表达式写得不对：括号 "(" 没有配对的 ")"'],
  ['unknown-root', 'flows/booking.yaml', 30, 16, '步骤 "PersonIndex" 的页面设置 "items"：表达式里的 "dta" 不认识（是不是要写 "data"？）'],
  ['undeclared-session-key', 'flows/booking.yaml', 35, 49, '步骤 "PersonIndex" 的事件 "select" 的第 1 个动作的 "if"：flows/app.yaml 的 "session" 里没有声明 "marial"（是不是要写 "marital"？）'],
  ['unknown-function', 'flows/booking.yaml', 55, 48, '步骤 "PersonOrders" 的事件 "submit" 的第 2 个动作的 "body"：表达式里的函数 "fmtMony" 不存在'],
  ['unreachable', 'flows/system.yaml', 25, 3, '步骤 "Orphan" 到达不了'],
  ['invoke-outcome', 'flows/booking.yaml', 64, 17, '步骤 "PersonOrders" 的事件 "submit" 的第 2 个动作的 "then" 里的第 2 个动作：功能 "pay" 没有结果 "canceled"（是不是要写 "cancel"？）'],
  ['props-event', 'flows/booking.yaml', 31, 20, '步骤 "PersonIndex" 的页面设置 "selectEvent"：事件 "choose" 在 "on" 里没有处理，请在 "on" 里添加 "choose"'],
  ['two-action-keys', 'flows/booking.yaml', 20, 11, '步骤 "Index" 的按钮 "通知"（事件 "notice"）的第 1 个动作：一项只能写一个动作，这里有 "go" 和 "alert"'],
  ['message-params', 'flows/booking.yaml', 58, 22, '步骤 "PersonOrders" 的事件 "submit" 的第 2 个动作的 "then" 里的第 1 个动作：提示文字 "welcome" 里有 {name}，但这个动作的 "params" 里没有写 "name"'],
  // form schemas: what Ajv (strict: false) lets through
  ['schema-keyword', 'schemas/forms/order.json', 5, 33, '字段 "name"：不认识的 JSON Schema 关键字 "maxLenght"（是不是要写 "maxLength"？），程序会忽略它'],
  ['form-keyword', 'schemas/forms/order.json', 5, 70, '字段 "name"：不认识的表单关键字 "x-lable"（是不是要写 "x-label"？）'],
  ['required-not-field', 'schemas/forms/order.json', 3, 24, '整张表单："required" 里的 "tpye" 不是这里的字段（这里的字段：name、sex、birth）'],
  ['required-in-then', 'schemas/forms/order.json', 14, 79, '整张表单（then）："required" 里的 "brith" 不是这里的字段（是不是要写 "birth"？）'],
  ['order-names', 'schemas/forms/order.json', 3, 23, '"x-order" 里的 "sexx" 不是这里的字段（是不是要写 "sex"？）'],
  ['unused-message', 'flows/messages.yaml', 6, 3, '提示文字 "payLater" 没有地方显示：没有哪个动作、页面或应用本身用到它'],
  // widget options
  ['widget-option', 'schemas/forms/order.json', 6, 88, '字段 "sex"：控件 "radio" 没有选项 "inline"，写了不起作用（这个控件没有可写的选项）'],
  ['widget-option-kind', 'schemas/forms/code.json', 5, 104, '字段 "code"：控件 "code" 的选项 "countdown" 应该是数字（例如 60），现在写的是 "60s"'],
  ['form-event', 'schemas/forms/order.json', 6, 78, '字段 "code"：按钮的事件 "sendCode" 在步骤 "PersonOrders"（flows/booking.yaml）的 "on" 里没有处理，按钮点了没反应，请在这个步骤的 "on" 里添加 "sendCode"'],
  // question banks
  ['bank-unknown-key', 'schemas/questionnaires/mini.json', 9, 140, '问题 "您有以下哪些疾病？" 的 "answers" 第 3 项：不认识的键 "exclusiv"（是不是要写 "exclusive"？）'],
  ['bank-wt-type', 'schemas/questionnaires/mini.json', 8, 57, '问题 "每天吸烟几支？" 的 "wt_type"：应该是 "A"、"B"、"C" 之一'],
  ['bank-duplicate-id', 'schemas/questionnaires/mini.json', 9, 19, '问题 "您有以下哪些疾病？"：code "Q1" 已被另一道主问题用了（第 7 行）'],
  ['bank-exclusive-single', 'schemas/questionnaires/mini.json', 7, 145, '选项 "不吸烟"：只有多选题（type 2）的选项才能设为排他（"exclusive"）'],
  ['bank-no-options', 'schemas/questionnaires/mini.json', 9, 9, '问题 "您有以下哪些疾病？"：选择题要有选项（"answers"）'],
];

describe('checkConfig: broken fixtures, one breakage each', () => {
  it('every reason is Chinese: no English sentence reaches the admin', async () => {
    const dirs = [...new Set([...ONE.map(([name]) => name), 'bank-isnext', 'duplicate-step', 'multi'])];
    for (const name of dirs) {
      const { errors } = await checkConfig(broken(name), fixtureRegistries);
      for (const e of errors) {
        // A syntax error keeps the parser's own detail after the Chinese lead.
        const words = e.message.replace(/^(YAML|JSON) 格式错误：.*$/s, '$1 格式错误');
        expect(words, name).toMatch(/[\u4e00-\u9fff]/);
        expect(words, name).not.toMatch(/\b(must|unknown|names|did you mean|is not|missing|step|field|question|option)\b/);
      }
    }
  }, 60_000);


  it.each(ONE)('%s', async (name, file, line, column, text) => {
    const { errors } = await checkConfig(broken(name), fixtureRegistries);
    expect(errors, formatErrors(errors)).toHaveLength(1);
    expect(errors[0]).toMatchObject({ file, line, column });
    expect(errors[0].message).toContain(text);
  });

  it('an isNext that pulls in nothing is reported, and so is the follow-up it left unasked', async () => {
    const { errors } = await checkConfig(broken('bank-isnext'), fixtureRegistries);
    expect(errors.map((e) => [e.file, e.line, e.column])).toEqual([['schemas/questionnaires/mini.json', 7, 107], ['schemas/questionnaires/mini.json', 8, 19]]);
    expect(errors[0].message).toContain('选项 "吸烟"："isNext" 写的是 "Q1B"，但没有 code 是它的追问题（wt_type 为 B 或 C）（是不是要写 "Q1A"？）');
    expect(errors[1].message).toContain('问题 "每天吸烟几支？"：这是追问题（wt_type B），但没有哪个选项的 "isNext" 指向它，所以永远不会问到');
  });

  it('duplicate step ids are reported at both places', async () => {
    const { errors } = await checkConfig(broken('duplicate-step'), fixtureRegistries);
    expect(errors.map((e) => [e.file, e.line, e.column])).toEqual([['flows/booking.yaml', 70, 3], ['flows/system.yaml', 25, 3]]);
    expect(errors[0].message).toBe('步骤名 "Paid" 重复了（另一处在 flows/system.yaml:25）');
    expect(errors[1].message).toBe('步骤名 "Paid" 重复了（另一处在 flows/booking.yaml:70）');
  });

  it('reports every error at once, sorted by file then line', async () => {
    const { errors } = await checkConfig(broken('multi'), fixtureRegistries);
    expect(formatErrors(errors).split('\n').map((l) => l.split('  ')[0])).toEqual([
      'flows/booking.yaml:25:15', 'flows/booking.yaml:40:15', 'flows/system.yaml:28:13', 'schemas/forms/order.json:6:64',
    ]);
    expect(formatErrors(errors)).toMatch(/^flows\/booking\.yaml:25:15 {2}步骤 "PersonIndex" 进入页面时的第 1 个动作：接口 "GetClusItemLst" 不存在.* {2}\[load\[0\]\.call\]$/m);
  });
});

/** In-memory config: parse the given files and check them (the pure path the browser could use). */
// Small configs: the unused-message check is left out (registries without `messages`).
function checkFiles(files: Record<string, string>) {
  const loaded = assembleConfig(Object.entries(files).map(([f, t]) => parseSource(f, t)));
  return checkLoaded(loaded, { ...fixtureRegistries, messages: undefined }, meta);
}
const APP = 'start: A\nlogin: A\nsession:\n  user: { type: object }\n';
const MSG = 'messages:\n  hi: 你好\n';

describe('checkLoaded (pure, in memory)', () => {
  it('unknown key in app.yaml, with position of the key', () => {
    const e = checkFiles({ 'flows/app.yaml': APP + 'strat: A\n', 'flows/messages.yaml': MSG, 'flows/f.yaml': 'flow: f\nsteps:\n  A: { route: /a, auth: false, screen: html }\n' });
    expect(e).toEqual([{ file: 'flows/app.yaml', line: 5, column: 1, message: '文件最外层：不认识的键 "strat"（是不是要写 "start"？）', raw: 'strat' }]);
  });

  it('route must start with /, required keys, modifiers and set targets', () => {
    const flow = [
      'flow: f', 'steps:', '  A:', '    route: a', '    screen: html', '    load:',
      '      - toast: hi', '        icn: fail', '      - set: { query.x: 1, session.nope: 2 }', '      - back: 0',
      '      - switch: [ { when: "1 +", do: [ { stop: true } ] } ]',
    ].join('\n');
    const e = checkFiles({ 'flows/app.yaml': APP, 'flows/messages.yaml': MSG, 'flows/f.yaml': flow });
    const lines = formatErrors(e).split('\n');
    expect(lines).toEqual([
      'flows/f.yaml:3:3  步骤 "A"：缺少必须写的键 "auth"',
      // The place in words; the path as written after it, in brackets (issue 25).
      'flows/f.yaml:4:12  步骤 "A" 的网址：路径要以 "/" 开头  [route]',
      'flows/f.yaml:8:9  步骤 "A" 进入页面时的第 1 个动作："icn" 不是 "toast" 的选项（是不是要写 "icon"？）（可以写：icon、duration、params）  [load[0].icn]',
      'flows/f.yaml:9:16  步骤 "A" 进入页面时的第 2 个动作的 "set"：目标 "query.x" 应该写成 session.<键>、data.<键>、form.<键>、form 或 data  [load[1].set["query.x"]]',
      'flows/f.yaml:9:28  步骤 "A" 进入页面时的第 2 个动作的 "set"：flows/app.yaml 的 "session" 里没有声明 "nope"  [load[1].set["session.nope"]]',
      'flows/f.yaml:10:15  步骤 "A" 进入页面时的第 3 个动作的 "back"：应该是不小于 1 的整数  [load[2].back]',
      // The string starts at column 27; jsep gives up at its 4th character.
      'flows/f.yaml:11:31  步骤 "A" 进入页面时的第 4 个动作的 "switch" 第 1 种情况的条件：表达式写得不对："+" 后面缺少内容（表达式第 4 个字符）  [load[3].switch[0].when: 1 +]',
    ]);
  });

  it('props: x-expr, condition, message and step refs; app start/login must exist', () => {
    const flow = [
      'flow: f', 'steps:',
      '  A:', '    route: /a', '    auth: false', '    screen: menu', '    props:',
      '      tiles: [ { title: t, event: go, visibleIf: "nope(1)" } ]', '    on:', '      go: [ { go: B } ]',
      '  B:', '    route: /b', '    auth: false', '    screen: status', '    props: { text: bye, home: Zed }',
      '  C:', '    route: /c', '    auth: false', '    screen: cardList', '    entry: true', '    props: { items: 3 }',
    ].join('\n');
    const e = checkFiles({ 'flows/app.yaml': APP.replace('login: A', 'login: Login'), 'flows/messages.yaml': MSG, 'flows/f.yaml': flow });
    expect(formatErrors(e).split('\n')).toEqual([
      'flows/app.yaml:2:8  "login" 指向的步骤 "Login" 不存在  [login]',
      'flows/f.yaml:8:51  步骤 "A" 的页面设置 "tiles" 第 1 项的 "visibleIf"：表达式里的函数 "nope" 不存在（是不是要写 "now"？）  [props.tiles[0].visibleIf: nope(1)]',
      'flows/f.yaml:15:20  步骤 "B" 的页面设置："text" 用到的提示文字 "bye" 不存在，请在 flows/messages.yaml 里添加  [props.text]',
      'flows/f.yaml:15:31  步骤 "B" 的页面设置 "home"：步骤 "Zed" 不存在  [props.home]',
      'flows/f.yaml:21:21  步骤 "C" 的页面设置 "items"：应该是列表，现在写的是 3  [props.items]',
    ]);
  });

  it('a form schema that is not valid JSON Schema is reported', () => {
    const flow = 'flow: f\nsteps:\n  A: { route: /a, auth: false, screen: html }\n';
    const e = checkFiles({ 'flows/app.yaml': APP, 'flows/messages.yaml': MSG, 'flows/f.yaml': flow, 'schemas/forms/x.json': '{ "type": "objec" }' });
    expect(e).toHaveLength(1);
    // At the keyword, in Chinese (issue 24; before: Ajv's English at 1:1).
    expect(e[0]).toMatchObject({ file: 'schemas/forms/x.json', line: 1, column: 11 });
    expect(e[0].message).toMatch(/^整张表单："type" 写的是 "objec"，不是 JSON Schema 的类型（是不是要写 "object"？）/);
  });

  it("the flow format's rules read in Chinese too: names, empty values and lists, kinds, fixed values", () => {
    const flow = [
      'flow: 1f', 'steps:', '  A:', '    route: /a', '    auth: maybe', '    screen: html',
      '    form: { schema: forms/x.json, choices: [], readOnlyIf: "" }', '    load:', '      - validate: false',
      '  2B: { route: /b, auth: false, screen: html, entry: true }',
    ].join('\n');
    const e = checkFiles({ 'flows/app.yaml': APP, 'flows/messages.yaml': MSG, 'flows/f.yaml': flow, 'schemas/forms/x.json': '{ "type": "object" }' });
    expect(formatErrors(e).split('\n')).toEqual([
      'flows/f.yaml:1:7  "flow"：要以英文字母开头，只用英文字母、数字、_ 和 -  [flow]',
      'flows/f.yaml:5:11  步骤 "A" 的 "auth"：应该是 true 或 false，现在写的是 "maybe"（说明：true：需要登录（微信授权）才能打开）  [auth]',
      'flows/f.yaml:7:44  步骤 "A" 的表单的 "choices"：列表里至少要有一项  [form.choices]',
      'flows/f.yaml:7:60  步骤 "A" 的表单的只读条件：不能是空的  [form.readOnlyIf]',
      'flows/f.yaml:7:61  步骤 "A" 的表单的只读条件：表达式是空的  [form.readOnlyIf]',
      'flows/f.yaml:9:19  步骤 "A" 进入页面时的第 1 个动作的 "validate"：应该是 true  [load[0].validate]',
      'flows/f.yaml:10:3  "steps"：名字 "2B" 不能用（要以英文字母开头，只用英文字母、数字和 _）',
    ]);
  });

  it('missing app.yaml and messages.yaml are errors', () => {
    const e = checkFiles({ 'flows/f.yaml': 'flow: f\nsteps: {}\n' });
    expect(e.map((x) => `${x.file} ${x.message}`)).toEqual(['flows/app.yaml 缺少这个文件', 'flows/messages.yaml 缺少这个文件']);
  });
});

describe('registries fallback', () => {
  it('builds calls from the contract and screens from schemas/meta/screens', () => {
    const r = fallbackRegistries(join(FIX, 'config-good'));
    expect(r.calls).toContain('GetClusItemList');
    expect(r.screens).toEqual({});
  });
});
