/**
 * The pre-compiled validators the server serves at /schemas/<path>.js
 * (src/server/plugins/validators.ts: Ajv standalone code bundled by esbuild)
 * behave like compileSchema(): same first message, same errors, for the real
 * form schemas. Each module is imported as the browser would: a temp .mjs file.
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { compileSchema, type ValidateFunction } from '../../src/engine/schema/ajv';
import { buildValidatorModule } from '../../src/server/plugins/validators';
import { buildFormModel } from '../../src/engine/form/schema-model';
import { cleanValues, initialValues, type Values } from '../../src/engine/form/values';
import { validateValues } from '../../src/engine/form/validate';
import { makeIdCard } from '../../src/contract/rules/idcard';
import { fakeEval } from './form-fixtures';

const dir = join(import.meta.dirname, '../../schemas/forms');
const files = readdirSync(dir).filter((f) => f.endsWith('.json'));
const load = (name: string) => JSON.parse(readFileSync(join(dir, name), 'utf8')) as object;

const tmp = mkdtempSync(join(tmpdir(), 'cf-validators-'));
const modules = new Map<string, { fn: ValidateFunction; code: string }>();

beforeAll(async () => {
  await Promise.all(
    files.map(async (f) => {
      const code = await buildValidatorModule(load(f));
      const file = join(tmp, `${f}.mjs`);
      writeFileSync(file, code);
      const m = (await import(pathToFileURL(file).href)) as { default: ValidateFunction };
      modules.set(f, { fn: m.default, code });
    }),
  );
}, 60_000);
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

function first(schema: object, raw: Values, validator?: ValidateFunction): string | null {
  const root = buildFormModel(schema);
  const { values, hidden } = cleanValues(root, initialValues(root, raw), fakeEval);
  return validateValues(root, values, hidden, validator ?? compileSchema(root.schema)).first;
}

/** Errors without schemaPath details that differ only by generated names. */
const shape = (errors: ValidateFunction['errors']) =>
  JSON.parse(JSON.stringify(errors ?? null)) as unknown;

describe('pre-compiled validator modules', () => {
  it('are self-contained ES modules with no eval / new Function', () => {
    for (const f of files) {
      const { code, fn } = modules.get(f)!;
      expect(typeof fn, f).toBe('function');
      expect(/\bnew Function\b|\beval\(|\bFunction\(/.test(code), `${f}: eval`).toBe(false);
      // A require( call left unbundled (ajv's runtime names itself in a string: fine).
      expect(/(^|[^'"\w.])require\(/.test(code), `${f}: require`).toBe(false);
    }
  });

  it('person-order-hc: the same first message as compileSchema', () => {
    const s = load('person-order-hc.json');
    const { fn } = modules.get('person-order-hc.json')!;
    const good = makeIdCard('110101', '19900101', '123');
    const badChecksum = good.slice(0, 17) + (good[17] === '0' ? '1' : '0');
    const rest = { name: '张三', hflag: 'T', job: '01' };
    const table: Array<[Values, string | null]> = [
      [{}, '请输入姓名'],
      [{ ...rest, idCard: good, tel: '12345' }, '手机号码格式错误'],
      [{ ...rest, idCard: '991011199001011234', tel: '13812345678' }, '你的身份证地区非法'],
      [{ ...rest, idCard: badChecksum, tel: '13812345678' }, '你输入的身份证号非法'],
      [{ ...rest, idCard: good, tel: '13812345678' }, null],
    ];
    expect(table.map(([v]) => first(s, v, fn))).toEqual(table.map(([, m]) => m));
    expect(table.map(([v]) => first(s, v))).toEqual(table.map(([, m]) => m));
  });

  it.each(files)('%s: the same errors as compileSchema (empty, partly filled, wrong types)', (f) => {
    const s = load(f);
    const compiled = compileSchema({ ...s, $id: undefined }); // own instance entry, not the cached $id
    const { fn } = modules.get(f)!;
    const inputs: unknown[] = [{}, { name: '张三', tel: '1', idCard: '1' }, { name: 1, sex: 3, list: 'x' }, null, 'x'];
    for (const input of inputs) {
      const a = compiled(structuredClone(input));
      const b = fn(structuredClone(input));
      expect(b, `${f} ${JSON.stringify(input)}`).toBe(a);
      expect(shape(fn.errors), `${f} ${JSON.stringify(input)}`).toEqual(shape(compiled.errors));
    }
  });
});

describe('the form vocabulary’s own keywords, pre-compiled', () => {
  it('x-exclusive (a macro): an exclusive option with another is refused with its message', async () => {
    const s = JSON.parse(readFileSync(join(import.meta.dirname, '../fixtures/schema-vocabulary/exclusive-option.json'), 'utf8')) as object;
    const file = join(tmp, 'exclusive-option.mjs');
    writeFileSync(file, await buildValidatorModule(s));
    const fn = ((await import(pathToFileURL(file).href)) as { default: ValidateFunction }).default;
    expect(fn({ history: ['none'] })).toBe(true);
    expect(fn({ history: ['hbp', 'none'] })).toBe(false);
    expect(first(s, { history: ['hbp', 'none'] }, fn)).toBe('选了「以上都没有」就不能再选其他项');
  });
});
