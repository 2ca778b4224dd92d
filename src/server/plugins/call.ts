/**
 * defineCall(): the one way to mount a contract call (src/contract/calls.ts).
 *
 *   defineCall(app, 'GetPersonSumList', {
 *     bodySchema?: object,               // default: schemas/api/<name>.json when present
 *     handler: async (body, req) => returnData | { returnMsg, returnData },
 *   });
 *
 * - mounts POST (or GET for toWeChatOauth) at /api/<path> from CALLS;
 * - applies the call's auth kind (401 + envelope when the bearer is missing/expired);
 * - per-user calls (`owner` in CALLS): the bearer must be bound to the openid the
 *   body names (or that owns the order body.id, or that holds a grant for the exam
 *   number body.regno): client token → 401 MSG_NEED_USER, another openid's token
 *   → 403 MSG_FORBIDDEN, before the handler runs (checkOwner);
 * - refuses a body larger than its schema allows (plugins/body-limit.ts, 413);
 * - unwraps `{encryStr}` bodies when crypto is enabled (plugins/crypto.ts);
 * - validates the body with the shared Ajv (Chinese message of the first error);
 * - wraps the result: `{ success: true, returnMsg: '成功' | yours, returnData }`;
 * - `throw new ApiError('<中文>')` → `{ success: false, returnMsg, returnData: null }` (HTTP 200).
 * Handlers reach db/config/providers/clock through `req.server.deps` (ServerDeps).
 */
import fs from 'node:fs';
import path from 'node:path';
import { PACKAGE_SCHEMAS } from '../paths';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { CALLS, APPROVER_TOKEN_HEADER, REPORT_TOKEN_HEADER, type CallDef, type CallName } from '../../contract/calls';
import { compileSchema, firstMessageZh } from '../../engine/schema/ajv';
import type { Db } from '../db/types';
import type { ServerConfig } from '../services/platform/config';
import type { Providers } from '../providers/wechat/types';
import { bearerOf, checkToken } from '../services/platform/tokens';
import { mayActForRegno } from '../services/groups/regno-grants';
import { unwrapEncryBody } from './crypto';
import { ApiError } from './api-error';

export { ApiError } from './api-error';
import { bodyLimitFor } from './body-limit';
import type { LiveConfig } from '../config-live';

export interface Clock {
  /** Epoch milliseconds. */
  now(): number;
}

export interface ServerDeps {
  db: Db;
  config: ServerConfig;
  providers: Providers;
  clock: Clock;
  /** Form schemas by path below schemas/ from the served flow config (absent: the repository's files). */
  formSchemas?: Record<string, object>;
  /** The served config, when the server serves one (its version, swaps). */
  live?: LiveConfig;
}

declare module 'fastify' {
  interface FastifyInstance {
    deps: ServerDeps;
  }
  interface FastifyRequest {
    /** Subject of the checked bearer (service token: openid or client name; report/approver token: its subject). */
    authSubject?: string | null;
  }
}

export const MSG_UNAUTHORIZED = '登录已过期，请重新登录';
/** A per-user call with a token not bound to any openid (client credentials), or OAuth proof missing. */
export const MSG_NEED_USER = '请重新授权';
/** A per-user call naming another openid than the token's. */
export const MSG_FORBIDDEN = '无权访问他人的信息';

/** Subjects of client-credentials service tokens (GetToken password grant). */
export const CLIENT_SUBJECT_PREFIX = 'client:';

/** The openid a service token is bound to (userOpenid / GetToken by openid), or null for a client token. */
export function boundOpenid(subject: string | null | undefined): string | null {
  return subject && !subject.startsWith(CLIENT_SUBJECT_PREFIX) ? subject : null;
}
export const MSG_BAD_REQUEST = '请求参数错误';

export type CallResult<T = unknown> = T | { returnMsg: string; returnData: T };

export interface CallOptions<B = any> {
  bodySchema?: object;
  handler: (body: B, req: FastifyRequest, reply: FastifyReply) => Promise<CallResult>;
}

/**
 * The request schemas are the server's own contract, found next to its source (not in the
 * working directory or CONFIG_DIR, which hold the centre's flows): validation can never be
 * switched off by starting the server from another folder.
 */
export const SCHEMA_DIR = path.join(PACKAGE_SCHEMAS, 'api');
if (!fs.existsSync(SCHEMA_DIR)) throw new Error(`request schemas missing: ${SCHEMA_DIR}`);

