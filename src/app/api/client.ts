/**
 * The request layer (after-booking spec §7): one axios instance, POST JSON to
 * `${apiHost}/api/<CALLS[name].path>`, cookies sent, the service bearer as
 * `Authorization: <token_type> <access_token>`, report/approver tokens as their
 * headers, optional `encryStr` body wrapping, one token refresh + one retry on
 * HTTP 401, a progress bar while calls are in flight, and jsonText returnData parsed.
 *
 * Tokens: the password grant gives a client token (public calls only); an
 * openid-bound token comes from userOpenid (the OAuth step stores its tokenInfo)
 * or GetToken {openid}, which the server grants only with the OAuth cookie it set
 * on the OAuth redirect (sent by the browser: same origin, or withCredentials).
 * When GetToken {openid} is refused with 401 (cookie gone or expired), the layer
 * tells the app (onOpenidRefused: forget the user, so the next auth route runs
 * OAuth again) and falls back to the password grant; the call is still retried
 * only once, so a refused proof can never loop.
 *
 * This module and axios load together with the first call, not with the first page (lazy-api.ts).
 *
 * Resolves with the envelope for every answer that has one (success true or false);
 * rejects with RequestError(<spec text>) when there is no usable answer.
 */
import axios, { type AxiosAdapter, type AxiosInstance, type AxiosResponse } from 'axios';
import { APPROVER_TOKEN_HEADER, REPORT_TOKEN_HEADER, callDefOf, isEnvelope, jsonTextValue, type CallDef, type Envelope, type StartupConfig } from '../../contract/calls';
import { RequestError, messageForStatus, type RequestMessages } from './errors';
import { loading as pageLoading, type LoadingTracker } from './loading';

export interface TokenInfo {
  token_type: string;
  access_token: string;
  /** Epoch ms after which the token is not used (0 = unknown). */
  expiry: number;
}

export interface ApiDeps {
  config: Pick<StartupConfig, 'apiHost' | 'crypto' | 'tokenClient'>;
  /** Reads the current service token (session store). */
  getToken(): TokenInfo | null | undefined;
  /** Stores a new service token (session store). */
  setToken(t: TokenInfo): void;
  getOpenid(): string | null | undefined;
  /** GetToken {openid} answered 401: the openid is no longer proven (OAuth cookie gone); forget the user. */
  onOpenidRefused?(): void;
  /** Report / approver bearer values for their headers. */
  getHeaderTokens(): { report?: string | null; approver?: string | null };
  /** Told the config version the server names in each answer (`x-config-version`). */
  onConfigVersion?(version: string | undefined): void;
  /** The centre's texts for failures without an answer (flows/messages.yaml). */
  messages?: RequestMessages;
  /** Test seam: axios adapter. */
  adapter?: AxiosAdapter;
  now?: () => number;
  log?: (...args: unknown[]) => void;
  loading?: LoadingTracker;
  timeoutMs?: number;
}

export interface CallOpts {
  noLoading?: boolean;
}

export interface Api {
  call<T = unknown>(name: string, body?: Record<string, unknown>, opts?: CallOpts): Promise<Envelope<T>>;
  /** Start-up password grant (config.tokenClient). */
  fetchTokenByPassword(): Promise<TokenInfo>;
  /** GetToken {openid} (after a 401). */
  fetchTokenByOpenid(openid: string): Promise<TokenInfo>;
  /** A valid token: the stored one, else a fresh one (openid when known, else password grant). */
  ensureToken(): Promise<TokenInfo>;
  /** The axios instance (loads axios on first use). */
  http(): Promise<AxiosInstance>;
}

/** Tokens within this margin of expiry are refreshed before use. */
const EXPIRY_MARGIN_MS = 30_000;

export function callDef(name: string): CallDef {
  const def = callDefOf(name);
  if (!def) throw new RequestError(`unknown call ${name}`, null, name);
  return def;
}

