/**
 * Questionnaire versions and view-mode loading: the server tags each answer
 * with its current schema (the served config's, CONFIG_DIR) id + content hash
 * and archives that schema; after the centre edits the schema, an old answer
 * still loads (GetQuestionById) with the archived schema it was given in,
 * served at /schemas/versions/<id>@<hash>.json. Only the owner's openid reads
 * an answer by id.
 */
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../src/server/db/types';
import { freshStore, type TestStore } from './core-helpers';
import { buildServer } from '../../src/server/app';
import { issueToken } from '../../src/server/services/platform/tokens';
import { MSG_FORBIDDEN } from '../../src/server/plugins/call';
import { CALLS, type CallName } from '../../src/contract/calls';
import { seedRecords } from '../../src/server/seed/index';
import { loadConfig as loadFlowConfig } from '../../src/engine/config/load';
import { parseArchivedPath, schemaHash } from '../../src/server/services/questionnaires';
import type { GetQuestionByIdRes } from '../../src/contract/api/questionnaires';

const REPO = path.resolve(__dirname, '../..');
const T0 = Date.parse('2026-06-15T09:00:00+08:00');
const clock = { t: T0, now: (): number => clock.t };
let store: TestStore;
let db: Db;
const apps: FastifyInstance[] = [];

const health = {
  company: '华兴', name: '林晓', contact: '13600136002', healthStatus: '好', surgeryHistory: '无', allergyHistory: '无',
  diseaseHistory: '无', smoking: '不吸烟', drinking: '偶尔', dietHabit: '荤素均衡', sleepHours: '6-8小时', sleepQuality: '好',
  workSchedule: '规律', exerciseFrequency: '偶尔', anxious: '否', recentAnxiety: '否',
};

function flowConfig(edit?: (schemas: Record<string, any>) => void) {
  const cfg = loadFlowConfig(REPO).config;
  const copy = { ...cfg, schemas: JSON.parse(JSON.stringify(cfg.schemas)) as Record<string, any> };
  edit?.(copy.schemas);
  return copy;
}

async function start(edit?: (schemas: Record<string, any>) => void): Promise<FastifyInstance> {
  const app = await buildServer({ db, clock, sweep: false, flowConfig: flowConfig(edit) as never });
  await app.ready();
  apps.push(app);
  return app;
}

async function call(app: FastifyInstance, name: CallName, body: unknown, subject = 'client:test') {
  const bearer = (await issueToken(db, 'service', subject, 86_400, clock.now())).access_token;
  const r = await app.inject({ method: 'POST', url: `/api/${CALLS[name].path}`, payload: body as object, headers: { authorization: `Bearer ${bearer}` } });
  return r.json() as { success: boolean; returnMsg: string; returnData: any };
}

beforeAll(async () => {
  store = await freshStore();
  db = store.db;
  await seedRecords(db, '2026-06-15');
});
afterAll(async () => {
  for (const a of apps) await a.close();
  await store?.cleanup();
});