function loadSchema(name: string): object | undefined {
  const file = path.join(SCHEMA_DIR, `${name}.json`);
  if (!fs.existsSync(file)) return undefined;
  const s = JSON.parse(fs.readFileSync(file, 'utf8')) as Record<string, unknown>;
  return { ...s, $id: s.$id ?? `api/${name}` };
}

function isEnvelopePart(r: unknown): r is { returnMsg: string; returnData: unknown } {
  if (!r || typeof r !== 'object' || Array.isArray(r)) return false;
  const keys = Object.keys(r);
  return keys.length === 2 && keys.includes('returnMsg') && keys.includes('returnData');
}

/** Checks the auth kind of a call; throws ApiError(401) when not satisfied. */
export async function requireAuth(app: FastifyInstance, kind: string, req: FastifyRequest): Promise<void> {
  if (kind === 'none') return;
  const { db, clock } = app.deps;
  const now = clock.now();
  const service = await checkToken(db, 'service', bearerOf(req.headers.authorization), now);
  if (!service) throw new ApiError(MSG_UNAUTHORIZED, { status: 401 });
  req.authSubject = service.subject;
  if (kind === 'report' || kind === 'approver') {
    const header = kind === 'report' ? REPORT_TOKEN_HEADER : APPROVER_TOKEN_HEADER;
    const raw = req.headers[header];
    const t = await checkToken(db, kind, Array.isArray(raw) ? raw[0] : raw, now);
    if (!t) throw new ApiError(MSG_UNAUTHORIZED, { status: 401 });
    req.authSubject = t.subject;
  }
}

/** A per-user call needs a token bound to an openid (not a client token): else 401, so the app fetches one by openid. */
export function requireUser(req: FastifyRequest): string {
  const subject = boundOpenid(req.authSubject);
  if (!subject) throw new ApiError(MSG_NEED_USER, { status: 401 });
  return subject;
}

/**
 * Per-user calls: the token must be bound to the openid whose data is asked for.
 * Runs after requireAuth (which set req.authSubject) and body validation.
 */
export async function checkOwner(app: FastifyInstance, owner: CallDef['owner'], req: FastifyRequest, body: Record<string, unknown>): Promise<void> {
  if (!owner) return;
  const subject = requireUser(req);
  if (owner === 'order') {
    // An order that does not exist is left to the handler (its own "order missing" answer).
    const o = await app.deps.db.one<{ openid: string }>('SELECT openid FROM orders WHERE id = $1', [String(body.id ?? '')]);
    if (o && o.openid !== subject) throw new ApiError(MSG_FORBIDDEN, { status: 403 });
    return;
  }
  if (owner === 'regno') {
    // Exam numbers are short and sequential: no grant → 403 whether or not the regno exists
    // (no existence oracle); the handler's "unknown regno" answer is for grant holders only.
    const regno = body.regno;
    if (typeof regno !== 'string' || !(await mayActForRegno(app.deps.db, subject, regno))) throw new ApiError(MSG_FORBIDDEN, { status: 403 });
    return;
  }
  if (body[owner] !== subject) throw new ApiError(MSG_FORBIDDEN, { status: 403 });
}

export function defineCall<B = any>(app: FastifyInstance, name: CallName, opts: CallOptions<B>): void {
  const def = CALLS[name];
  const schema = opts.bodySchema ?? loadSchema(name);
  const validate = schema ? compileSchema(schema) : undefined;
  app.route({
    method: def.method,
    url: `/api/${def.path}`,
    bodyLimit: bodyLimitFor(schema),
    handler: async (req, reply) => {
      await requireAuth(app, def.auth, req);
      const owner = (def as CallDef).owner;
      if (owner) requireUser(req); // before the body is even looked at
      let body: unknown = def.method === 'GET' ? { ...(req.query as object) } : req.body;
      if (body === undefined || body === null || body === '') body = {};
      if (typeof body !== 'object' || Array.isArray(body)) throw new ApiError(MSG_BAD_REQUEST, { status: 400 });
      body = unwrapEncryBody(app, body as Record<string, unknown>);
      if (validate && !validate(body)) throw new ApiError(firstMessageZh(validate.errors, MSG_BAD_REQUEST));
      await checkOwner(app, owner, req, body as Record<string, unknown>);
      const out = await opts.handler(body as B, req, reply);
      if (reply.sent) return reply;
      if (isEnvelopePart(out)) return { success: true, returnMsg: out.returnMsg, returnData: out.returnData };
      return { success: true, returnMsg: '成功', returnData: out === undefined ? null : out };
    },
  });
}
