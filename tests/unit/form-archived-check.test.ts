/**
 * The flow format's `form.archived` (an expression schema may also give an
 * archived version `versions/<choice>@<hash>.json`): accepted on an expression
 * schema with choices; refused on a literal schema and when not a boolean.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { checkConfig, formatErrors } from '../../src/engine/config/check';

const REPO = path.resolve(import.meta.dirname, '../..');

function copy(edit: (yaml: string) => string): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'cf-archived-'));
  fs.cpSync(path.join(REPO, 'flows'), path.join(dir, 'flows'), { recursive: true });
  fs.cpSync(path.join(REPO, 'schemas'), path.join(dir, 'schemas'), { recursive: true });
  const f = path.join(dir, 'flows/questionnaires.yaml');
  fs.writeFileSync(f, edit(fs.readFileSync(f, 'utf8')));
  return dir;
}

describe('form.archived', () => {
  it('the real questionnaires use it and check clean', async () => {
    const { errors, config } = await checkConfig(REPO);
    expect(formatErrors(errors)).toBe('');
    expect(config.steps.OccupationalDiseasesQs.form).toMatchObject({ archived: true, choices: ['forms/occupational-questionnaire.json'] });
  });

  it('a literal schema with archived: true is an error at its line', async () => {
    const dir = copy((y) =>
      y.replace(
        `schema: "=query.mode == 'view' ? (data.answer ? coalesce(data.answer.schemaPath, 'forms/occupational-questionnaire.json') : '') : 'forms/occupational-questionnaire.json'"`,
        'schema: forms/occupational-questionnaire.json',
      ),
    );
    const { errors } = await checkConfig(dir);
    expect(errors, formatErrors(errors)).toHaveLength(1);
    expect(errors[0]).toMatchObject({ file: 'flows/questionnaires.yaml' });
    expect(errors[0].message).toContain('"archived" 只能和写成表达式的 "schema" 及 "choices" 一起用');
  });

  it('a non-boolean is refused by the format', async () => {
    const dir = copy((y) => y.replace('      archived: true\n      draft: occupationalQs', '      archived: yes-please\n      draft: occupationalQs'));
    const { errors } = await checkConfig(dir);
    expect(errors.length).toBeGreaterThan(0);
    expect(formatErrors(errors)).toMatch(/archived/);
  });
});