describe('schema versions', () => {
  it('archives the current schemas at start and serves them by id@hash; other names 404', async () => {
    const app = await start();
    const cur = flowConfig().schemas['forms/health-questionnaire.json'];
    const r = await app.inject({ method: 'GET', url: `/schemas/versions/health-questionnaire@${schemaHash(cur)}.json` });
    expect(r.statusCode).toBe(200);
    expect(r.headers['cache-control']).toContain('immutable');
    expect(r.json()).toEqual(cur);
    for (const bad of ['health-questionnaire@0000000000000000.json', '..%2F..%2Fpackage.json', 'health-questionnaire.json', 'x@zz.json'])
      expect((await app.inject({ method: 'GET', url: `/schemas/versions/${bad}` })).statusCode, bad).toBe(404);
    expect(parseArchivedPath('versions/a@0123456789abcdef.json')).toEqual({ schemaId: 'a', hash: '0123456789abcdef' });
    expect(parseArchivedPath('versions/../a@0123456789abcdef.json')).toBeNull();
  });

  it('an answer saved before an edit keeps its version; the edited config validates new answers with its own rules', async () => {
    const openId = 'ov-owner';
    const v1 = await start();
    expect((await call(v1, 'SaveGetQuestion', { openId, ordinaryQs: JSON.stringify(health) }, openId)).success).toBe(true);
    const list1 = (await call(v1, 'GetQuestionList', { openId }, openId)).returnData as Array<{ id: string; schemaVersion: string }>;
    const oldId = list1[0].id;
    const oldVersion = list1[0].schemaVersion;

    // The centre edits the schema: a new required section and a changed message.
    const v2 = await start((s) => {
      const h = s['forms/health-questionnaire.json'];
      h.properties.vaccination = { type: 'string', 'x-label': '疫苗接种', enum: ['已接种', '未接种'] };
      h.required = [...h.required, 'vaccination'];
      h.errorMessage.required.vaccination = '请完整填写问卷信息（新）';
    });
    const refused = await call(v2, 'SaveGetQuestion', { openId: 'ov-other', ordinaryQs: JSON.stringify(health) }, 'ov-other');
    expect(refused).toMatchObject({ success: false, returnMsg: '请完整填写问卷信息（新）' });

    // The old answer still opens with the version it was given in.
    const byId = (await call(v2, 'GetQuestionById', { openId, id: oldId }, openId)).returnData as GetQuestionByIdRes;
    expect(byId).toMatchObject({ id: oldId, kind: 'health', status: 'completed', schemaId: 'health-questionnaire', schemaVersion: oldVersion });
    expect(byId.schemaPath).toBe(`versions/health-questionnaire@${oldVersion}.json`);
    expect(JSON.parse(byId.body)).toEqual(health);
    const archived = (await v2.inject({ method: 'GET', url: `/schemas/${byId.schemaPath}` })).json();
    expect(archived.properties.vaccination).toBeUndefined();

    // A new answer gets the new version; both versions stay servable.
    await call(v2, 'SaveGetQuestion', { openId: 'ov-new', ordinaryQs: JSON.stringify({ ...health, vaccination: '已接种' }) }, 'ov-new');
    const fresh = (await call(v2, 'GetQuestion', { openId: 'ov-new' }, 'ov-new')).returnData;
    expect(fresh.ordinaryQsSchema).toMatch(/^versions\/health-questionnaire@[0-9a-f]{16}\.json$/);
    expect(fresh.ordinaryQsSchema).not.toBe(byId.schemaPath);
    expect((await v2.inject({ method: 'GET', url: `/schemas/${fresh.ordinaryQsSchema}` })).json().properties.vaccination).toBeDefined();
  });
});

describe('GetQuestionById', () => {
  it('only the owner reads an answer; missing and foreign ids answer the same', async () => {
    const app = await start();
    const owner = 'ob-owner';
    await call(app, 'SaveGetQuestion', { openId: owner, ordinaryQs: JSON.stringify(health) }, owner);
    const id = ((await call(app, 'GetQuestionList', { openId: owner }, owner)).returnData as Array<{ id: string }>)[0].id;
    expect((await call(app, 'GetQuestionById', { openId: owner, id }, owner)).success).toBe(true);
    // another openid's token, even naming the owner in the body: refused before any lookup (defineCall's owner check)
    expect(await call(app, 'GetQuestionById', { openId: owner, id }, 'ob-intruder')).toMatchObject({ success: false, returnMsg: MSG_FORBIDDEN, returnData: null });
    // the intruder's own openid with the owner's id
    expect(await call(app, 'GetQuestionById', { openId: 'ob-intruder', id }, 'ob-intruder')).toMatchObject({ success: false, returnMsg: '问卷不存在' });
    expect(await call(app, 'GetQuestionById', { openId: owner, id: 'nope' }, owner)).toMatchObject({ success: false, returnMsg: '问卷不存在' });
    // body schema
    expect((await call(app, 'GetQuestionById', { openId: owner }, owner)).success).toBe(false);
    expect((await call(app, 'GetQuestionById', { openId: owner, id: '../x' }, owner)).success).toBe(false);
  });
});