export function createApi(deps: ApiDeps): Api {
  const now = deps.now ?? (() => Date.now());
  const log = deps.log ?? ((...a: unknown[]) => console.warn(...a));
  const tracker = deps.loading ?? pageLoading;
  const base = `${(deps.config.apiHost || '').replace(/\/+$/, '')}/api/`;
  let instance: AxiosInstance | null = null;
  const http = async (): Promise<AxiosInstance> =>
    (instance ??= axios.create({
      baseURL: base,
      withCredentials: true,
      timeout: deps.timeoutMs ?? 30_000,
      headers: { 'Content-Type': 'application/json' },
      // Every status resolves; the layer maps them itself.
      validateStatus: () => true,
      ...(deps.adapter ? { adapter: deps.adapter } : {}),
    }));

  // crypto-js (≈25 kB gzip) loads only when a deployment turns encryStr on.
  const wrap = async (body: Record<string, unknown>): Promise<Record<string, unknown>> => {
    const c = deps.config.crypto;
    if (!c?.enabled) return body;
    if (!c.keySeed) throw new RequestError('crypto enabled without keySeed', null, '');
    const { encryptBody } = await import('../../contract/rules/encry');
    return { encryStr: encryptBody(body, { keySeed: c.keySeed, substitution: c.substitution }, now()) };
  };

  async function send(name: string, def: CallDef, body: Record<string, unknown>, token: TokenInfo | null): Promise<AxiosResponse> {
    const headers: Record<string, string> = {};
    if (def.auth !== 'none' && token?.access_token) headers.Authorization = `${token.token_type || 'Bearer'} ${token.access_token}`;
    const ht = deps.getHeaderTokens();
    if (ht.report) headers[REPORT_TOKEN_HEADER] = ht.report;
    if (ht.approver) headers[APPROVER_TOKEN_HEADER] = ht.approver;
    try {
      const h = await http();
      const res = def.method === 'GET' ? await h.get(def.path, { params: body, headers }) : await h.post(def.path, await wrap(body), { headers });
      deps.onConfigVersion?.(res.headers?.['x-config-version'] as string | undefined);
      return res;
    } catch (e) {
      if (e instanceof RequestError) throw e;
      // No answer: timeout, offline, DNS, CORS.
      log('request failed', name, (e as Error).message);
      throw new RequestError(messageForStatus(null, deps.messages), null, name);
    }
  }

  function finish<T>(name: string, def: CallDef, res: AxiosResponse): Envelope<T> {
    const data: unknown = typeof res.data === 'string' && res.data.trim().startsWith('{') ? safeParse(res.data) : res.data;
    const ok2xx = res.status >= 200 && res.status < 300;
    if (!isEnvelope(data) || (!ok2xx && res.status >= 500)) {
      log('api error', name, res.status);
      throw new RequestError(messageForStatus(ok2xx ? 400 : res.status, deps.messages), res.status, name);
    }
    if (!ok2xx) log('api error', name, res.status, data.returnMsg);
    const env = { ...data } as Envelope<T>;
    if (def.jsonText && typeof env.returnData === 'string') {
      env.returnData = jsonTextValue(env.returnData) as T;
    }
    return env;
  }

  async function tokenCall(body: Record<string, unknown>): Promise<TokenInfo> {
    const def = callDef('GetToken');
    const res = await send('GetToken', def, body, null);
    const env = finish<{ token_type?: string; access_token?: string; expires_in?: number }>('GetToken', def, res);
    const rd = env.returnData;
    if (!env.success || !rd || typeof rd !== 'object' || !rd.access_token) {
      log('GetToken failed', env.returnMsg);
      throw new RequestError(env.returnMsg || messageForStatus(res.status, deps.messages), res.status, 'GetToken');
    }
    const t: TokenInfo = {
      token_type: rd.token_type || 'Bearer',
      access_token: rd.access_token,
      expiry: typeof rd.expires_in === 'number' ? now() + rd.expires_in * 1000 : 0,
    };
    deps.setToken(t);
    return t;
  }

  const fetchTokenByPassword = () =>
    tokenCall({
      grant_type: 'password',
      client_id: deps.config.tokenClient?.client_id,
      client_secret: deps.config.tokenClient?.client_secret,
      name: deps.config.tokenClient?.name,
      password: deps.config.tokenClient?.password,
      scope: 'api1',
    });
  const fetchTokenByOpenid = (openid: string) => tokenCall({ openid });

  // One refresh at a time: concurrent 401s share it.
  let refreshing: Promise<TokenInfo> | null = null;
  function refresh(): Promise<TokenInfo> {
    if (!refreshing) {
      const openid = deps.getOpenid();
      const byOpenid = (id: string) =>
        fetchTokenByOpenid(id).catch((e: unknown) => {
          if (!(e instanceof RequestError) || e.status !== 401) throw e;
          log('openid not proven: OAuth needed', e.message);
          deps.onOpenidRefused?.();
          return fetchTokenByPassword();
        });
      refreshing = (openid ? byOpenid(openid) : fetchTokenByPassword()).finally(() => {
        refreshing = null;
      });
    }
    return refreshing;
  }

  const usable = (t: TokenInfo | null | undefined): t is TokenInfo =>
    !!t?.access_token && (!t.expiry || t.expiry - EXPIRY_MARGIN_MS > now());

  async function ensureToken(): Promise<TokenInfo> {
    const t = deps.getToken();
    return usable(t) ? t : refresh();
  }

  async function call<T>(name: string, body: Record<string, unknown> = {}, opts: CallOpts = {}): Promise<Envelope<T>> {
    const def = callDef(name);
    const done = opts.noLoading ? () => {} : tracker.start();
    try {
      let token: TokenInfo | null = null;
      if (def.auth !== 'none') {
        try {
          token = await ensureToken();
        } catch {
          token = deps.getToken() ?? null; // try anyway; a 401 below takes the normal path
        }
      }
      let res = await send(name, def, body, token);
      if (res.status === 401 && def.auth !== 'none') {
        log('login expired', name);
        let fresh: TokenInfo | null = null;
        try {
          fresh = await refresh();
        } catch (e) {
          log('token refresh failed', (e as Error).message);
        }
        if (fresh) res = await send(name, def, body, fresh); // exactly one retry
      }
      return finish<T>(name, def, res);
    } finally {
      done();
    }
  }

  return { call, fetchTokenByPassword, fetchTokenByOpenid, ensureToken, http };
}

function safeParse(s: string): unknown {
  try {
    return JSON.parse(s);
  } catch {
    return undefined;
  }
}
