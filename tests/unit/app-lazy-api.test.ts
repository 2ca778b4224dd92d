import { describe, expect, it } from 'vitest';
import type { AxiosAdapter } from 'axios';
import { createApi, type Api } from '../../src/app/api/client';
import { ANSWER_LIFE_MS, withInlineAnswers } from '../../src/app/api/inline-answers';
import { createLazyApi } from '../../src/app/api/lazy-api';
import { createLoadingTracker } from '../../src/app/api/loading';

const answer: AxiosAdapter = async (config) => ({ data: { success: true, returnMsg: '成功', returnData: config.url }, status: 200, statusText: '', headers: {}, config, request: {} });

function setup(failures: number) {
  const loading = createLoadingTracker();
  const seen: number[] = [];
  let loads = 0;
  const api = createLazyApi(
    {
      config: { apiHost: '', crypto: undefined, tokenClient: undefined } as never,
      getToken: () => ({ token_type: 'Bearer', access_token: 't', expiry: 0 }),
      setToken: () => {},
      getOpenid: () => null,
      getHeaderTokens: () => ({}),
      messages: { networkErrorRetry: '网络不好，请稍后再试' },
      adapter: answer,
      loading,
      log: () => {},
    },
    async () => {
      loads += 1;
      seen.push(loading.count());
      if (loads <= failures) throw new TypeError('Failed to fetch dynamically imported module');
      return { createApi };
    },
  );
  return { api, loading, seen, loads: () => loads };
}

describe('the request layer loaded with the first call', () => {
  it('loads once for every call, with the progress bar up while it loads', async () => {
    const { api, loading, seen, loads } = setup(0);
    const [a, b] = await Promise.all([api.call('GetNoticeInfo', {}), api.call('GetItemCombList', {}, { noLoading: true })]);
    expect(a.returnData).toContain('GetNoticeInfo');
    expect(b.success).toBe(true);
    expect(loads()).toBe(1);
    expect(seen).toEqual([1]); // the first call's bar was up while the layer loaded
    expect(loading.count()).toBe(0);
  });

  it("a layer that does not arrive fails the call with the centre's no-answer text, and the next call asks again", async () => {
    const { api, loading, loads } = setup(1);
    await expect(api.call('GetNoticeInfo', {})).rejects.toMatchObject({ name: 'RequestError', message: '网络不好，请稍后再试', status: null, callName: 'GetNoticeInfo' });
    expect(loading.count()).toBe(0);
    expect((await api.call('GetNoticeInfo', {})).success).toBe(true);
    expect(loads()).toBe(2);
  });
});

describe('the answers the page carries for its first screen (api/inline-answers.ts)', () => {
  const carried = [{ name: 'GetClusItemList', body: { clus_type: '4' }, answer: { success: true, returnMsg: '成功', returnData: { m: [1], w: [] } } }];
  function counted() {
    const asked: string[] = [];
    const net = {
      call: async (name: string, body?: Record<string, unknown>) => (asked.push(`${name} ${JSON.stringify(body)}`), { success: true, returnMsg: 'net', returnData: null }),
    } as unknown as Api;
    return { asked, net };
  }

  it('the same call and body, once, without the network; any other call goes out', async () => {
    const { asked, net } = counted();
    const api = withInlineAnswers(net, carried);
    expect((await api.call('GetClusItemList', { clus_type: '1' })).returnMsg).toBe('net'); // another body
    const first = await api.call('GetClusItemList', { clus_type: '4' });
    expect(first).toEqual(carried[0].answer);
    expect(first).not.toBe(carried[0].answer); // a copy: the step may change what it keeps
    expect((await api.call('GetClusItemList', { clus_type: '4' })).returnMsg).toBe('net'); // once
    expect(asked).toEqual(['GetClusItemList {"clus_type":"1"}', 'GetClusItemList {"clus_type":"4"}']);
  });

  it('an answer not asked for within a minute of the page is dropped', async () => {
    const { asked, net } = counted();
    let now = 1000;
    const api = withInlineAnswers(net, carried, () => now);
    now += ANSWER_LIFE_MS + 1;
    expect((await api.call('GetClusItemList', { clus_type: '4' })).returnMsg).toBe('net');
    expect(asked).toHaveLength(1);
  });
});
