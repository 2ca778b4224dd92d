/**
 * The wx.config signature (WeChat 公众号文档 附录1-JS-SDK使用权限签名算法): the
 * published example — its noncestr, jsapi_ticket, timestamp and url give the printed
 * signature. The current appendix prints the url `http://mp.weixin.qq.com?params=value`
 * (→ 0f9de62f…); earlier copies of the same page printed `http://mp.weixin.qq.com`
 * (→ f4d90daf…). Both are checked.
 */
import { describe, expect, it } from 'vitest';
import { jsSdkSignString, jsSdkSignature } from '../../src/server/providers/wechat-mp/jssdk-sign';

const EXAMPLE = {
  nonceStr: 'Wm3WZYTPz0wzccnW',
  ticket: 'sM4AOVdWfPE4DxkXGEs8VMCPGGVi4C3VM0P37wVUCFvkVAy_90u5h9nbSlYy3-Sl-HhTdfl2fzFy1AOcHKP7qg',
  timestamp: 1414587457,
  url: 'http://mp.weixin.qq.com?params=value',
};

describe('JS-SDK signature (appendix 1)', () => {
  it('builds string1 in ASCII key order with raw values', () => {
    expect(jsSdkSignString(EXAMPLE)).toBe(
      'jsapi_ticket=sM4AOVdWfPE4DxkXGEs8VMCPGGVi4C3VM0P37wVUCFvkVAy_90u5h9nbSlYy3-Sl-HhTdfl2fzFy1AOcHKP7qg&noncestr=Wm3WZYTPz0wzccnW&timestamp=1414587457&url=http://mp.weixin.qq.com?params=value',
    );
  });

  it('gives the published signature 0f9de62fce790f9a083d5c99e95740ceb90c27ed', () => {
    expect(jsSdkSignature(EXAMPLE)).toBe('0f9de62fce790f9a083d5c99e95740ceb90c27ed');
  });

  it('gives the earlier edition’s signature for the url without a query', () => {
    expect(jsSdkSignature({ ...EXAMPLE, url: 'http://mp.weixin.qq.com' })).toBe('f4d90daf4b3bca3078ab155816175ba34c443a7b');
  });

  it('signs the url without its #… part and does not escape it', () => {
    expect(jsSdkSignature({ ...EXAMPLE, url: 'http://mp.weixin.qq.com?params=value#/ReportList?x=1' })).toBe('0f9de62fce790f9a083d5c99e95740ceb90c27ed');
    expect(jsSdkSignString({ ...EXAMPLE, url: 'https://a.cn/p?q=中 文&x=%20' })).toMatch(/&url=https:\/\/a\.cn\/p\?q=中 文&x=%20$/);
  });
});
