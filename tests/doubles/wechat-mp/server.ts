/**
 * A local double of api.weixin.qq.com and open.weixin.qq.com, for the official
 * account's side of WeChat: OAuth (the authorize page, sns/oauth2/access_token,
 * sns/userinfo) and the JS-SDK's credentials (cgi-bin/token, cgi-bin/stable_token,
 * cgi-bin/ticket/getticket). Tests only; never imported by src/ (the layer rules say so).
 *
 * It answers as WeChat does: errors are `{errcode, errmsg}` JSON with HTTP 200; an OAuth
 * code is single-use (40163 code been used) and lives 5 minutes (40029 invalid code);
 * a bad secret is 40125 (stable_token, sns) or 40001 (the old cgi-bin/token); a
 * revoked or unknown access token is 40001, an expired one 42001. Every call is counted
 * so tests can assert caching.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { createHash, randomBytes } from 'node:crypto';

export interface WechatMpDoubleOptions {
  appid: string;
  secret: string;
  /** The double's clock (epoch ms): code and token lifetimes. Default Date.now. */
  now?: () => number;
}

export interface WechatMpDouble {
  /** Base URL for both WECHAT_API_BASE_URL and WECHAT_OAUTH_BASE_URL. */
  url: string;
  /** Calls by path without the leading slash (`cgi-bin/ticket/getticket`, `connect/oauth2/authorize`, …). */
  calls: Record<string, number>;
  /** Who the authorize page logs in (the person holding the phone). */
  setUser(openid: string): void;
  /** A code as the authorize page would issue it (for tests that skip the redirect). */
  issueCode(openid: string, scope?: string): string;
  /** Every jsapi_ticket issued so far (newest last). */
  tickets(): string[];
  /** Does a wx.config signature verify against a ticket this double issued and that is still valid? */
  verifySignature(p: { url: string; nonceStr: string; timestamp: number | string; signature: string }): boolean;
  /** Revokes every access token (another holder forced a refresh): getticket then answers 40001. */
  revokeAccessTokens(): void;
  close(): Promise<void>;
}

const CODE_TTL_MS = 5 * 60_000;
const TOKEN_TTL_S = 7200;

const err = (errcode: number, errmsg: string) => ({ errcode, errmsg: `${errmsg} rid: ${randomBytes(4).toString('hex')}` });
const rnd = (n: number) => randomBytes(n).toString('base64url');

