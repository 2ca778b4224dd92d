/**
 * The order form's rules have one source: the schema file the app renders.
 * The server answers PersonOrderAdd with the schema's own messages, so a
 * centre's edit of schemas/forms/person-order.json changes both sides.
 */
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/engine/config/load';
import { formMessage } from '../../src/server/services/booking/form-rules';
import { makeTestApp, personBody, plusDays, type TestApp } from './core-helpers';

const REPO = path.resolve(__dirname, '../..');
let t: TestApp | undefined;
afterEach(async () => {
  await t?.close();
  t = undefined;
});

describe('form rules on the server', () => {
  it('the first message follows the spec order, as in the app', () => {
    expect(formMessage('forms/person-order.json', {})).toBe('请输入姓名');
    expect(formMessage('forms/person-order.json', { name: '张三', idCard: '12345', tel: '' })).toBe('请输入手机号码');
    expect(formMessage('forms/person-order.json', { name: '张三', idCard: '12345', tel: '12345678901' })).toBe('手机号码格式错误');
    expect(formMessage('forms/person-order.json', { name: '张三', idCard: '12345', tel: '13800138000' })).toBe('你输入的身份证长度或格式错误');
    expect(formMessage('forms/person-order-hc.json', { name: '张三', idCard: '330102198805121311', tel: '13800138000' })).toBe('请输入健康证类型');
    expect(formMessage('forms/person-order.json', { name: '张三', idCard: '330102198805121311', tel: '13800138000' })).toBeNull();
  });

  it('PersonOrderAdd answers with the served schema, edited messages included', async () => {
    const { config } = loadConfig(REPO);
    const schema = structuredClone(config.schemas['forms/person-order.json']) as { $id: string; errorMessage: { required: Record<string, string> } };
    schema.$id = 'forms/person-order.edited.json'; // a different schema for Ajv's cache
    schema.errorMessage.required.name = '请填写真实姓名';
    const edited = { ...config, schemas: { ...config.schemas, 'forms/person-order.json': schema } };
    t = await makeTestApp({}, { flowConfig: edited });
    const r = await t.call('PersonOrderAdd', personBody(plusDays(t.today, 3), { name: '' }));
    expect(r.body).toMatchObject({ success: false, returnMsg: '请填写真实姓名' });
  });
});
