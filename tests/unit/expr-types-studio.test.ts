/**
 * Issue 24 in the studio editor: inside an expression, completion offers what
 * the checker knows is there (a form's fields after `form.`, a typed session
 * key's fields, a list row's after `item.`, a call's answer after
 * `result.returnData.`) with each one's type, and hover shows a path's type or
 * a function's signature. On the repository's own config and editor schemas.
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import draft07 from 'ajv/dist/refs/json-schema-draft-07.json';
import { loadConfig } from '../../src/engine/config/load';
import { registriesFor } from '../../src/server/config-registries';
import { complete, hoverAt, type CompletionEnv } from '../../src/studio/editor/complete';
import { vocabularyOf } from '../../src/studio/editor/vocabulary';

const ROOT = path.resolve(__dirname, '../..');
const readJson = (p: string) => JSON.parse(fs.readFileSync(path.join(ROOT, p), 'utf8'));
const readText = (p: string) => fs.readFileSync(path.join(ROOT, p), 'utf8');
const registries = registriesFor(ROOT);
const config = loadConfig(ROOT).config;
const env: CompletionEnv = {
  schemas: {
    flow: readJson('schemas/meta/editor/flow.schema.json'),
    form: readJson('schemas/meta/editor/form.schema.json'),
    'question-bank': readJson('schemas/meta/editor/question-bank.schema.json'),
    draft07: draft07 as Record<string, unknown>,
  },
  registries,
  vocab: vocabularyOf(config, registries),
};

/** The file with `from` replaced by `to`, the cursor where `|` is in `to`. */
function edited(file: string, from: string, to: string) {
  const original = readText(file);
  if (!original.includes(from)) throw new Error(`${file} no longer has ${from}`);
  const text = original.replace(from, to.replace('|', ''));
  return { text, offset: original.indexOf(from) + to.indexOf('|') };
}

const options = (file: string, from: string, to: string) => {
  const { text, offset } = edited(file, from, to);
  return Object.fromEntries((complete(file, text, offset, env)?.options ?? []).map((o) => [o.label, o.detail]));
};

describe('completion inside an expression', () => {
  it("after form. in a form schema's x-visibleIf: the form's fields, with their options", () => {
    const o = options('schemas/forms/health-questionnaire.json', `"form.surgeryHistory == '有'"`, '"form.|');
    expect(o).toMatchObject({ surgeryHistory: '"有" | "无"', healthStatus: '"好" | "一般" | "差"', company: 'string' });
  });

  it('after event. in a handler: what its screen sends with that event', () => {
    expect(options('flows/personal.yaml', 'body: { date_Time: "=event.date"', 'body: { date_Time: "=event.|"')).toEqual({ date: 'string' });
    expect(Object.keys(options('flows/personal.yaml', '"=event.item.clus_Code"', '"=event.|"'))).toEqual(['item']);
  });

  it('after a nested path: that object’s fields', () => {
    const o = options('schemas/forms/health-questionnaire.json', `"form.diseases.diabetes.hasDiagnosed == '是'"`, '"form.diseases.diabetes.|');
    expect(Object.keys(o)).toEqual(['hasDiagnosed', 'duration', 'hasMedication', 'followPrescription', 'familyHistory']);
  });

  it("a typed session key's fields, a list row's (item), a call's answer after the call", () => {
    expect(options('flows/personal.yaml', '"=session.chooseItem.clus_Name"', '"=session.chooseItem.cl|"')).toMatchObject({ clus_Name: 'string', sex: '"1" | "2" | "3"' });
    expect(options('flows/personal.yaml', 'note: "=item.clus_Note"', 'note: "=item.|"')).toHaveProperty('clus_Note', 'string');
    expect(Object.keys(options('flows/personal.yaml', 'toast: "=result.returnMsg"', 'toast: "=result.returnData.|"'))).toEqual(['ord', 'uid']);
  });

  it('at the start of a name: the roots with their types and the functions with their signatures', () => {
    const o = options('flows/personal.yaml', `value: "=len(data.items) + '项'"`, 'value: "=|"');
    expect(o.data).toBe('{ items: {…}[], notice: {…} }');
    expect(o.fmtMoney).toBe('fmtMoney(cents)');
    expect(o.idCardSex).toBe('idCardSex(idCard)');
  });

  it('outside expressions nothing changes: step names after go:', () => {
    expect(options('flows/personal.yaml', '        - go: PersonDetails\n', '        - go: Person|\n')).toHaveProperty('PersonDetails');
  });
});

describe('hover inside an expression', () => {
  it("a path's type, a function's signature", () => {
    const h = readText('schemas/forms/health-questionnaire.json');
    expect(hoverAt('schemas/forms/health-questionnaire.json', h, h.indexOf('form.surgeryHistory ==') + 8, env)).toMatchObject({
      title: 'form.surgeryHistory: "有" | "无"',
      body: '文字（"有"、"无" 之一）',
    });
    const p = readText('flows/personal.yaml');
    expect(hoverAt('flows/personal.yaml', p, p.indexOf('fmtMoney(cents(session.chooseItem.price))') + 2, env)).toMatchObject({ title: 'fmtMoney(cents)', body: '分（1230）写成 "12.30"' });
    expect(hoverAt('flows/personal.yaml', p, p.indexOf('cents(session.chooseItem.price))') + 17, env)?.title).toBe('session.chooseItem: { clus_Code: string, sex: "1" | "2" | "3", clus_Name: string, price: string, PersonalSpan: string, marr_status: string }');
  });
});
