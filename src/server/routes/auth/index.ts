/**
 * GetToken (password grant / openid refresh), toWeChatOauth (GET redirect), userOpenid.
 *
 * OAuth is the only proof of an openid: toWeChatOauth sets the signed OAuth cookie
 * (services/platform/oauth-session.ts) for the openid it resolved; userOpenid and GetToken
 * by openid issue an openid-bound token (subject = openid) only when that cookie
 * proves the openid of the body, else HTTP 401 MSG_NEED_USER. The password grant
 * gives a client token (subject `client:<id>`) for public calls only.
 */
import { timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ApiError, CLIENT_SUBJECT_PREFIX, MSG_NEED_USER, defineCall } from '../../plugins/call';
import { provenOpenid, setOpenidCookie } from '../../services/platform/oauth-session';
import { issueToken } from '../../services/platform/tokens';
import { userOf } from '../../services/orders';
import { RETRYABLE_CODE_ERRORS, SANDBOX_OPENID, WeChatApiError } from '../../providers/wechat-mp/index';
import { jsSdkRoutes } from './jssdk';
import { ownOrigins } from './origins';
import { CALLS } from '../../../contract/calls';

const same = (a: unknown, b: string) => {
  const x = Buffer.from(String(a ?? ''));
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
};

function origin(req: FastifyRequest, publicUrl: string): string {
  return publicUrl || `${req.protocol}://${req.host}`;
}

/** Relative URLs, the request's own origin and configured origins only (no open redirect). */
function safeTarget(target: string, req: FastifyRequest, allowed: string[]): string | null {
  if (!target) return null;
  if (target.startsWith('/') && !target.startsWith('//') && !target.startsWith('/\\')) return target;
  try {
    const u = new URL(target);
    if (!/^https?:$/.test(u.protocol)) return null;
    if (u.host === req.host || allowed.includes(u.origin)) return target;
  } catch {
    /* not a URL */
  }
  return null;
}

/** WeChat's `state` (a-zA-Z0-9 only): the first authorization, and the one retry after a refused code. */
const OAUTH_STATE = 'oauth';
const OAUTH_RETRY_STATE = 'oauthretry';

function withParams(target: string, params: Record<string, string>): string {
  return target + (target.includes('?') ? '&' : '?') + new URLSearchParams(params).toString();
}

async function ensureUser(app: FastifyInstance, openid: string) {
  const now = app.deps.clock.now();
  await app.deps.db.run(
    `INSERT INTO users (openid, created_at, updated_at) VALUES ($1, $2, $2) ON CONFLICT (openid) DO NOTHING`,
    [openid, now],
  );
}

export async function authRoutes(app: FastifyInstance): Promise<void> {
  const { config } = app.deps;
  await jsSdkRoutes(app);

  /** The body's openid when the request's OAuth cookie proves it; else 401 (the app re-runs OAuth). */
  const requireProof = (req: FastifyRequest, openid: unknown): string => {
    const proven = provenOpenid(req, config.sessionSecret, app.deps.clock.now());
    if (!proven || typeof openid !== 'string' || openid !== proven) throw new ApiError(MSG_NEED_USER, { status: 401 });
    return proven;
  };

  defineCall(app, 'GetToken', {
    handler: async (body: Record<string, unknown>, req) => {
      const { db, clock } = app.deps;
      if (body.openid !== undefined && body.openid !== '') {
        const openid = requireProof(req, body.openid);
        const u = await db.one('SELECT openid FROM users WHERE openid = $1', [openid]);
        if (!u) throw new ApiError('暂未注册');
        return issueToken(db, 'service', openid, config.tokenTtlSec, clock.now());
      }
      const c = config.tokenClient;
      const ok =
        body.grant_type === 'password' &&
        body.scope === 'api1' &&
        same(body.client_id, c.client_id) &&
        same(body.client_secret, c.client_secret) &&
        same(body.name, c.name) &&
        same(body.password, c.password);
      if (!ok) throw new ApiError('客户端认证失败');
      return issueToken(db, 'service', `${CLIENT_SUBJECT_PREFIX}${c.client_id}`, config.tokenTtlSec, clock.now());
    },
  });

  defineCall(app, 'toWeChatOauth', {
    handler: async (q: Record<string, string>, req, reply) => {
      const target = safeTarget(String(q.targetUrl ?? ''), req, ownOrigins(config.publicUrl, config.oauthAllowedOrigins));
      if (!target) throw new ApiError('微信授权失败');
      const provider = app.deps.providers.mp;
      const done = async (openid: string) => {
        await ensureUser(app, openid);
        setOpenidCookie(reply, req, { key: config.sessionSecret, openid, nowMs: app.deps.clock.now(), publicUrl: config.publicUrl });
        return reply.redirect(withParams(target, { success: 'true', type: 'oauth', returnMsg: '', returnData: openid, openid }), 302);
      };
      const self = `${origin(req, config.publicUrl)}/api/${CALLS.toWeChatOauth.path}?${new URLSearchParams({ targetUrl: target }).toString()}`;
      try {
        if (q.code) return await done(await provider.codeToOpenid(String(q.code)));
        const url = provider.authorizeUrl(self, OAUTH_STATE);
        if (url) return reply.redirect(url, 302);
        // sandbox: answer at once with the demo openid (or ?openid=… for other demo users)
        const openid = typeof q.openid === 'string' && /^[\w-]{1,64}$/.test(q.openid) ? q.openid : SANDBOX_OPENID;
        return await done(openid);
      } catch (err) {
        if (err instanceof WeChatApiError) {
          req.log.warn({ errcode: err.errcode, errmsg: err.errmsg, state: q.state }, `wechat oauth refused the code (errcode ${err.errcode})`);
          // A used or stale code (the OAuth address reloaded, a double tap): one fresh authorization.
          // The retry carries its own state, so a second refusal ends here instead of looping.
          const again = RETRYABLE_CODE_ERRORS.has(err.errcode) && q.state !== OAUTH_RETRY_STATE ? provider.authorizeUrl(self, OAUTH_RETRY_STATE) : null;
          if (again) return reply.redirect(again, 302);
        } else req.log.warn({ err }, 'oauth failed');
        return reply.redirect(withParams(target, { success: 'false', type: 'oauth', returnMsg: '微信授权失败', returnData: '', openid: '' }), 302);
      }
    },
  });

  defineCall(app, 'userOpenid', {
    handler: async (body: { openid: string }, req) => {
      const { db, clock } = app.deps;
      const openid = requireProof(req, body.openid);
      await ensureUser(app, openid);
      const user = await userOf(db, openid);
      const tokenInfo = await issueToken(db, 'service', openid, config.tokenTtlSec, clock.now());
      const registered = Boolean(user.name && user.idCard);
      return { tokenInfo, user, registered };
    },
  });
}
