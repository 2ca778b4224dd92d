/**
 * The studio editor's completion and hover, on the repository's own config and
 * editor schemas: where the cursor is in a half-typed file, what may be written
 * there, and the names (steps, messages, calls…) of the draft.
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import draft07 from 'ajv/dist/refs/json-schema-draft-07.json';
import { loadConfig } from '../../src/engine/config/load';
import { registriesFor } from '../../src/server/config-registries';
import { yamlContext, jsonContext } from '../../src/studio/editor/doc-context';
import { complete, hoverAt, type CompletionEnv } from '../../src/studio/editor/complete';
import { vocabularyOf } from '../../src/studio/editor/vocabulary';

const ROOT = path.resolve(__dirname, '../..');
const read = (p: string) => JSON.parse(fs.readFileSync(path.join(ROOT, p), 'utf8'));
const registries = registriesFor(ROOT);
const config = loadConfig(ROOT).config;
const env: CompletionEnv = {
  schemas: {
    flow: read('schemas/meta/editor/flow.schema.json'),
    form: read('schemas/meta/editor/form.schema.json'),
    'question-bank': read('schemas/meta/editor/question-bank.schema.json'),
    draft07: draft07 as Record<string, unknown>,
  },
  registries,
  vocab: vocabularyOf(config, registries),
};

/** Text with `|` marking the cursor. */
const at = (s: string) => ({ text: s.replace('|', ''), offset: s.indexOf('|') });
const labels = (file: string, s: string) => {
  const { text, offset } = at(s);
  return complete(file, text, offset, env)?.options.map((o) => o.label) ?? [];
};

describe('where the cursor is (YAML)', () => {
  it('a key being typed under a step', () => {
    const { text, offset } = at('flow: x\nsteps:\n  A:\n    route: /A\n    scr|\n    title: t\n');
    expect(yamlContext(text, offset)).toMatchObject({ kind: 'key', path: ['steps', 'A'], prefix: 'scr', siblings: ['route', 'title'] });
  });
  it('an action item inside a sequence, and its index', () => {
    const { text, offset } = at('steps:\n  A:\n    on:\n      x:\n        - go: B\n        - call: C\n          bo|\n');
    expect(yamlContext(text, offset)).toMatchObject({ kind: 'key', path: ['steps', 'A', 'on', 'x', 1], prefix: 'bo', siblings: ['call'] });
  });
  it('a value after key:', () => {
    const { text, offset } = at('steps:\n  A:\n    on:\n      x:\n        - go: Ind|\n');
    expect(yamlContext(text, offset)).toMatchObject({ kind: 'value', path: ['steps', 'A', 'on', 'x', 0, 'go'], prefix: 'Ind' });
  });
  it('inside a flow collection on the line', () => {
    const { text, offset } = at('steps:\n  A:\n    on:\n      x:\n        - if: "a"\n          then: [ { invoke: restoreRedirect }, { alert: sys| } ]\n');
    expect(yamlContext(text, offset)).toMatchObject({ kind: 'value', path: ['steps', 'A', 'on', 'x', 0, 'then', 1, 'alert'], prefix: 'sys', flow: true });
  });
  it('a key inside a flow map after a dash', () => {
    const { text, offset } = at('steps:\n  A:\n    on:\n      x:\n        - { toast: a, ic| }\n');
    expect(yamlContext(text, offset)).toMatchObject({ kind: 'key', path: ['steps', 'A', 'on', 'x', 0], prefix: 'ic', siblings: ['toast'] });
  });
  it('not in a comment', () => {
    const { text, offset } = at('steps:\n  # go: In|\n');
    expect(yamlContext(text, offset)).toBeNull();
  });
  it('block scalar lines do not count as keys', () => {
    const { text, offset } = at('steps:\n  A:\n    props:\n      html: >\n        a: b\n      ti|\n');
    expect(yamlContext(text, offset)).toMatchObject({ kind: 'key', path: ['steps', 'A', 'props'], siblings: ['html'] });
  });
});

describe('where the cursor is (JSON)', () => {
  it('a key in a nested object, with the keys around it', () => {
    const { text, offset } = at('{ "type": "object", "properties": { "a": { "type": "string", "x-w|", "x-label": "A" } } }');
    expect(jsonContext(text, offset)).toMatchObject({ kind: 'key', path: ['properties', 'a'], prefix: 'x-w', quote: '"', siblings: ['type', 'x-label'] });
  });
  it('a value in an array', () => {
    const { text, offset } = at('{ "required": ["a", "|"] }');
    expect(jsonContext(text, offset)).toMatchObject({ kind: 'value', path: ['required', 1], prefix: '' });
  });
});

