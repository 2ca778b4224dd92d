/**
 * The admin studio's API under /api/studio (src/contract/api/studio.ts): plain
 * JSON, failures as `{ error }` in Chinese (an admin reads them), not the
 * examinee calls' envelope. Sign-in, sign-out and the session check are here;
 * the config calls in config.ts, the admin accounts in admins.ts. Every call but sign-in needs the session
 * cookie (401 without), and every POST but sign-in the CSRF header too (403).
 */
import { timingSafeEqual } from 'node:crypto';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { STUDIO_API_PREFIX, STUDIO_CSRF_HEADER, STUDIO_SESSION_COOKIE, type StudioLoginReq, type StudioLoginRes } from '../../../contract/api/studio';
import { cookieValue } from '../../services/platform/oauth-session';
import { recordStudioSignIn, verifyStudioPassword } from '../../services/studio/admins';
import { createStudioSession, endStudioSession, findStudioSession, setStudioCookie, type StudioSession } from '../../services/studio/sessions';
import { StudioFailure, type StudioLive } from '../../services/studio/live-sync';
import { hasStudioRole, studioRoleRefusal, type StudioRole } from '../../../contract/rules/studio-roles';
import { studioBackOfficeRoutes } from './backoffice';
import { studioBody } from './body';
import { studioConfigRoutes } from './config';
import { studioAdminRoutes } from './admins';
import { replyLocked } from './lockout';

export const MSG_WRONG_LOGIN = '用户名或密码错误';
export const MSG_NEED_LOGIN = '请先登录';
export const MSG_BAD_CSRF = '页面已过期，请刷新后重试';
export const MSG_BAD_REQUEST = '请求格式错误';
export const MSG_TOO_LARGE = '提交的内容过大';
export const MSG_SERVER = '服务器出错，请稍后再试';

declare module 'fastify' {
  interface FastifyRequest {
    studioSession?: StudioSession;
  }
  interface FastifyContextConfig {
    /**
     * The role a studio call needs (contract/rules/studio-roles.ts). Unsaid: a
     * GET needs none (every admin reads), any other method needs 'config' — a
     * new change route is refused to 运营 and 只读 until it says otherwise.
     */
    studioRole?: StudioRole;
  }
  interface FastifyInstance {
    /** Every studio route as registered (tests walk each change route against each role). */
    studioRouteList?: StudioRouteRecord[];
  }
}

/** A studio route as registered: method, full URL and the role it declares (none: the default above). */
export interface StudioRouteRecord {
  method: string;
  url: string;
  studioRole?: StudioRole;
}

const sameText = (a: string, b: string) => {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
};

export async function studioRoutes(app: FastifyInstance, studio: StudioLive): Promise<void> {
  const { db, clock, config } = app.deps;
  const secure = config.nodeEnv === 'production';
  const routeList: StudioRouteRecord[] = [];
  app.decorate('studioRouteList', routeList);

  await app.register(
    async (s) => {
      s.addHook('onRoute', (r) => {
        for (const method of [r.method].flat()) routeList.push({ method, url: r.url, studioRole: r.config?.studioRole });
      });
      s.setErrorHandler((err: FastifyError | StudioFailure, req, reply) => {
        if (err instanceof StudioFailure) return reply.code(err.status).send(err.errors ? { error: err.message, errors: err.errors } : { error: err.message });
        const status = (err as FastifyError).statusCode ?? 500;
        if (status === 413) return reply.code(413).send({ error: MSG_TOO_LARGE });
        if (status >= 400 && status < 500) return reply.code(400).send({ error: MSG_BAD_REQUEST });
        req.log.error({ err }, 'studio: unexpected error');
        return reply.code(500).send({ error: MSG_SERVER });
      });
      s.setNotFoundHandler((_req, reply) => reply.code(404).send({ error: '接口不存在' }));

      // The session (and, for a change, the CSRF header) before any body is read.
      s.addHook('onRequest', async (req: FastifyRequest, reply: FastifyReply) => {
        if (req.method === 'POST' && req.routeOptions.url === `${STUDIO_API_PREFIX}/login`) return;
        const session = await findStudioSession(db, cookieValue(req.headers.cookie, STUDIO_SESSION_COOKIE), clock.now());
        if (!session) return reply.code(401).send({ error: MSG_NEED_LOGIN });
        if (req.method !== 'GET' && req.method !== 'HEAD') {
          const sent = req.headers[STUDIO_CSRF_HEADER];
          if (typeof sent !== 'string' || !sameText(sent, session.csrf)) return reply.code(403).send({ error: MSG_BAD_CSRF });
        }
        const need = req.routeOptions.config?.studioRole ?? (req.method === 'GET' || req.method === 'HEAD' ? 'readonly' : 'config');
        if (!hasStudioRole(session.roles, need)) {
          req.log.warn({ studioUser: session.username, need, url: req.url }, 'studio: refused, role missing');
          return reply.code(403).send({ error: studioRoleRefusal(need) });
        }
        req.studioSession = session;
      });
      s.addHook('onSend', async (_req, reply) => {
        reply.header('cache-control', 'no-store');
      });

      s.post('/login', async (req, reply) => {
        const { username, password } = studioBody<StudioLoginReq>('StudioLogin', req.body);
        const now = clock.now();
        const name = username.trim();
        // Counted per name (whether or not it exists: a lock-out must not say which names do) and per client address.
        const verdict = await verifyStudioPassword(db, name, password, req.ip, now);
        if (verdict.kind === 'wrong' || (verdict.kind === 'locked' && verdict.counted)) req.log.warn({ studioUser: name }, 'studio sign-in failed');
        if (verdict.kind === 'locked') return replyLocked(reply, verdict.ms);
        if (verdict.kind === 'wrong') return reply.code(401).send({ error: MSG_WRONG_LOGIN });
        await recordStudioSignIn(db, name, now);
        const { token, session } = await createStudioSession(db, name, now);
        setStudioCookie(reply, token, secure);
        req.log.info({ studioUser: name }, 'studio sign-in');
        return { username: session.username, csrf: session.csrf, roles: session.roles } satisfies StudioLoginRes;
      });

      s.post('/logout', { config: { studioRole: 'readonly' } }, async (req, reply) => {
        await endStudioSession(db, cookieValue(req.headers.cookie, STUDIO_SESSION_COOKIE));
        setStudioCookie(reply, null, secure);
        return reply.code(204).send();
      });

      s.get('/me', async (req) => ({ username: req.studioSession!.username, csrf: req.studioSession!.csrf, roles: req.studioSession!.roles }) satisfies StudioLoginRes);

      await studioConfigRoutes(s, studio);
      await studioAdminRoutes(s);
      await studioBackOfficeRoutes(s);
    },
    { prefix: STUDIO_API_PREFIX },
  );
}
