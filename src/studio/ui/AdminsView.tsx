/**
 * The admins view: who may sign in (added when and by whom, last sign-in, their
 * roles), adding an admin with roles, changing an admin's roles, changing your
 * own password, removing another admin after a confirm step. Adding, roles and
 * removing are a 配置 admin's (admins-roles.tsx); the others see the list and
 * change their own password only — the server refuses the rest anyway. Names and passwords are checked here with the server's own rule
 * (src/contract/rules/studio-admin.ts) and the reason is shown next to the
 * field; the server checks again. A wrong current password is a 401 the server
 * marks with STUDIO_WRONG_CURRENT, not a lost session (which sends the page back
 * to sign-in, like every other call).
 */
import { useCallback, useEffect, useState, type FormEvent } from 'react';
import { STUDIO_WRONG_CURRENT, type StudioAdminInfo } from '../../contract/api/studio';
import { STUDIO_PASSWORD_MIN, studioNameProblem, studioPasswordProblem } from '../../contract/rules/studio-admin';
import { STUDIO_ROLE_LABEL, studioRolesProblem, type StudioRole } from '../../contract/rules/studio-roles';
import { StudioApiError, studioAdminsApi } from '../api';
import { Field as LabelledField, type FieldProps } from '../backoffice/field';
import { refusal as sessionRefusal } from '../backoffice/refusal';
import { SaidLine, type Said } from '../backoffice/status';
import { studio, useStudio } from '../store';
import { lockMessage } from './Login';
import { fmtTime } from './VersionsView';
import { useCanConfig } from './admins-can';
import { RolesCell, RolesPicker } from './admins-roles';

type Errors = Partial<Record<'username' | 'password' | 'again' | 'roles' | 'current' | 'form', string>>;

const Field = (props: FieldProps) => <LabelledField {...props} className="st-admin-field" />;

/** The error to show for a refused call (too many tries: how long to wait), or null when the page went back to sign-in. */
function refusal(e: unknown): string | null {
  if (e instanceof StudioApiError && e.status === 429) return lockMessage(e.retryAfterSec ?? 60);
  return sessionRefusal(e);
}

const PASSWORD_HINT = `至少 ${STUDIO_PASSWORD_MIN} 个字符`;

function AddAdmin({ onAdded }: { onAdded: (name: string) => void }) {
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [again, setAgain] = useState('');
  const [roles, setRoles] = useState<StudioRole[]>([]);
  const [errors, setErrors] = useState<Errors>({});
  const [busy, setBusy] = useState(false);
  const [done, setDone] = useState('');

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setDone('');
    const name = username.trim();
    const found: Errors = {};
    found.username = studioNameProblem(name) ?? undefined;
    found.password = studioPasswordProblem(password) ?? undefined;
    if (!found.password && again !== password) found.again = '两次输入的密码不一致';
    found.roles = studioRolesProblem(roles) ?? undefined;
    setErrors(found);
    if (found.username || found.password || found.again || found.roles) return;
    setBusy(true);
    try {
      await studioAdminsApi.add(name, password, roles);
      setUsername('');
      setPassword('');
      setAgain('');
      setRoles([]);
      setDone(`已添加管理员 ${name}，请把用户名和密码当面告诉 TA。`);
      onAdded(name);
    } catch (err) {
      const text = refusal(err);
      if (text !== null) setErrors(err instanceof StudioApiError && err.status === 409 ? { username: text } : { form: text });
    } finally {
      setBusy(false);
    }
  };

  return (
    <form className="st-card st-admin-form" onSubmit={submit} aria-labelledby="st-add-admin" noValidate>
      <h2 id="st-add-admin">添加管理员</h2>
      <Field label="用户名" error={errors.username} hint="2–32 个字符：字母、数字、汉字或 _ - .">
        {(a) => <input className="st-input" id={a.id} name="new-username" autoComplete="off" value={username} onChange={(e) => setUsername(e.target.value)} aria-invalid={a.invalid} aria-describedby={a.describedBy} />}
      </Field>
      <Field label="密码" error={errors.password} hint={PASSWORD_HINT}>
        {(a) => <input className="st-input" id={a.id} name="new-password" type="password" autoComplete="new-password" value={password} onChange={(e) => setPassword(e.target.value)} aria-invalid={a.invalid} aria-describedby={a.describedBy} />}
      </Field>
      <Field label="再输入一次密码" error={errors.again}>
        {(a) => <input className="st-input" id={a.id} name="new-password-again" type="password" autoComplete="new-password" value={again} onChange={(e) => setAgain(e.target.value)} aria-invalid={a.invalid} aria-describedby={a.describedBy} />}
      </Field>
      <RolesPicker value={roles} onChange={setRoles} error={errors.roles} />
      <FormFoot error={errors.form} done={done} busy={busy} label="添加管理员" busyLabel="正在添加…" />
    </form>
  );
}

