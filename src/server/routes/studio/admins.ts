/**
 * Studio admin accounts, managed in the studio (src/contract/api/studio.ts):
 * list, add (with roles), set an admin's roles, change your own password, remove
 * another admin. Adding, roles and removing need 配置 (a POST that declares no
 * studioRole, routes/studio/index.ts); never leaving the studio without a 配置
 * admin is checked under the admins lock (services/studio/admins.ts). Behind the same
 * session and CSRF checks as every studio call (routes/studio/index.ts). Names
 * and passwords follow the one rule of src/contract/rules/studio-admin.ts (the
 * env's STUDIO_ADMIN_PASSWORD too); the current password of a change is counted
 * like a sign-in, so a page left open cannot be used to guess it. Every change is
 * logged with who made it (studioUser) and written to the audit log in its own
 * transaction.
 */
import type { FastifyInstance } from 'fastify';
import {
  STUDIO_LAST_CONFIG,
  STUDIO_SESSION_COOKIE,
  STUDIO_WRONG_CURRENT,
  type StudioAdminCreateReq,
  type StudioAdminCreateRes,
  type StudioAdminRemoveRes,
  type StudioAdminRolesReq,
  type StudioAdminRolesRes,
  type StudioAdminsRes,
  type StudioPasswordReq,
  type StudioPasswordRes,
} from '../../../contract/api/studio';
import { studioNameProblem, studioPasswordProblem } from '../../../contract/rules/studio-admin';
import { studioRoleRefusal, studioRolesProblem } from '../../../contract/rules/studio-roles';
import { cookieValue } from '../../services/platform/oauth-session';
import { addStudioAdmin, listStudioAdmins, removeStudioAdmin, setStudioAdminRoles, setStudioPassword, verifyStudioPassword } from '../../services/studio/admins';
import { StudioFailure } from '../../services/studio/live-sync';
import { endOtherStudioSessions } from '../../services/studio/sessions';
import { studioBody } from './body';
import { replyLocked } from './lockout';

export const MSG_NAME_TAKEN = '用户名已存在';
export const MSG_SAME_PASSWORD = '新密码不能与当前密码相同';
export const MSG_REMOVE_SELF = '不能删除自己的账号';
export const MSG_REMOVE_LAST = '至少要保留一个管理员';
export const MSG_NO_ADMIN = '没有这个管理员';
const MSG_GONE = '请先登录';

export async function studioAdminRoutes(s: FastifyInstance): Promise<void> {
  const { db, clock } = s.deps;

  s.get('/admins', async () => ({ admins: await listStudioAdmins(db) }) satisfies StudioAdminsRes);

  s.post('/admins', async (req, reply) => {
    const body = studioBody<StudioAdminCreateReq>('StudioAdminCreate', req.body);
    const username = body.username.trim();
    const problem = studioNameProblem(username) ?? studioPasswordProblem(body.password) ?? studioRolesProblem(body.roles);
    if (problem) throw new StudioFailure(400, problem);
    const by = req.studioSession!.username;
    if ((await addStudioAdmin(db, username, body.password, body.roles, by, clock.now())) === 'exists') throw new StudioFailure(409, MSG_NAME_TAKEN);
    req.log.info({ studioUser: by, admin: username, roles: body.roles }, 'studio: admin added');
    const admin = (await listStudioAdmins(db)).find((a) => a.username === username)!;
    return reply.code(201).send({ admin } satisfies StudioAdminCreateRes);
  });

  // One's own password: every admin, 只读 too.
  s.post('/password', { config: { studioRole: 'readonly' } }, async (req, reply) => {
    const { current, next } = studioBody<StudioPasswordReq>('StudioPassword', req.body);
    const problem = studioPasswordProblem(next);
    if (problem) throw new StudioFailure(400, problem);
    const me = req.studioSession!.username;
    const now = clock.now();
    const verdict = await verifyStudioPassword(db, me, current, req.ip, now);
    if (verdict.kind === 'wrong' || (verdict.kind === 'locked' && verdict.counted)) req.log.warn({ studioUser: me }, 'studio: password change refused (wrong current password)');
    if (verdict.kind === 'locked') return replyLocked(reply, verdict.ms);
    if (verdict.kind === 'wrong') throw new StudioFailure(401, STUDIO_WRONG_CURRENT);
    if (next === current) throw new StudioFailure(400, MSG_SAME_PASSWORD);
    await setStudioPassword(db, me, next, now);
    const endedSessions = await endOtherStudioSessions(db, me, cookieValue(req.headers.cookie, STUDIO_SESSION_COOKIE));
    req.log.info({ studioUser: me, endedSessions }, 'studio: own password changed, other sessions ended');
    return { endedSessions } satisfies StudioPasswordRes;
  });

  s.post<{ Params: { name: string } }>('/admins/:name/remove', async (req) => {
    const target = req.params.name;
    const by = req.studioSession!.username;
    const r = await removeStudioAdmin(db, target, by, clock.now());
    if (r === 'self') throw new StudioFailure(409, MSG_REMOVE_SELF);
    if (r === 'last') throw new StudioFailure(409, MSG_REMOVE_LAST);
    if (r === 'last-config') throw new StudioFailure(409, STUDIO_LAST_CONFIG);
    if (r === 'missing') throw new StudioFailure(404, MSG_NO_ADMIN);
    if (r === 'gone') throw new StudioFailure(401, MSG_GONE);
    req.log.info({ studioUser: by, admin: target, endedSessions: r.endedSessions }, 'studio: admin removed, their sessions ended');
    return { removed: target, endedSessions: r.endedSessions } satisfies StudioAdminRemoveRes;
  });

  // Another admin's roles, or your own (the last-config rule alike); they apply at that admin's next call.
  s.post<{ Params: { name: string } }>('/admins/:name/roles', async (req) => {
    const { roles } = studioBody<StudioAdminRolesReq>('StudioAdminRoles', req.body);
    const problem = studioRolesProblem(roles);
    if (problem) throw new StudioFailure(400, problem);
    const target = req.params.name;
    const by = req.studioSession!.username;
    const r = await setStudioAdminRoles(db, target, roles, by, clock.now());
    if (r === 'missing') throw new StudioFailure(404, MSG_NO_ADMIN);
    if (r === 'last-config') throw new StudioFailure(409, STUDIO_LAST_CONFIG);
    if (r === 'gone') throw new StudioFailure(401, MSG_GONE);
    if (r === 'refused') throw new StudioFailure(403, studioRoleRefusal('config'));
    req.log.info({ studioUser: by, admin: target, before: r.before, after: r.after }, 'studio: admin roles changed');
    const admin = (await listStudioAdmins(db)).find((a) => a.username === target)!;
    return { admin } satisfies StudioAdminRolesRes;
  });
}