describe('completion from the editor schemas', () => {
  it('step keys, without the ones already there', () => {
    const l = labels('flows/home.yaml', 'flow: x\nsteps:\n  A:\n    route: /A\n    |\n');
    expect(l).toEqual(expect.arrayContaining(['screen', 'auth', 'title', 'props', 'on', 'load', 'next', 'entry']));
    expect(l).not.toContain('route');
  });
  it("a step's props by its screen kind", () => {
    const form = labels('flows/home.yaml', 'flow: x\nsteps:\n  A:\n    route: /A\n    screen: status\n    props:\n      |\n');
    expect(form).toEqual(expect.arrayContaining(['text', 'icon', 'buttons']));
    const menu = labels('flows/home.yaml', 'flow: x\nsteps:\n  A:\n    route: /A\n    screen: menu\n    props:\n      |\n');
    expect(menu).toContain('tiles');
    expect(menu).not.toContain('spinner');
  });
  it('screen kinds', () => {
    expect(labels('flows/home.yaml', 'flow: x\nsteps:\n  A:\n    screen: |\n')).toEqual(expect.arrayContaining(['form', 'menu', 'cardList', 'status']));
  });
  it('action keys, then the modifiers of the action written', () => {
    const keys = labels('flows/home.yaml', 'flow: x\nsteps:\n  A:\n    on:\n      x:\n        - |\n');
    expect(keys).toEqual(expect.arrayContaining(['call', 'go', 'alert', 'if', 'switch', 'invoke']));
    const mods = labels('flows/home.yaml', 'flow: x\nsteps:\n  A:\n    on:\n      x:\n        - call: GetClusItemList\n          |\n');
    expect(mods).toEqual(expect.arrayContaining(['body', 'keep', 'onFail', 'onError', 'then']));
    expect(mods).not.toContain('go');
  });
  it('step names after go:, message keys after alert:, calls after call:', () => {
    expect(labels('flows/home.yaml', 'flow: x\nsteps:\n  A:\n    on:\n      x:\n        - go: Pers|\n')).toEqual(expect.arrayContaining(['PersonIndex', 'Index']));
    const msgs = labels('flows/home.yaml', 'flow: x\nsteps:\n  A:\n    on:\n      x:\n        - then: [ { alert: sys| } ]\n');
    expect(msgs).toContain('systemBusy');
    expect(labels('flows/home.yaml', 'flow: x\nsteps:\n  A:\n    load:\n      - call: |\n')).toContain('GetClusItemList');
    expect(labels('flows/app.yaml', 'start: |\n')).toContain('Branch');
  });
  it('in messages.yaml: the keys flows name that are missing', () => {
    const text = fs.readFileSync(path.join(ROOT, 'flows/messages.yaml'), 'utf8');
    const line = text.split('\n').find((l) => l.startsWith('  takeQuestionnaire:'))!;
    const without = text.replace(`${line}\n`, '  takeQ|\n');
    const got = complete('flows/messages.yaml', at(without).text, at(without).offset, env)!;
    expect(got.options.map((o) => o.label)).toContain('takeQuestionnaire');
    expect(got.options.find((o) => o.label === 'takeQuestionnaire')!.insert).toBe('takeQuestionnaire: ');
    // a key that is there is not offered again
    expect(got.options.map((o) => o.label)).not.toContain('systemBusy');
  });
  it("an invoke's outcomes under its on:", () => {
    const eff = Object.entries(registries.effects).find(([, d]) => d.outcomes.length)!;
    const l = labels('flows/home.yaml', `flow: x\nsteps:\n  A:\n    load:\n      - invoke: ${eff[0]}\n        on:\n          |\n`);
    expect(l).toEqual(eff[1].outcomes);
  });
  it('form schemas: x- keywords, JSON Schema keywords, widget names and options', () => {
    const keys = labels('schemas/forms/x.json', '{ "type": "object", "properties": { "a": { "type": "string", "x-|" } } }');
    expect(keys).toEqual(expect.arrayContaining(['x-widget', 'x-label', 'x-visibleIf', 'x-score', 'enum', 'maxLength']));
    expect(labels('schemas/forms/x.json', '{ "properties": { "a": { "x-widget": "|" } } }')).toEqual(expect.arrayContaining(['radio', 'checkboxes', 'date']));
    expect(labels('schemas/forms/x.json', '{ "properties": { "a": { "x-widget": "date", "x-options": { "|" } } } }')).toEqual(expect.arrayContaining(['min', 'max']));
    expect(labels('schemas/forms/x.json', '{ "properties": { "name": {}, "age": {} }, "required": ["|"] }')).toEqual(['name', 'age']);
  });
});

describe('hover', () => {
  it("a key's description, a message's text, a step's place", () => {
    const t1 = at('flow: x\nsteps:\n  A:\n    backAr|row: false\n');
    expect(hoverAt('flows/home.yaml', t1.text, t1.offset, env)?.body).toBe('false：标题栏不显示返回箭头（用于首页）；浏览器的返回照常可用');
    const t2 = at('flow: x\nsteps:\n  A:\n    on:\n      x:\n        - alert: systemBu|sy\n');
    expect(hoverAt('flows/home.yaml', t2.text, t2.offset, env)?.body).toBe(config.messages.systemBusy);
    const t3 = at('flow: x\nsteps:\n  A:\n    on:\n      x:\n        - go: PersonIn|dex\n');
    expect(hoverAt('flows/home.yaml', t3.text, t3.offset, env)?.body).toMatch(/\/PersonIndex/);
    const t4 = at('{ "type": "object", "properties": { "a": { "type": "array", "it|ems": { "type": "string" } } } }');
    expect(hoverAt('schemas/forms/x.json', t4.text, t4.offset, env)?.body).toBe('一个字段的写法（type、x-label、x-widget 等）');
  });
});
