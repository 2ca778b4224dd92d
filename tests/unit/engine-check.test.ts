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
  ['yaml-syntax', 'flows/booking.yaml', 22, 1, 'YAML syntax error'],
  ['json-syntax', 'schemas/forms/order.json', 4, 3, "JSON syntax error: Expected ','"],
  ['unknown-key', 'flows/booking.yaml', 43, 5, 'step "PersonOrders": unknown key "titel" (did you mean "title"?)'],
  ['unknown-go', 'flows/booking.yaml', 40, 15, 'step "PersonIndex" at on.select[2]: "go" names unknown step "PersonOrder" (did you mean "PersonOrders"?)'],
  ['duplicate-route', 'flows/system.yaml', 26, 12, 'route "/PersonIndex" is already used by step "PersonIndex"'],
  ['unknown-call', 'flows/booking.yaml', 25, 15, 'unknown call "GetClusItemLst" (did you mean "GetClusItemList"?)'],
  ['unknown-screen', 'flows/system.yaml', 28, 13, 'step "Notice": unknown screen kind "htm" (did you mean "html"?)'],
  ['unknown-message', 'flows/booking.yaml', 28, 29, '"alert" names unknown message "systemBusyy" (did you mean "systemBusy"?)'],
  ['missing-schema', 'flows/booking.yaml', 46, 15, '"schema" names missing schema file "schemas/forms/orders.json"'],
  ['unknown-widget', 'schemas/forms/order.json', 6, 64, 'unknown widget "radios" (did you mean "radio"?)'],
  // Column inside the quoted expression: the unclosed "(" is reported where jsep gave up.
  ['expr-parse', 'flows/booking.yaml', 35, 72, 'cannot parse expression: Unclosed ('],
  ['unknown-root', 'flows/booking.yaml', 30, 16, 'unknown name "dta" in expression "dta.packages.m" (did you mean "data"?)'],
  ['undeclared-session-key', 'flows/booking.yaml', 35, 49, 'session key "marial" is not declared in flows/app.yaml "session" (did you mean "marital"?)'],
  ['unknown-function', 'flows/booking.yaml', 55, 48, 'unknown function "fmtMony"'],
  ['unreachable', 'flows/system.yaml', 25, 3, 'step "Orphan" is unreachable'],
  ['invoke-outcome', 'flows/booking.yaml', 64, 17, 'effect "pay" has no outcome "canceled" (did you mean "cancel"?)'],
  ['props-event', 'flows/booking.yaml', 31, 20, 'at props.selectEvent: event "choose" has no handler in "on"'],
  ['two-action-keys', 'flows/booking.yaml', 20, 11, 'one action per list item, found "go" and "alert"'],
  ['message-params', 'flows/booking.yaml', 58, 22, 'message "welcome" uses {name} but the action has no "params.name"'],
  // form schemas: what Ajv (strict: false) lets through
  ['schema-keyword', 'schemas/forms/order.json', 5, 33, 'field "name": unknown schema keyword "maxLenght" (did you mean "maxLength"?); the engine ignores it'],
  ['form-keyword', 'schemas/forms/order.json', 5, 70, 'field "name": unknown form keyword "x-lable" (did you mean "x-label"?)'],
  ['required-not-field', 'schemas/forms/order.json', 3, 24, 'the form: "required" names "tpye", which is not a field here (fields: name, sex, birth)'],
  ['required-in-then', 'schemas/forms/order.json', 14, 79, 'the form (then): "required" names "brith", which is not a field here (did you mean "birth"?)'],
  ['order-names', 'schemas/forms/order.json', 3, 23, '"x-order" names "sexx", which is not a field here (did you mean "sex"?)'],
  ['unused-message', 'flows/messages.yaml', 6, 3, 'message "payLater" is never shown: no action, screen or app text names it'],
  // widget options
  ['widget-option', 'schemas/forms/order.json', 6, 88, 'field "sex": widget "radio" has no option "inline", so it would do nothing (options: none)'],
  ['widget-option-kind', 'schemas/forms/code.json', 5, 104, 'field "code": option "countdown" of widget "code" must be a number, e.g. 60, not "60s"'],
  ['form-event', 'schemas/forms/order.json', 6, 78, 'field "code": the button\'s event "sendCode" has no handler in step "PersonOrders" (flows/booking.yaml), so the button would do nothing (add on.sendCode to the step)'],
  // question banks
  ['bank-unknown-key', 'schemas/questionnaires/mini.json', 9, 140, 'question "您有以下哪些疾病？" at answers.2: unknown key "exclusiv" (did you mean "exclusive"?)'],
  ['bank-wt-type', 'schemas/questionnaires/mini.json', 8, 57, 'question "每天吸烟几支？" at wt_type: must be one of "A", "B", "C"'],
  ['bank-duplicate-id', 'schemas/questionnaires/mini.json', 9, 19, 'question "您有以下哪些疾病？": code "Q1" is used by another main question (line 7)'],
  ['bank-exclusive-single', 'schemas/questionnaires/mini.json', 7, 145, 'option "不吸烟": only an option of a multiple-choice question (type 2) can exclude the others'],
  ['bank-no-options', 'schemas/questionnaires/mini.json', 9, 9, 'question "您有以下哪些疾病？": a choice question needs options ("answers")'],
];

