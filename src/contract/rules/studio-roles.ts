/**
 * Studio roles (issue 23): what an admin may change. The server checks them on
 * every call (routes/studio/index.ts, from each route's `studioRole`); the page
 * only hides what the server would refuse anyway.
 *  - config (配置): edits flows and schemas, publishes, manages admins and roles;
 *  - ops (运营): business data (catalogue, capacity, groups, imports) and operations
 *    (anomaly actions), and reads names' full ID and phone numbers;
 *  - readonly (只读): reads everything, ID and phone masked, changes nothing.
 * An admin holds config, ops or both; readonly stands alone. Stored as a
 * comma-joined text in studio_admins.roles (existing admins: 'config,ops').
 */

export type StudioRole = 'config' | 'ops' | 'readonly';

export const STUDIO_ROLES: readonly StudioRole[] = ['config', 'ops', 'readonly'];

export const STUDIO_ROLE_LABEL: Record<StudioRole, string> = { config: '配置', ops: '运营', readonly: '只读' };

/** The refusal when an admin lacks the role a change needs. */
export const studioRoleRefusal = (role: StudioRole) => `没有权限：需要「${STUDIO_ROLE_LABEL[role]}」角色`;

/** Parses the stored text; anything unknown is dropped, nothing left → readonly. */
export function parseStudioRoles(text: string | null | undefined): StudioRole[] {
  const set = new Set((text ?? '').split(',').map((s) => s.trim()).filter((s): s is StudioRole => (STUDIO_ROLES as string[]).includes(s)));
  if (set.has('readonly') || set.size === 0) return ['readonly'];
  return STUDIO_ROLES.filter((r) => set.has(r));
}

/** null when the set may be given to an admin, else why not. */
export function studioRolesProblem(roles: unknown): string | null {
  if (!Array.isArray(roles) || roles.length === 0) return '请至少选择一个角色';
  if (roles.some((r) => !(STUDIO_ROLES as unknown[]).includes(r))) return '未知的角色';
  if (roles.includes('readonly') && roles.length > 1) return '「只读」不能与其他角色同时选择';
  return null;
}

export const formatStudioRoles = (roles: readonly StudioRole[]) => parseStudioRoles(roles.join(',')).join(',');

export const hasStudioRole = (roles: readonly StudioRole[] | undefined, role: StudioRole) => role === 'readonly' || (roles ?? []).includes(role);

/** Whether full ID card and phone numbers may be shown (else masked). */
export const seesPersonalNumbers = (roles: readonly StudioRole[] | undefined) => hasStudioRole(roles, 'ops');