export async function startWechatMpDouble(opts: WechatMpDoubleOptions): Promise<WechatMpDouble> {
  const now = opts.now ?? Date.now;
  const calls: Record<string, number> = {};
  let user = 'o-double-user-0001';
  const codes = new Map<string, { openid: string; scope: string; at: number; used: boolean }>();
  const webTokens = new Map<string, { openid: string; scope: string }>();
  const accessTokens = new Map<string, { until: number; revoked: boolean }>();
  let stable = '';
  const tickets: Array<{ ticket: string; until: number }> = [];

  const issueCode = (openid: string, scope = 'snsapi_base') => {
    const code = rnd(24);
    codes.set(code, { openid, scope, at: now(), used: false });
    return code;
  };
  const newAccessToken = () => {
    const t = rnd(48);
    accessTokens.set(t, { until: now() + TOKEN_TTL_S * 1000, revoked: false });
    return t;
  };
  const tokenState = (t: string) => {
    const a = accessTokens.get(t);
    if (!a || a.revoked) return 'invalid';
    return a.until <= now() ? 'expired' : 'ok';
  };

  function route(path: string, q: URLSearchParams, body: Record<string, unknown>): { status?: number; location?: string; json?: object } {
    switch (path) {
      case 'connect/oauth2/authorize': {
        const redirect = q.get('redirect_uri') ?? '';
        const scope = q.get('scope') ?? '';
        // WeChat shows its own error page for these; a 400 is what a test sees of it.
        if (q.get('appid') !== opts.appid || q.get('response_type') !== 'code' || !['snsapi_base', 'snsapi_userinfo'].includes(scope) || !/^https?:\/\//.test(redirect))
          return { status: 400, json: err(10003, 'redirect_uri or appid wrong') };
        const code = issueCode(user, scope);
        const back = new URL(redirect);
        back.searchParams.set('code', code);
        back.searchParams.set('state', q.get('state') ?? '');
        return { status: 302, location: back.toString() };
      }
      case 'sns/oauth2/access_token': {
        if (q.get('appid') !== opts.appid) return { json: err(40013, 'invalid appid') };
        if (q.get('secret') !== opts.secret) return { json: err(40125, 'invalid appsecret') };
        if (q.get('grant_type') !== 'authorization_code') return { json: err(40002, 'invalid grant_type') };
        const c = codes.get(q.get('code') ?? '');
        if (!c || now() - c.at > CODE_TTL_MS) return { json: err(40029, 'invalid code') };
        if (c.used) return { json: err(40163, 'code been used') };
        c.used = true;
        const access_token = rnd(32);
        webTokens.set(access_token, { openid: c.openid, scope: c.scope });
        return { json: { access_token, expires_in: TOKEN_TTL_S, refresh_token: rnd(32), openid: c.openid, scope: c.scope, is_snapshotuser: 0 } };
      }
      case 'sns/userinfo': {
        const w = webTokens.get(q.get('access_token') ?? '');
        if (!w || w.openid !== q.get('openid')) return { json: err(40001, 'invalid credential, access_token is invalid or not latest') };
        if (w.scope !== 'snsapi_userinfo') return { json: err(48001, 'api unauthorized') };
        return { json: { openid: w.openid, nickname: '体检用户', sex: 0, province: '', city: '', country: '', headimgurl: '', privilege: [] } };
      }
      case 'cgi-bin/token': {
        if (q.get('grant_type') !== 'client_credential') return { json: err(40002, 'invalid grant_type') };
        if (q.get('appid') !== opts.appid) return { json: err(40013, 'invalid appid') };
        if (q.get('secret') !== opts.secret) return { json: err(40001, 'invalid credential, access_token is invalid or not latest') };
        // The old interface: every fetch replaces the token, invalidating the other holders' one.
        for (const a of accessTokens.values()) a.revoked = true;
        stable = newAccessToken();
        return { json: { access_token: stable, expires_in: TOKEN_TTL_S } };
      }
      case 'cgi-bin/stable_token': {
        if (body.grant_type !== 'client_credential') return { json: err(40002, 'invalid grant_type') };
        if (body.appid !== opts.appid) return { json: err(40013, 'invalid appid') };
        if (body.secret !== opts.secret) return { json: err(40125, 'invalid appsecret') };
        // Normal mode answers the same token while it is valid; force_refresh replaces it.
        if (body.force_refresh === true || tokenState(stable) !== 'ok') {
          const old = accessTokens.get(stable);
          if (old) old.revoked = true;
          stable = newAccessToken();
        }
        return { json: { access_token: stable, expires_in: Math.round((accessTokens.get(stable)!.until - now()) / 1000) } };
      }
      case 'cgi-bin/ticket/getticket': {
        const s = tokenState(q.get('access_token') ?? '');
        if (s === 'invalid') return { json: err(40001, 'invalid credential, access_token is invalid or not latest') };
        if (s === 'expired') return { json: err(42001, 'access_token expired') };
        if (q.get('type') !== 'jsapi') return { json: err(40097, 'invalid args') };
        const ticket = rnd(64);
        tickets.push({ ticket, until: now() + TOKEN_TTL_S * 1000 });
        return { json: { errcode: 0, errmsg: 'ok', ticket, expires_in: TOKEN_TTL_S } };
      }
      default:
        return { status: 404, json: err(-1, 'no such api') };
    }
  }

  const server = http.createServer((req, res) => {
    let raw = '';
    req.on('data', (d) => (raw += d));
    req.on('end', () => {
      const u = new URL(req.url ?? '/', 'http://double');
      const path = u.pathname.replace(/^\/+/, '');
      calls[path] = (calls[path] ?? 0) + 1;
      let body: Record<string, unknown> = {};
      try {
        body = raw ? (JSON.parse(raw) as Record<string, unknown>) : {};
      } catch {
        return void res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(err(47001, 'data format error')));
      }
      const out = route(path, u.searchParams, body);
      const headers: Record<string, string> = { 'content-type': 'application/json; charset=utf-8' };
      if (out.location) headers.location = out.location;
      res.writeHead(out.status ?? 200, headers).end(out.json ? JSON.stringify(out.json) : '');
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    url,
    calls,
    setUser(openid) {
      user = openid;
    },
    issueCode,
    tickets: () => tickets.map((t) => t.ticket),
    verifySignature(p) {
      const pageUrl = p.url.split('#')[0];
      return tickets.some(({ ticket, until }) => {
        if (until <= now()) return false;
        const s = `jsapi_ticket=${ticket}&noncestr=${p.nonceStr}&timestamp=${p.timestamp}&url=${pageUrl}`;
        return createHash('sha1').update(s).digest('hex') === p.signature;
      });
    },
    revokeAccessTokens() {
      for (const a of accessTokens.values()) a.revoked = true;
    },
    close: () =>
      new Promise<void>((r) => {
        server.closeAllConnections();
        server.close(() => r());
      }),
  };
}
