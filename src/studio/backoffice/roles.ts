/** The signed-in admin's roles, for hiding what the server would refuse (contract/rules/studio-roles.ts). */
import { hasStudioRole, seesPersonalNumbers, type StudioRole } from '../../contract/rules/studio-roles';
import { useStudio } from '../store';

export function useRoles(): { roles: StudioRole[]; can: (role: StudioRole) => boolean; seesNumbers: boolean } {
  const roles = useStudio((s) => s.user?.roles) ?? ['readonly'];
  return { roles, can: (role) => hasStudioRole(roles, role), seesNumbers: seesPersonalNumbers(roles) };
}
