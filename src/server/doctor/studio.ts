/** The admin studio's first admin: production has no default password (services/studio/admins.ts). */
import { studioPasswordProblem } from '../../contract/rules/studio-admin';
import { numberProblem } from './core';
import { findingsOf, val, type Env, type Finding, type SettingInfo } from './types';

const INFO: Record<string, SettingInfo> = {
  STUDIO_ADMIN_USER: { what: '管理后台（/studio/）第一个管理员的用户名，启动时创建', where: '自行确定，1-64 位字母、数字或 _ . @ -' },
  STUDIO_ADMIN_PASSWORD: { what: '该管理员的初始密码（已有同名管理员时不会覆盖）', where: '自行设定；登录后可在管理后台的“管理员”页修改' },
  STUDIO_ADMIN_RESET: { what: '设为 1 时，本次启动把该管理员的密码重置为 STUDIO_ADMIN_PASSWORD', where: '只在忘记密码时用一次，之后删除' },
  STUDIO_POLL_MS: { what: '多台服务器时，其他实例多快跟上新发布的配置（毫秒，默认 2000）', where: '一般不设' },
};

export function studioFindings(env: Env): Finding[] {
  const { out, add } = findingsOf('studio', INFO);
  const user = val(env, 'STUDIO_ADMIN_USER');
  const password = env.STUDIO_ADMIN_PASSWORD ?? '';
  if (!user && !password) add('STUDIO_ADMIN_USER', 'note', '未设置：若数据库里还没有管理员，将无人能登录管理后台');
  else if (!user) add('STUDIO_ADMIN_USER', 'missing', '设置了 STUDIO_ADMIN_PASSWORD，却没有用户名（两项须同时设置）');
  else if (!password) add('STUDIO_ADMIN_PASSWORD', 'missing', '设置了 STUDIO_ADMIN_USER，却没有密码（两项须同时设置）');
  if (user && !/^[A-Za-z0-9_.@-]{1,64}$/.test(user)) add('STUDIO_ADMIN_USER', 'malformed', `“${user}”：只能用 1-64 位字母、数字或 _ . @ -`);
  const weak = password ? studioPasswordProblem(password) : null;
  if (weak) add('STUDIO_ADMIN_PASSWORD', 'malformed', weak);
  if (/^(1|true|yes|on)$/i.test(val(env, 'STUDIO_ADMIN_RESET'))) add('STUDIO_ADMIN_RESET', 'note', '已设置：每次启动都会重置该管理员的密码并让其重新登录；用完请删除');
  const poll = numberProblem(env, 'STUDIO_POLL_MS');
  if (poll) add('STUDIO_POLL_MS', 'malformed', poll);
  return out;
}
