/**
 * GET /schemas/<path>.js: the server's pre-compiled form validators (the app's
 * CSP forbids compiling schemas in the browser). The served module, imported as
 * an ES module, gives the same first messages as compileSchema().
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildServer } from '../../src/server/app';
import { loadConfig as loadFlowConfig } from '../../src/engine/config/load';
import { compileSchema, type ValidateFunction } from '../../src/engine/schema/ajv';
import { makeIdCard } from '../../src/contract/rules/idcard';
import { buildFormModel } from '../../src/engine/form/schema-model';
import { validateValues } from '../../src/engine/form/validate';
import { freshStore, type TestStore } from './core-helpers';

const REPO = path.resolve(import.meta.dirname, '../..');
let store: TestStore;
let app: FastifyInstance;
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'cf-served-validators-'));

beforeAll(async () => {
  store = await freshStore();
  app = await buildServer({ db: store.db, sweep: false, flowConfig: loadFlowConfig(REPO).config });
});
afterAll(async () => {
  await app?.close();
  await store?.cleanup();
  fs.rmSync(tmp, { recursive: true, force: true });
});

async function importServed(url: string): Promise<ValidateFunction> {
  const r = await app.inject({ method: 'GET', url });
  expect(r.statusCode, url).toBe(200);
  expect(r.headers['content-type']).toBe('text/javascript; charset=utf-8');
  const file = path.join(tmp, `${url.replace(/\W+/g, '_')}.mjs`);
  fs.writeFileSync(file, r.body);
  return ((await import(pathToFileURL(file).href)) as { default: ValidateFunction }).default;
}

describe('GET /schemas/<path>.js', () => {
  it('serves forms/person-order-hc.json as a validator with the same first messages as compileSchema', async () => {
    const validate = await importServed('/schemas/forms/person-order-hc.json.js');
    const schema = JSON.parse((await app.inject({ method: 'GET', url: '/schemas/forms/person-order-hc.json' })).body) as object;
    const root = buildFormModel(schema);
    const good = makeIdCard('110101', '19900101', '123');
    const badChecksum = good.slice(0, 17) + (good[17] === '0' ? '1' : '0');
    const rest = { name: '张三', hflag: 'T', job: '01' };
    const table: Array<[Record<string, unknown>, string | null]> = [
      [{}, '请输入姓名'],
      [{ ...rest, idCard: good, tel: '12345' }, '手机号码格式错误'],
      [{ ...rest, idCard: '991011199001011234', tel: '13812345678' }, '你的身份证地区非法'],
      [{ ...rest, idCard: badChecksum, tel: '13812345678' }, '你输入的身份证号非法'],
      [{ ...rest, idCard: good, tel: '13812345678' }, null],
    ];
    const served = table.map(([v]) => validateValues(root, v, [], validate).first);
    const compiled = table.map(([v]) => validateValues(root, v, [], compileSchema(schema)).first);
    expect(served).toEqual(table.map(([, m]) => m));
    expect(compiled).toEqual(served);
  });

  it('serves the personal popup (a sheet form) too', async () => {
    const validate = await importServed('/schemas/forms/personal-popup.json.js');
    expect(typeof validate).toBe('function');
  });

  it('404 for question banks, api schemas and unknown paths', async () => {
    for (const url of [
      '/schemas/questionnaires/self-assessment.json.js',
      '/schemas/api/GetToken.json.js',
      '/schemas/forms/nope.json.js',
      '/schemas/forms/person-order.json.js.js',
    ]) {
      expect((await app.inject({ method: 'GET', url })).statusCode, url).toBe(404);
    }
    // The schema JSON itself is still served as before.
    expect((await app.inject({ method: 'GET', url: '/schemas/forms/person-order.json' })).statusCode).toBe(200);
  });
});

describe('config, schemas and validators go compressed, and revalidate with a 304', () => {
  it.each(['/app-config.json', '/schemas/forms/occupational-questionnaire.json', '/schemas/forms/occupational-questionnaire.json.js'])('%s', async (url) => {
    const plain = await app.inject({ method: 'GET', url });
    expect(plain.statusCode).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    const br = await app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toBe('accept-encoding');
    expect(zlib.brotliDecompressSync(br.rawPayload).toString()).toBe(plain.body);
    expect(br.rawPayload.length).toBeLessThan(plain.rawPayload.length / 3);
    const gz = await app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'gzip;q=1, br;q=0' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(gz.rawPayload).toString()).toBe(plain.body);
    const again = await app.inject({ method: 'GET', url, headers: { 'if-none-match': String(plain.headers.etag) } });
    expect(again.statusCode).toBe(304);
    expect(again.rawPayload.length).toBe(0);
  });
});
