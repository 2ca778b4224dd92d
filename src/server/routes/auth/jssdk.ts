/**
 * JsSdkConfig: the wx.config signature for a page of this app. The jsapi_ticket is
 * shared through the database (services/platform/wechat-tokens.ts); the signature is
 * made here because the ticket must never reach the client.
 *
 * Only pages on this server's own origin, PUBLIC_URL or OAUTH_ALLOWED_ORIGINS are
 * signed: a signature is worth something only for a JS-safe domain of the account, and
 * signing any URL would let other sites borrow the account's JS-SDK permissions.
 * In the sandbox (no official account) the call refuses; the app's effects then do nothing.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ApiError, defineCall } from '../../plugins/call';
import { jsSdkSignature, WeChatApiError } from '../../providers/wechat-mp/index';
import { jsapiTicket } from '../../services/platform/wechat-tokens';
import { nonce } from '../../services/platform/ids';
import { ownOrigins } from './origins';
import type { JsSdkConfigAnswer, JsSdkConfigBody } from '../../../contract/api/wechat';

export const MSG_JSSDK_SANDBOX = '演示环境未接入微信公众号';
export const MSG_JSSDK_FOREIGN = '页面地址不属于本站';
export const MSG_JSSDK_UNAVAILABLE = '微信功能暂不可用，请稍后再试';

/** The page URL without `#…` when it is on an origin this server answers for; else null. */
export function pageUrlToSign(raw: string, req: FastifyRequest, publicUrl: string, allowed: string[]): string | null {
  const url = raw.split('#')[0];
  let u: URL;
  try {
    u = new URL(url);
  } catch {
    return null;
  }
  if (!/^https?:$/.test(u.protocol) || u.username || u.password) return null;
  const own = [`${req.protocol}://${req.host}`, ...ownOrigins(publicUrl, allowed)];
  return own.includes(u.origin) ? url : null;
}

export async function jsSdkRoutes(app: FastifyInstance): Promise<void> {
  const { config } = app.deps;
  defineCall(app, 'JsSdkConfig', {
    handler: async (body: JsSdkConfigBody, req): Promise<JsSdkConfigAnswer> => {
      const mp = app.deps.providers.mp;
      if (mp.name === 'sandbox') throw new ApiError(MSG_JSSDK_SANDBOX);
      const url = pageUrlToSign(body.url, req, config.publicUrl, config.oauthAllowedOrigins);
      if (!url) {
        req.log.warn({ url: body.url.slice(0, 200) }, 'JsSdkConfig refused a page outside this server');
        throw new ApiError(MSG_JSSDK_FOREIGN);
      }
      let ticket: string;
      try {
        ticket = await jsapiTicket({ db: app.deps.db, now: () => app.deps.clock.now(), appid: config.wechat.appid, log: req.log }, mp);
      } catch (err) {
        if (err instanceof WeChatApiError) req.log.warn({ errcode: err.errcode, errmsg: err.errmsg }, `wechat ${err.api} failed (errcode ${err.errcode})`);
        else req.log.warn({ err }, 'wechat jsapi_ticket unavailable');
        throw new ApiError(MSG_JSSDK_UNAVAILABLE);
      }
      const timestamp = Math.floor(app.deps.clock.now() / 1000);
      const nonceStr = nonce();
      return { appId: config.wechat.appid, timestamp, nonceStr, signature: jsSdkSignature({ ticket, nonceStr, timestamp, url }) };
    },
  });
}
