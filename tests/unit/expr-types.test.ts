/**
 * Issue 24: expressions are typed. Each refusal kind, on the repository's own
 * config with one mistake put in (as an admin would make it): the checker
 * reports it at the file, line and column of the mistake, in Chinese. Each of
 * these mistakes passed the checker before (a follow-up question that never
 * shows, a submit that fails on every phone).
 *
 * Positions are computed from the edited text (where the mistake was put), so
 * an unrelated edit of the flows does not move them.
 */
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { checkConfigFiles, formatErrors, readConfigFiles, readMetaSchema } from '../../src/engine/config/check';
import { registriesFor } from '../../src/server/config-registries';

const REPO = join(import.meta.dirname, '../..');
const BASE = readConfigFiles(REPO);
const REG = registriesFor(REPO);
const META = readMetaSchema();

type Edit = [file: string, from: string, to: string];

function check(...edits: Edit[]) {
  const files = { ...BASE };
  for (const [file, from, to] of edits) {
    if (!files[file]?.includes(from)) throw new Error(`${file} no longer has ${JSON.stringify(from)}: update the test`);
    files[file] = files[file].replace(from, to);
  }
  return { files, errors: checkConfigFiles(files, REG, META).errors };
}

/** Line and column (1-based) of `needle` in a file of the edited config (its first occurrence after `after`). */
function posOf(files: Record<string, string>, file: string, needle: string, after = ''): { line: number; column: number } {
  const start = after ? files[file].indexOf(after) : 0;
  const i = files[file].indexOf(needle, Math.max(start, 0));
  if (i < 0 || start < 0) throw new Error(`${needle} not in ${file}`);
  const before = files[file].slice(0, i).split('\n');
  return { line: before.length, column: before[before.length - 1].length + 1 };
}

/** Exactly one error at the needle's place whose reason contains `words`. */
function expectAt(r: ReturnType<typeof check>, file: string, needle: string, words: string, after = '') {
  const { line, column } = posOf(r.files, file, needle, after);
  const hits = r.errors.filter((e) => e.file === file && e.line === line && e.column === column && e.message.includes(words));
  expect(hits, `want ${file}:${line}:${column} ${words}\ngot:\n${formatErrors(r.errors)}`).toHaveLength(1);
  expect(hits[0].message).toMatch(/[\u4e00-\u9fff]/);
}

const HQ = 'schemas/forms/health-questionnaire.json';
const Q = 'flows/questionnaires.yaml';
const P = 'flows/personal.yaml';

describe('the repository config stays clean', () => {
  it('check-config has nothing to say about the typed config (no false alarm)', () => {
    expect(formatErrors(check().errors)).toBe('');
  });
});

describe('a value outside a field’s options', () => {
  it("x-visibleIf: form.chestPain == '有' when the options are 是/否: refused, with the options", () => {
    const r = check([HQ, '"properties": {\n', `"properties": {
    "chestPain": { "type": "string", "x-label": "胸痛", "x-widget": "radio", "enum": ["是", "否"] },
    "chestPainDetail": { "type": "string", "x-label": "胸痛的情况", "x-visibleIf": "form.chestPain == '有'" },
`]);
    expectAt(r, HQ, "'有'", `的 x-visibleIf：表达式里的 "form.chestPain" 只会是 '是'、'否' 之一，不会等于 '有'（条件永远不成立）（可以写：'是'、'否'）`);
  });

  it('a list filtered by a value its field never has: refused, with did-you-mean', () => {
    const r = check(['flows/approvals.yaml', "filter(data.list, 'isPay', 'T')", "filter(data.list, 'isPay', 't')"]);
    expectAt(r, 'flows/approvals.yaml', "'t'", `里的函数 "filter"：每一项的 'isPay' 只会是 'F'、'T'、'0' 之一，不会是 't'（是不是要写 "T"？）`);
  });
});

