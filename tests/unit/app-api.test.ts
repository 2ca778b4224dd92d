import { describe, expect, it } from 'vitest';
import type { AxiosAdapter, InternalAxiosRequestConfig } from 'axios';
import { createApi, type TokenInfo } from '../../src/app/api/client';
import { createLoadingTracker } from '../../src/app/api/loading';
import { decryptBody } from '../../src/contract/rules/encry';

type Reply = { status: number; data?: unknown } | 'network' | 'timeout';
interface Seen { url: string; method: string; headers: Record<string, string>; body: any }

/** A tiny axios adapter: answers from a handler, records each request. */
function fakeAdapter(handler: (req: Seen, n: number) => Reply) {
  const seen: Seen[] = [];
  const adapter: AxiosAdapter = async (config: InternalAxiosRequestConfig) => {
    const req: Seen = {
      url: `${config.baseURL ?? ''}${config.url ?? ''}`,
      method: (config.method ?? 'get').toUpperCase(),
      headers: Object.fromEntries(Object.entries(config.headers.toJSON()).map(([k, v]) => [k, String(v)])),
      body: typeof config.data === 'string' ? JSON.parse(config.data) : config.data,
    };
    seen.push(req);
    const r = handler(req, seen.length);
    if (r === 'network') throw Object.assign(new Error('Network Error'), { code: 'ERR_NETWORK', isAxiosError: true });
    if (r === 'timeout') throw Object.assign(new Error('timeout of 30000ms exceeded'), { code: 'ECONNABORTED', isAxiosError: true });
    return { data: r.data, status: r.status, statusText: '', headers: {}, config, request: {} };
  };
  return { adapter, seen };
}

const ok = (returnData: unknown) => ({ status: 200, data: { success: true, returnMsg: '成功', returnData } });
const tokenReply = (t: string) => ok({ token_type: 'Bearer', access_token: t, expires_in: 7200 });

function setup(
  handler: (req: Seen, n: number) => Reply,
  over: { crypto?: any; openid?: string | null; token?: TokenInfo | null; report?: string; onOpenidRefused?: () => void } = {},
) {
  const { adapter, seen } = fakeAdapter(handler);
  let token: TokenInfo | null = over.token === undefined ? { token_type: 'Bearer', access_token: 'old', expiry: 0 } : over.token;
  const logs: unknown[][] = [];
  const loading = createLoadingTracker();
  const api = createApi({
    config: {
      apiHost: 'http://h.test',
      crypto: over.crypto ?? { enabled: false },
      tokenClient: { client_id: 'cid', client_secret: 'sec', name: 'app', password: 'pw' },
    },
    getToken: () => token,
    setToken: (t) => {
      token = t;
    },
    getOpenid: () => (over.openid === undefined ? 'OPENID1' : over.openid),
    onOpenidRefused: over.onOpenidRefused,
    getHeaderTokens: () => ({ report: over.report ?? null }),
    adapter,
    now: () => 1_700_000_000_000,
    log: (...a) => logs.push(a),
    loading,
  });
  return { api, seen, logs, loading, token: () => token };
}

