/**
 * Whether the signed-in admin holds 配置 (contract/rules/studio-roles.ts): the
 * config views disable what needs it — publish, restore, writing to the server,
 * managing admins — with NEEDS_CONFIG as the reason. The server refuses anyway.
 */
import { hasStudioRole, STUDIO_ROLE_LABEL } from '../../contract/rules/studio-roles';
import { useStudio } from '../store';

export const NEEDS_CONFIG = `需要「${STUDIO_ROLE_LABEL.config}」角色`;

export function useCanConfig(): boolean {
  return hasStudioRole(useStudio((s) => s.user?.roles), 'config');
}