describe('a path that does not exist', () => {
  it('a form field (x-visibleIf of a nested field)', () => {
    const r = check([HQ, "form.diseases.diabetes.hasDiagnosed == '是'", "form.diseases.diabetes.hasDiagnosd == '是'"]);
    expectAt(r, HQ, 'form.diseases.diabetes.hasDiagnosd', `里的 "form.diseases.diabetes.hasDiagnosd" 不存在："form.diseases.diabetes" 没有字段 "hasDiagnosd"（是不是要写 "hasDiagnosed"？）`);
  });

  it('a widget option’s expression (a date’s min) reads the form’s own fields', () => {
    const r = check([HQ, '"properties": {\n', `"properties": {
    "since": { "type": "string", "format": "date", "x-label": "起始日期" },
    "until": { "type": "string", "format": "date", "x-label": "结束日期", "x-widget": "date", "x-options": { "min": "=form.diseases.diabetes.duratio" } },
`]);
    expectAt(r, HQ, 'form.diseases.diabetes.duratio', '"form.diseases.diabetes" 没有字段 "duratio"（是不是要写 "duration"？）');
  });

  it('a step’s data key nothing keeps or sets', () => {
    const r = check([P, "len(data.items) + '项'", "len(data.itemz) + '项'"]);
    expectAt(r, P, 'data.itemz', `里的 "data.itemz" 不存在："data" 没有字段 "itemz"（是不是要写 "items"？）（可以写：items、notice）`);
  });

  it("a list row's field (item, through a YAML alias: reported once, at the anchor)", () => {
    const r = check([P, 'note: "=item.clus_Note"', 'note: "=item.clus_note"']);
    expectAt(r, P, 'item.clus_note', `里的 "item.clus_note" 不存在："item" 没有字段 "clus_note"（是不是要写 "clus_Note"？）`);
  });

  it("a typed session key's field", () => {
    const r = check([P, '{ label: 套餐名称, value: "=session.chooseItem.clus_Name" }', '{ label: 套餐名称, value: "=session.chooseItem.clusName" }']);
    expectAt(r, P, 'session.chooseItem.clusName', `"session.chooseItem" 没有字段 "clusName"（是不是要写 "clus_Name"？）`);
  });

  it("a call's answer (result after the call)", () => {
    const r = check([P, 'session.order: "=result.returnData.ord"', 'session.order: "=result.returnData.order"']);
    expectAt(r, P, 'result.returnData.order', `"result.returnData" 没有字段 "order"（是不是要写 "ord"？）（可以写：ord、uid）`);
  });

  it('the start-up config', () => {
    const r = check([P, 'visibleIf: "=config.IsUsePay" }', 'visibleIf: "=config.isUsePay" }']);
    expectAt(r, P, 'config.isUsePay', `"config" 没有字段 "isUsePay"（是不是要写 "IsUsePay"？）`);
  });

  it('a member of a text', () => {
    const r = check([Q, 'body: { openId: "=session.openid", id: "=query.id" }', 'body: { openId: "=session.openid.value", id: "=query.id" }']);
    expectAt(r, Q, 'session.openid.value', `"session.openid" 是文字，没有字段 "value"`);
  });

  it('a set target below a form field that is not there', () => {
    const r = check([Q, 'form.basicInfo.phone:', 'form.basicInfo.tel:']);
    expectAt(r, Q, 'form.basicInfo.tel', `目标 "form.basicInfo.tel" 不存在："form.basicInfo" 没有字段 "tel"`);
  });

  it('a form.initial key that is not a field', () => {
    const r = check([P, '        idCard: "=session.user.idCard"\n', '        idcard: "=session.user.idCard"\n']);
    expectAt(r, P, 'idcard:', `的表单的初始值：目标 "form.idcard" 不存在："form" 没有字段 "idcard"（是不是要写 "idCard"？）`);
  });
});

describe('what a handler’s event holds (the screen kind’s payload)', () => {
  it('a calendar’s day event sends {date}: event.day is refused, with did-you-mean', () => {
    const r = check([P, 'body: { date_Time: "=event.date", type: "=session.type" }', 'body: { date_Time: "=event.dat", type: "=session.type" }']);
    expectAt(r, P, 'event.dat', `"event.dat" 不存在`);
    expect(formatErrors(r.errors)).toMatch(/是不是要写 "date"/);
  });

  it('a card list’s row: event.item’s fields are the list’s, a misspelt item is refused', () => {
    const r = check([P, '"event.item.marr_status == \'2\'', '"event.iten.marr_status == \'2\'']);
    expectAt(r, P, 'event.iten.marr_status', '"event.iten" 不存在："event" 没有字段 "iten"（是不是要写 "item"？）');
  });

  it('a menu tile sends nothing: event.item on a tile’s handler is refused', () => {
    const r = check(['flows/home.yaml', '        - sheet: forms/personal-popup.json\n', '        - set: { session.type: "=event.item.type" }\n        - sheet: forms/personal-popup.json\n']);
    expectAt(r, 'flows/home.yaml', 'event.item.type', '"event.item" 不存在："event" 没有字段 "item"');
  });

  it('every prop that names an event declares what it sends', async () => {
    const { readdirSync, readFileSync } = await import('node:fs');
    const dir = join(REPO, 'schemas/meta/screens');
    const missing: string[] = [];
    const walk = (n: unknown, at: string) => {
      if (!n || typeof n !== 'object') return;
      const o = n as Record<string, unknown>;
      if (o['x-ref'] === 'event' && !o['x-payload']) missing.push(at);
      for (const [k, v] of Object.entries(o)) walk(v, `${at}/${k}`);
    };
    for (const f of readdirSync(dir)) walk(JSON.parse(readFileSync(join(dir, f), 'utf8')), f);
    expect(missing).toEqual([]);
  });
});

