import { describe, expect, it } from 'vitest';
import type { AxiosAdapter } from 'axios';
import { createApi } from '../../src/app/api/client';
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