describe('checkConfig: broken fixtures, one breakage each', () => {
  it.each(ONE)('%s', async (name, file, line, column, text) => {
    const { errors } = await checkConfig(broken(name), fixtureRegistries);
    expect(errors, formatErrors(errors)).toHaveLength(1);
    expect(errors[0]).toMatchObject({ file, line, column });
    expect(errors[0].message).toContain(text);
  });

  it('an isNext that pulls in nothing is reported, and so is the follow-up it left unasked', async () => {
    const { errors } = await checkConfig(broken('bank-isnext'), fixtureRegistries);
    expect(errors.map((e) => [e.file, e.line, e.column])).toEqual([['schemas/questionnaires/mini.json', 7, 107], ['schemas/questionnaires/mini.json', 8, 19]]);
    expect(errors[0].message).toContain('option "吸烟": "isNext" names "Q1B", but no follow-up question (wt_type B or C) has that code (did you mean "Q1A"?)');
    expect(errors[1].message).toContain('question "每天吸烟几支？": a follow-up (wt_type B) that no answer\'s "isNext" pulls in, so it is never asked');
  });

  it('duplicate step ids are reported at both places', async () => {
    const { errors } = await checkConfig(broken('duplicate-step'), fixtureRegistries);
    expect(errors.map((e) => [e.file, e.line, e.column])).toEqual([['flows/booking.yaml', 70, 3], ['flows/system.yaml', 25, 3]]);
    expect(errors[0].message).toBe('step id "Paid" is defined more than once (also at flows/system.yaml:25)');
    expect(errors[1].message).toBe('step id "Paid" is defined more than once (also at flows/booking.yaml:70)');
  });

  it('reports every error at once, sorted by file then line', async () => {
    const { errors } = await checkConfig(broken('multi'), fixtureRegistries);
    expect(formatErrors(errors).split('\n').map((l) => l.split('  ')[0])).toEqual([
      'flows/booking.yaml:25:15', 'flows/booking.yaml:40:15', 'flows/system.yaml:28:13', 'schemas/forms/order.json:6:64',
    ]);
    expect(formatErrors(errors)).toMatch(/^flows\/booking\.yaml:25:15 {2}step "PersonIndex" at load\[0\]: unknown call/);
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
    expect(e).toEqual([{ file: 'flows/app.yaml', line: 5, column: 1, message: 'file: unknown key "strat" (did you mean "start"?)' }]);
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
      'flows/f.yaml:3:3  step "A": missing required key "auth"',
      'flows/f.yaml:4:12  step "A" at route: a route path must start with "/"',
      'flows/f.yaml:8:9  step "A" at load[0]: "icn" is not a modifier of "toast" (did you mean "icon"?) (allowed: icon, duration, params)',
      'flows/f.yaml:9:16  step "A" at load[1].set: target "query.x" must be session.<key>, data.<key>, form.<key>, form or data',
      'flows/f.yaml:9:28  step "A" at load[1].set: session key "nope" is not declared in flows/app.yaml "session"',
      'flows/f.yaml:10:15  step "A" at load[2].back: must be a whole number ≥ 1',
      // The string starts at column 27; jsep gives up at its 4th character.
      'flows/f.yaml:11:31  step "A" at load[3].switch[0].when: cannot parse expression: Expected expression after + (column 4)',
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
      'flows/app.yaml:2:8  "login" names unknown step "Login"',
      'flows/f.yaml:8:51  step "A" at props.tiles[0].visibleIf: unknown function "nope" in expression "nope(1)" (did you mean "now"?)',
      'flows/f.yaml:15:20  step "B": "props.text" names unknown message "bye" (add it to flows/messages.yaml)',
      'flows/f.yaml:15:31  step "B" at props.home: names unknown step "Zed"',
      'flows/f.yaml:21:21  step "C" at props.items: must be a list, not 3',
    ]);
  });

  it('a form schema that is not valid JSON Schema is reported', () => {
    const flow = 'flow: f\nsteps:\n  A: { route: /a, auth: false, screen: html }\n';
    const e = checkFiles({ 'flows/app.yaml': APP, 'flows/messages.yaml': MSG, 'flows/f.yaml': flow, 'schemas/forms/x.json': '{ "type": "objec" }' });
    expect(e).toHaveLength(1);
    expect(e[0]).toMatchObject({ file: 'schemas/forms/x.json', line: 1, column: 1 });
    expect(e[0].message).toMatch(/not a valid JSON Schema/);
  });

  it('missing app.yaml and messages.yaml are errors', () => {
    const e = checkFiles({ 'flows/f.yaml': 'flow: f\nsteps: {}\n' });
    expect(e.map((x) => `${x.file} ${x.message}`)).toEqual(['flows/app.yaml file is missing', 'flows/messages.yaml file is missing']);
  });
});

describe('registries fallback', () => {
  it('builds calls from the contract and screens from schemas/meta/screens', () => {
    const r = fallbackRegistries(join(FIX, 'config-good'));
    expect(r.calls).toContain('GetClusItemList');
    expect(r.screens).toEqual({});
  });
});