function ChangePassword() {
  const [current, setCurrent] = useState('');
  const [next, setNext] = useState('');
  const [again, setAgain] = useState('');
  const [errors, setErrors] = useState<Errors>({});
  const [busy, setBusy] = useState(false);
  const [done, setDone] = useState('');

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setDone('');
    const found: Errors = {};
    if (!current) found.current = '请输入当前密码';
    found.password = studioPasswordProblem(next) ?? undefined;
    if (!found.password && next === current) found.password = '新密码不能与当前密码相同';
    if (!found.password && again !== next) found.again = '两次输入的新密码不一致';
    setErrors(found);
    if (found.current || found.password || found.again) return;
    setBusy(true);
    try {
      const r = await studioAdminsApi.changePassword(current, next);
      setCurrent('');
      setNext('');
      setAgain('');
      setDone(r.endedSessions ? `密码已修改。你在其他 ${r.endedSessions} 处的登录已退出。` : '密码已修改。下次登录请使用新密码。');
    } catch (err) {
      if (err instanceof StudioApiError && err.status === 401 && err.message === STUDIO_WRONG_CURRENT) setErrors({ current: STUDIO_WRONG_CURRENT });
      else {
        const text = refusal(err);
        if (text !== null) setErrors({ form: text });
      }
    } finally {
      setBusy(false);
    }
  };

  return (
    <form className="st-card st-admin-form" onSubmit={submit} aria-labelledby="st-own-password" noValidate>
      <h2 id="st-own-password">修改我的密码</h2>
      <Field label="当前密码" error={errors.current}>
        {(a) => <input className="st-input" id={a.id} name="current-password" type="password" autoComplete="current-password" value={current} onChange={(e) => setCurrent(e.target.value)} aria-invalid={a.invalid} aria-describedby={a.describedBy} />}
      </Field>
      <Field label="新密码" error={errors.password} hint={PASSWORD_HINT}>
        {(a) => <input className="st-input" id={a.id} name="next-password" type="password" autoComplete="new-password" value={next} onChange={(e) => setNext(e.target.value)} aria-invalid={a.invalid} aria-describedby={a.describedBy} />}
      </Field>
      <Field label="再输入一次新密码" error={errors.again}>
        {(a) => <input className="st-input" id={a.id} name="next-password-again" type="password" autoComplete="new-password" value={again} onChange={(e) => setAgain(e.target.value)} aria-invalid={a.invalid} aria-describedby={a.describedBy} />}
      </Field>
      <FormFoot error={errors.form} done={done} busy={busy} label="修改密码" busyLabel="正在修改…" />
      <p className="st-muted st-small-text">修改后，你在其他电脑或浏览器上的登录会退出；这个页面保持登录。</p>
    </form>
  );
}

