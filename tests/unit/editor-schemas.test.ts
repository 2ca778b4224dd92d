/**
 * The editor schemas (completion and hover in VS Code / yaml-language-server)
 * are generated from the checker's own sources and accept the repository's
 * config: they cannot drift from what the checker allows.
 */
import fs from 'node:fs';
import path from 'node:path';
import Ajv from 'ajv';
import { parse } from 'yaml';
import { describe, expect, it } from 'vitest';
import { EDITOR_DIR, editorSchemas } from '../../scripts/editor-schemas';

const ajv = () => new Ajv({ allErrors: true, strict: false });
const files = (dir: string, ext: string) => fs.readdirSync(dir).filter((f) => f.endsWith(ext)).map((f) => path.join(dir, f));

describe('editor schemas', () => {
  it('are up to date (npm run editor-schemas writes them)', () => {
    for (const [name, content] of Object.entries(editorSchemas())) {
      expect(fs.readFileSync(path.join(EDITOR_DIR, name), 'utf8'), name).toBe(content);
    }
  });

  it("accept every flow, form and question bank of the repository, and refuse a wrong prop and a wrong widget option", () => {
    const s = editorSchemas();
    const flowAjv = ajv();
    flowAjv.addSchema(JSON.parse(s['flow.schema.json']), 'flow');
    const flow = flowAjv.getSchema('flow#/definitions/FlowFile')!;
    for (const f of files('flows', '.yaml').filter((f) => !/\/(app|messages)\.yaml$/.test(f))) {
      const doc = parse(fs.readFileSync(f, 'utf8'));
      expect(flow(doc), `${f}: ${JSON.stringify(flow.errors?.slice(0, 3))}`).toBe(true);
    }
    const home = parse(fs.readFileSync('flows/home.yaml', 'utf8'));
    const menuStep = Object.values(home.steps as Record<string, { screen: string; props?: Record<string, unknown> }>).find((st) => st.screen === 'menu')!;
    menuStep.props = { ...menuStep.props, autoplai: 5000 };
    expect(flow(home)).toBe(false);

    const form = ajv().compile(JSON.parse(s['form.schema.json']));
    for (const f of files('schemas/forms', '.json')) expect(form(JSON.parse(fs.readFileSync(f, 'utf8'))), `${f}: ${JSON.stringify(form.errors?.slice(0, 3))}`).toBe(true);
    expect(form({ type: 'object', properties: { a: { type: 'string', 'x-widget': 'radio', 'x-options': { inline: true } } } })).toBe(false);
    expect(form({ type: 'object', properties: { a: { type: 'string', 'x-widget': 'code', 'x-options': { countdown: 60, action: 'send' } } } })).toBe(true);

    const bank = ajv().compile(JSON.parse(s['question-bank.schema.json']));
    for (const f of files('schemas/questionnaires', '.json')) expect(bank(JSON.parse(fs.readFileSync(f, 'utf8'))), f).toBe(true);
  });

  it("speak Chinese: every description and title (the studio's hover and completion, the checker's （说明：…）)", () => {
    const english: string[] = [];
    const walk = (v: unknown, where: string, inMap: boolean): void => {
      if (Array.isArray(v)) return v.forEach((x, i) => walk(x, `${where}/${i}`, false));
      if (!v || typeof v !== 'object') return;
      for (const [k, x] of Object.entries(v)) {
        if (!inMap && (k === 'description' || k === 'title') && typeof x === 'string') {
          if (!/[\u4e00-\u9fff]/.test(x)) english.push(`${where}/${k}: ${x}`);
        } else walk(x, `${where}/${k}`, !inMap && ['properties', 'definitions', 'patternProperties'].includes(k));
      }
    };
    for (const [name, content] of Object.entries(editorSchemas())) walk(JSON.parse(content), name, false);
    expect(english).toEqual([]);
  });
});
