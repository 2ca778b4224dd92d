/**
 * An admin's roles in the 管理员 view (contract/rules/studio-roles.ts): the
 * checkboxes that choose them (adding an admin, changing one's roles), the chips
 * that show them in the list, and the row's editor. 只读 stands alone: ticking it
 * clears the others and ticking another clears it, so the page never offers a set
 * the rule refuses; studioRolesProblem still says why before anything is sent,
 * and the server checks again.
 */
import { useId, useState } from 'react';
import type { StudioAdminInfo, StudioAdminRolesRes } from '../../contract/api/studio';
import { STUDIO_ROLE_LABEL, STUDIO_ROLES, studioRolesProblem, type StudioRole } from '../../contract/rules/studio-roles';
import { studioApi, studioCall } from '../api';
import { refusal } from '../backoffice/refusal';
import { useStudio } from '../store';
import './admins-roles.css';

export const ROLE_HINT: Record<StudioRole, string> = {
  config: '修改流程、表单与问卷，发布与恢复配置，管理管理员和角色',
  ops: '维护院区、套餐、号源、团体等业务数据，处理运营事务，可看完整证件号与手机号',
  readonly: '只能查看，证件号与手机号打码',
};

/** The roles after ticking or unticking `role`. */
export function toggleRole(roles: readonly StudioRole[], role: StudioRole): StudioRole[] {
  if (roles.includes(role)) return roles.filter((r) => r !== role);
  if (role === 'readonly') return ['readonly'];
  return STUDIO_ROLES.filter((r) => r !== 'readonly' && (r === role || roles.includes(r)));
}

export function RolesPicker({ value, onChange, error, disabled, legend = '角色' }: { value: StudioRole[]; onChange: (v: StudioRole[]) => void; error?: string; disabled?: boolean; legend?: string }) {
  const id = useId();
  return (
    <fieldset className="st-roles-pick" aria-describedby={error ? `${id}-err` : undefined} aria-invalid={error ? true : undefined} disabled={disabled}>
      <legend>{legend}</legend>
      {STUDIO_ROLES.map((r) => (
        <label key={r} className="st-roles-option">
          <input type="checkbox" name={`role-${r}`} checked={value.includes(r)} onChange={() => onChange(toggleRole(value, r))} />
          <span className="st-roles-name">{STUDIO_ROLE_LABEL[r]}</span>
          <span className="st-muted st-small-text">{ROLE_HINT[r]}</span>
        </label>
      ))}
      {error ? (
        <p className="st-error st-small-text" id={`${id}-err`} role="alert">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}

export function RoleChips({ roles }: { roles: readonly StudioRole[] }) {
  return (
    <span className="st-roles-chips" data-roles={roles.join(',')}>
      {roles.map((r) => (
        <span key={r} className={`st-chip st-roles-chip st-roles-${r}`} title={ROLE_HINT[r]}>
          {STUDIO_ROLE_LABEL[r]}
        </span>
      ))}
    </span>
  );
}

/**
 * A row's roles with 修改角色 (a 配置 admin only): the picker in place, 保存 / 取消.
 * Changing your own roles refreshes what this page offers (/me); the last 配置
 * admin keeping 配置 is the server's rule (409), shown next to the picker.
 */
export function RolesCell({ admin, canManage, onSaved }: { admin: StudioAdminInfo; canManage: boolean; onSaved: (text: string) => void }) {
  const me = useStudio((s) => s.user?.username);
  const [editing, setEditing] = useState<StudioRole[] | null>(null);
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);

  const save = async () => {
    if (!editing) return;
    const problem = studioRolesProblem(editing);
    if (problem) return setError(problem);
    setBusy(true);
    setError('');
    try {
      await studioCall<StudioAdminRolesRes>('POST', `/admins/${encodeURIComponent(admin.username)}/roles`, { roles: editing });
      setEditing(null);
      if (admin.username === me) useStudio.setState({ user: await studioApi.me() }); // what this page offers follows at once
      onSaved(`已修改 ${admin.username} 的角色，TA 的下一次操作即按新角色处理。`);
    } catch (e) {
      const text = refusal(e); // 409: the last 配置 admin keeps it (STUDIO_LAST_CONFIG)
      if (text !== null) setError(text);
    } finally {
      setBusy(false);
    }
  };

  if (!editing) {
    return (
      <div className="st-roles-cell">
        <RoleChips roles={admin.roles} />
        {canManage ? (
          <button className="st-btn st-small" onClick={() => (setError(''), setEditing([...admin.roles]))} aria-label={`修改 ${admin.username} 的角色`}>
            修改角色
          </button>
        ) : null}
      </div>
    );
  }
  return (
    <div className="st-roles-cell st-roles-editing">
      <RolesPicker value={editing} onChange={setEditing} error={error} disabled={busy} legend={`${admin.username} 的角色`} />
      <div className="st-row">
        <button className="st-btn st-small st-primary" disabled={busy} onClick={() => void save()}>
          {busy ? '正在保存…' : '保存角色'}
        </button>
        <button className="st-btn st-small" disabled={busy} onClick={() => setEditing(null)}>
          取消
        </button>
      </div>
    </div>
  );
}