describe('comparing what can never be equal', () => {
  it('a true/false with a text', () => {
    const r = check(['flows/home.yaml', `visibleIf: "=session.user.tag == '1'" }`, 'visibleIf: "=session.user.tag == true" }']);
    expectAt(r, 'flows/home.yaml', 'session.user.tag == true', `把 "session.user.tag"（文字） 和 true 用 "==" 比较：两边永远不会相等（条件永远不成立）`);
  });

  it('ordering a list', () => {
    const r = check([P, '=len(session.chooseItemPerson) > 0 ?', '=session.chooseItemPerson > 0 ?']);
    expectAt(r, P, 'session.chooseItemPerson > 0', `的 ">" 只能比较数字或文字，"session.chooseItemPerson"（列表（每项：一组键和值）） 不是（结果总是 false）`);
  });
});

describe('functions called wrongly', () => {
  it('too few arguments', () => {
    const r = check([P, 'start: "=addDays(today(), config.calendarStartDays)"', 'start: "=addDays(today())"']);
    expectAt(r, P, 'addDays(today())', `里的函数 "addDays" 要 2 个参数（addDays(date, days)），这里写了 1 个`);
  });

  it('an argument of the wrong kind (an app function too)', () => {
    const r = check([P, 'str(idCardSex(form.idCard))', 'str(idCardSex(session.chooseItem))']);
    expectAt(r, P, 'session.chooseItem))', `的函数 "idCardSex" 的第 1 个参数 idCard 应该是文字或数字，这里是一组键和值`);
  });

  it("a field name the list's rows do not have", () => {
    const r = check([P, "=map(data.blocked, 'comb_code')", "=map(data.blocked, 'comb_cod')"]);
    expectAt(r, P, "'comb_cod'", `里的函数 "map"：data.blocked 的每一项没有字段 'comb_cod'（是不是要写 "comb_code"？）（可以写：comb_code、comb_name）`);
  });
});

describe('names in a call body or an action’s params', () => {
  const save = (qid: string): Edit => [
    Q,
    'body: { openId: "=session.openid", occupationalDiseasesQs: "=toJson(form)", schemaId: occupational-questionnaire }',
    `body: { openId: "=session.openid", qid: ${qid}, answers: "=toJson(form)" }`,
  ];
  const toSave: Edit = [Q, '        - call: SaveGetQuestion\n          body: { openId: "=session.openid", occupationalDiseasesQs', '        - call: SaveQuestionnaire\n          body: { openId: "=session.openid", occupationalDiseasesQs'];

  it('SaveQuestionnaire with a qid the registry does not have: refused (every submit would fail)', () => {
    const r = check(toSave, save('helth'));
    expectAt(r, Q, 'helth', `的 "body" 里的 "qid"：问卷 "helth" 不在 flows/app.yaml 的 "questionnaires" 里，这样提交在手机上每次都会失败（是不是要写 "health"？）（可以写：health）`);
  });

  it('SaveQuestionnaire with a questionnaire owned by exam numbers: refused', () => {
    const r = check(toSave, save('occupational'));
    expectAt(r, Q, 'occupational,', `问卷 "occupational" 的答案属于体检号（owner: regno），服务器不接受用这个接口按用户保存它`);
  });

  it('SaveQuestionnaire from a step showing another form: refused', () => {
    const r = check(toSave, save('health'));
    expectAt(r, Q, 'health,', `问卷 "health" 的答案按 schemas/forms/health-questionnaire.json 检查，但这一步显示的表单是 schemas/forms/occupational-questionnaire.json`);
  });

  it('a schemaId that is no form', () => {
    const r = check([Q, 'schemaId: occupational-questionnaire', 'schemaId: occupational']);
    expectAt(r, Q, 'occupational }', `的 "body" 里的 "schemaId"：表单 "occupational" 不存在（要写 schemas/ 下某个表单的文件名，不带文件夹和 .json）`);
  });

  it('clearDraft of a draft no form keeps', () => {
    const r = check([Q, 'params: { key: occupationalQs }', 'params: { key: occupationalQS }']);
    expectAt(r, Q, 'occupationalQS', `的 "params" 里的 "key"：没有哪个步骤的表单用草稿 "occupationalQS"（表单的 "draft"）（是不是要写 "occupationalQs"？）`);
  });
});

describe('session types', () => {
  it('a value of another kind written into a typed key', () => {
    const r = check([P, 'then: [ { set: { session.marital: "2" } } ]', 'then: [ { set: { session.marital: 2 } } ]']);
    expectAt(r, P, 'session.marital: 2', `"session.marital" 应该是文字（"1"、"2" 之一），这里给的是数字`);
  });

  it('a map with a field the key’s type does not have', () => {
    const r = check(['flows/home.yaml', 'hospAddr: "=event.item.hospAddr"', 'hospAdr: "=event.item.hospAddr"']);
    expectAt(r, 'flows/home.yaml', 'session.hospInfo:', `"session.hospInfo" 写了它没有的字段 "hospAdr"（是不是要写 "hospAddr"？）`);
  });

  it('a declared type naming no type of the contract', () => {
    const r = check(['flows/app.yaml', 'user: { type: UserInfo,', 'user: { type: UserInf,']);
    expectAt(r, 'flows/app.yaml', 'UserInf,', `flows/app.yaml 的 session "user" 的类型：不认识的类型 "UserInf"（是不是要写 "UserInfo"？）`);
  });
});