describe('request layer', () => {
  it('POSTs JSON to apiHost/api/<path> with the bearer', async () => {
    const { api, seen } = setup(() => ok({ content: 'x' }));
    const env = await api.call('GetNoticeInfo', { titleName: '须知' });
    expect(env).toEqual({ success: true, returnMsg: '成功', returnData: { content: 'x' } });
    expect(seen[0].url).toBe('http://h.test/api/BackProtectApi/GetNoticeInfo');
    expect(seen[0].method).toBe('POST');
    expect(seen[0].headers.Authorization).toBe('Bearer old');
    expect(seen[0].body).toEqual({ titleName: '须知' });
  });

  it('sends the report token header from the session', async () => {
    const { api, seen } = setup(() => ok([]), { report: 'RPT' });
    await api.call('GetReportList', { idCard: 'x', name: 'y', tel: 'z' });
    expect(seen[0].headers['x-report-token']).toBe('RPT');
  });

  it('401 → logs login expired, GetToken {openid}, retries exactly once', async () => {
    const { api, seen, logs, token } = setup((req) => {
      if (req.url.endsWith('TokenApi/GetToken')) return tokenReply('fresh');
      return req.headers.Authorization === 'Bearer fresh' ? ok(['a']) : { status: 401, data: { success: false, returnMsg: '登录已过期，请重新登录', returnData: null } };
    });
    const env = await api.call('FindByOrderList', { openid: 'OPENID1' });
    expect(env.returnData).toEqual(['a']);
    expect(seen.map((s) => s.url.split('/api/')[1])).toEqual(['OrderListApi/FindByOrderList', 'TokenApi/GetToken', 'OrderListApi/FindByOrderList']);
    expect(seen[1].body).toEqual({ openid: 'OPENID1' });
    expect(seen[1].headers.Authorization).toBeUndefined();
    expect(token()?.access_token).toBe('fresh');
    expect(token()?.expiry).toBe(1_700_000_000_000 + 7_200_000);
    expect(logs.some((l) => l[0] === 'login expired')).toBe(true);
  });

  it('a second 401 is not retried again: the envelope comes back', async () => {
    const { api, seen } = setup((req) =>
      req.url.endsWith('GetToken') ? tokenReply('fresh') : { status: 401, data: { success: false, returnMsg: '登录已过期，请重新登录', returnData: null } },
    );
    const env = await api.call('FindByOrderList', {});
    expect(env.success).toBe(false);
    expect(env.returnMsg).toBe('登录已过期，请重新登录');
    expect(seen.length).toBe(3);
  });

  it('GetToken {openid} refused (401, OAuth cookie gone) → onOpenidRefused, password grant, still one retry: no loop', async () => {
    let refused = 0;
    const need = { status: 401, data: { success: false, returnMsg: '请重新授权', returnData: null } };
    const { api, seen, token } = setup(
      (req) => {
        if (req.url.endsWith('GetToken')) return req.body.openid ? need : tokenReply('client');
        return need; // a per-user call: the client token is not enough either
      },
      { onOpenidRefused: () => refused++ },
    );
    const env = await api.call('FindByOrderList', { openid: 'OPENID1' });
    expect(env).toMatchObject({ success: false, returnMsg: '请重新授权' });
    expect(seen.map((s) => [s.url.split('/api/')[1], s.body])).toEqual([
      ['OrderListApi/FindByOrderList', { openid: 'OPENID1' }],
      ['TokenApi/GetToken', { openid: 'OPENID1' }],
      ['TokenApi/GetToken', expect.objectContaining({ grant_type: 'password' })],
      ['OrderListApi/FindByOrderList', { openid: 'OPENID1' }],
    ]);
    expect(refused).toBe(1);
    expect(token()?.access_token).toBe('client');
  });

  it('GetToken {openid} failing otherwise (network) does not forget the user', async () => {
    let refused = 0;
    const { api } = setup((req) => (req.url.endsWith('GetToken') ? 'network' : { status: 401, data: { success: false, returnMsg: 'x', returnData: null } }), {
      onOpenidRefused: () => refused++,
    });
    expect((await api.call('FindByOrderList', { openid: 'OPENID1' })).success).toBe(false);
    expect(refused).toBe(0);
  });

  it('concurrent 401s share one token refresh', async () => {
    const { api, seen } = setup((req) => {
      if (req.url.endsWith('GetToken')) return tokenReply('fresh');
      return req.headers.Authorization === 'Bearer fresh' ? ok(1) : { status: 401, data: {} };
    });
    await Promise.all([api.call('FindByOrderList', {}), api.call('GetPayRecordList', {})]);
    expect(seen.filter((s) => s.url.endsWith('GetToken')).length).toBe(1);
  });

  it('start-up password grant', async () => {
    const { api, seen, token } = setup(() => tokenReply('T1'), { token: null });
    await api.fetchTokenByPassword();
    expect(seen[0].body).toEqual({ grant_type: 'password', client_id: 'cid', client_secret: 'sec', name: 'app', password: 'pw', scope: 'api1' });
    expect(token()).toEqual({ token_type: 'Bearer', access_token: 'T1', expiry: 1_700_000_000_000 + 7_200_000 });
  });

  it('parses jsonText returnData only for jsonText calls', async () => {
    const { api } = setup(() => ok('{"name":"张三","itemlist":[]}'));
    expect((await api.call('GetReportDetail', { regNo: '1' })).returnData).toEqual({ name: '张三', itemlist: [] });
    expect((await api.call('GetNoticeInfo', {})).returnData).toBe('{"name":"张三","itemlist":[]}');
  });

  it('maps failures to the spec texts', async () => {
    const cases: Array<[Reply, string]> = [
      ['network', '网络异常！请稍后再试'],
      ['timeout', '网络异常！请稍后再试'],
      [{ status: 500, data: 'oops' }, '系统繁忙！请稍后再试'],
      [{ status: 503, data: { success: false, returnMsg: 'x', returnData: null } }, '系统繁忙！请稍后再试'],
      [{ status: 404, data: 'not found' }, '网络异常'],
    ];
    for (const [reply, msg] of cases) {
      const { api } = setup(() => reply);
      await expect(api.call('GetNoticeInfo', {})).rejects.toThrow(msg);
    }
  });

  it('a 4xx with an envelope resolves (flow shows returnMsg)', async () => {
    const { api } = setup(() => ({ status: 400, data: { success: false, returnMsg: '请求参数错误', returnData: null } }));
    const env = await api.call('GetNoticeInfo', {});
    expect(env).toEqual({ success: false, returnMsg: '请求参数错误', returnData: null });
  });

  it('encryStr wrapping on', async () => {
    const crypto = { enabled: true, keySeed: 'seed-1', substitution: '' };
    const { api, seen } = setup(() => ok(null), { crypto });
    await api.call('SendVerifyCode', { tel: '13812345678' });
    expect(Object.keys(seen[0].body)).toEqual(['encryStr']);
    expect(decryptBody(seen[0].body.encryStr, { keySeed: 'seed-1' }, 1_700_000_000_000)).toEqual({ tel: '13812345678' });
  });

  it('encryStr wrapping off sends plain JSON', async () => {
    const { api, seen } = setup(() => ok(null), { crypto: { enabled: false, keySeed: 'seed-1' } });
    await api.call('SendVerifyCode', { tel: '13812345678' });
    expect(seen[0].body).toEqual({ tel: '13812345678' });
  });

  it('progress: counted while in flight unless noLoading', async () => {
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    const { adapter } = fakeAdapter(() => ok(1));
    const slow: AxiosAdapter = async (c) => {
      await gate;
      return adapter(c);
    };
    const loading = createLoadingTracker();
    const api = createApi({
      config: { apiHost: '', crypto: { enabled: false }, tokenClient: { client_id: '', client_secret: '', name: '', password: '' } },
      getToken: () => ({ token_type: 'Bearer', access_token: 't', expiry: 0 }),
      setToken: () => {},
      getOpenid: () => null,
      getHeaderTokens: () => ({}),
      adapter: slow,
      loading,
    });
    const a = api.call('GetNoticeInfo', {});
    const b = api.call('GetNoticeInfo', {}, { noLoading: true });
    await Promise.resolve();
    expect(loading.count()).toBe(1);
    release();
    await Promise.all([a, b]);
    expect(loading.count()).toBe(0);
  });

  it('an expired stored token is refreshed before the call', async () => {
    const { api, seen } = setup((req) => (req.url.endsWith('GetToken') ? tokenReply('new') : ok(1)), {
      token: { token_type: 'Bearer', access_token: 'stale', expiry: 1_600_000_000_000 },
    });
    await api.call('GetNoticeInfo', {});
    expect(seen[0].url.endsWith('GetToken')).toBe(true);
    expect(seen[1].headers.Authorization).toBe('Bearer new');
  });
});