export default function AdminsView() {
  const me = useStudio((s) => s.user?.username);
  const myRoles = useStudio((s) => s.user?.roles);
  const canManage = useCanConfig();
  const [admins, setAdmins] = useState<StudioAdminInfo[] | null>(null);
  const [asking, setAsking] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<Said>(null);

  const load = useCallback(async () => {
    try {
      setAdmins((await studioAdminsApi.list()).admins);
    } catch (e) {
      studio.fail(e);
    }
  }, []);
  useEffect(() => {
    void load();
  }, [load]);

  const remove = async (name: string) => {
    setBusy(true);
    setMessage(null);
    try {
      await studioAdminsApi.remove(name);
      setMessage({ ok: true, text: `已删除管理员 ${name}，TA 的登录已全部退出。` });
    } catch (e) {
      const text = refusal(e);
      if (text !== null) setMessage({ ok: false, text });
    } finally {
      setAsking(null);
      setBusy(false);
      await load();
    }
  };

  return (
    <div className="st-admins">
      <section>
        <h2>管理员</h2>
        <p className="st-muted">这些账号都可以登录配置工作台；能修改什么由角色决定：配置（流程、表单与问卷，发布配置，管理管理员）、运营（业务数据与运营事务）、只读（只能查看）。不再使用的账号请及时删除。</p>
        {canManage ? null : (
          <p className="st-roles-note" data-testid="admins-readonly-note">
            你的角色是「{(myRoles ?? ['readonly']).map((r) => STUDIO_ROLE_LABEL[r]).join('、')}」：可以查看管理员和修改自己的密码；添加、删除管理员和修改角色需要「配置」角色。
          </p>
        )}
        {admins === null ? (
          <p>正在载入…</p>
        ) : (
          <table className="st-table">
            <thead>
              <tr>
                <th>用户名</th>
                <th>添加时间</th>
                <th>添加人</th>
                <th>最近登录</th>
                <th>角色</th>
                <th />
              </tr>
            </thead>
            <tbody>
              {admins.map((a) => (
                <tr key={a.username} data-admin={a.username}>
                  <td>
                    {a.username}
                    {a.username === me ? <span className="st-chip st-chip-ok">你</span> : null}
                  </td>
                  <td>{fmtTime(a.createdAt)}</td>
                  <td>{a.createdBy ?? <span className="st-muted">（服务器设置）</span>}</td>
                  <td>{a.lastLoginAt ? fmtTime(a.lastLoginAt) : <span className="st-muted">未登录过</span>}</td>
                  <td>
                    <RolesCell admin={a} canManage={canManage} onSaved={(text) => (setMessage({ ok: true, text }), void load())} />
                  </td>
                  <td>
                    <div className="st-actions">
                      {a.username === me || !canManage ? null : asking === a.username ? (
                        <>
                          <span className="st-muted">删除 {a.username}？TA 将立即退出登录。</span>
                          <button className="st-btn st-small st-danger" disabled={busy} onClick={() => void remove(a.username)}>
                            确认删除
                          </button>
                          <button className="st-btn st-small" onClick={() => setAsking(null)}>
                            取消
                          </button>
                        </>
                      ) : (
                        <button className="st-btn st-small" onClick={() => setAsking(a.username)}>
                          删除
                        </button>
                      )}
                    </div>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
        <SaidLine said={message} />
      </section>
      <div className="st-admin-forms">
        {canManage ? <AddAdmin onAdded={() => void load()} /> : null}
        <ChangePassword />
      </div>
    </div>
  );
}

/** A form's refusal or success line (never both: each submit clears them), and its submit button (busy while the call runs). */
function FormFoot({ error, done, busy, label, busyLabel }: { error?: string; done: string | null | undefined; busy: boolean; label: string; busyLabel: string }) {
  return (
    <>
      <SaidLine said={error ? { ok: false, text: error } : done ? { ok: true, text: done } : null} />
      <div className="st-row">
        <button className="st-btn st-primary" type="submit" disabled={busy}>
          {busy ? busyLabel : label}
        </button>
      </div>
    </>
  );
}
