/**
 * hideShare and closeWindow keep today's behaviour outside WeChat (nothing happens,
 * no call is made, the list goes on) and inside WeChat ask the server to sign the page
 * without its `#…`; a refusal (the sandbox) leaves the list going on. The wx.config and
 * bridge calls themselves run in tests/browser/wechat-jssdk.test.ts (a real page).
 */
import { describe, expect, it, vi } from 'vitest';
vi.mock('antd-mobile', () => ({
  ActionSheet: { show: vi.fn(() => ({ close: () => {} })) },
  Dialog: { alert: vi.fn(async () => {}), confirm: vi.fn(async () => true) },
  Toast: { show: vi.fn() },
}));
import { EFFECTS } from '../../src/app/effects/registry';
import { EFFECT_MANIFEST } from '../../src/contract/vocabulary';

function svc(userAgent: string, answer = { success: false, returnMsg: '演示环境未接入微信公众号', returnData: null }) {
  const api = { call: vi.fn(async () => answer) };
  const win = {
    location: { href: 'https://tj.example.cn/?v=7#/ReportList?year=2024' },
    navigator: { userAgent },
    setTimeout: (f: () => void, ms: number) => setTimeout(f, ms),
    clearTimeout: (t: ReturnType<typeof setTimeout>) => clearTimeout(t),
  } as unknown as Window;
  return { api, s: { api, win, startup: { apiHost: '' }, session: {}, steps: {}, loginStepId: '', startStepId: '', step: undefined, navigatePath: () => {} } as any };
}

const WECHAT_UA = 'Mozilla/5.0 (iPhone) AppleWebKit/605.1.15 Mobile/15E148 MicroMessenger/8.0.47 NetType/WIFI';

describe('hideShare / closeWindow', () => {
  it('are in the manifest without outcomes', () => {
    expect(EFFECT_MANIFEST.hideShare.outcomes).toEqual([]);
    expect(EFFECT_MANIFEST.closeWindow.outcomes).toEqual([]);
  });

  it('outside WeChat: resolve at once and ask nothing', async () => {
    const { api, s } = svc('Mozilla/5.0 (iPhone) Safari/604.1');
    expect(await EFFECTS.hideShare.run({}, s)).toBe('');
    expect(await EFFECTS.closeWindow.run({}, s)).toBe('');
    expect(api.call).not.toHaveBeenCalled();
  });

  it('inside WeChat: the page without its hash is signed; a refusal (sandbox) lets the list go on', async () => {
    const { api, s } = svc(WECHAT_UA);
    expect(await EFFECTS.closeWindow.run({}, s)).toBe('');
    expect(api.call).toHaveBeenCalledWith('JsSdkConfig', { url: 'https://tj.example.cn/?v=7' }, { noLoading: true });
    expect(await EFFECTS.hideShare.run({}, s)).toBe('');
    await vi.waitFor(() => expect(api.call).toHaveBeenCalledTimes(2)); // refused once: asked again, not cached
  });
});
