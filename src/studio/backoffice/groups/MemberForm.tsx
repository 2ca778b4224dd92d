/**
 * Adding or editing one member: the fields checked as the admin types with
 * the server's own rule (contract memberProblems: the booking server's name,
 * ID and phone rules), the reason under the field; what only the database
 * knows (package, sex, exam number taken, orders) comes back from the server.
 */
import { useId, useState, type FormEvent } from 'react';
import { DEFAULT_MEMBER_FLAG, memberProblems, type MemberField, type MemberFields, type MemberInfo } from '../../../contract/api/backoffice/groups';
import { centreDay } from '../../../contract/rules/centre-day';
import { refusal } from '../refusal';
import { groupsApi } from './groups-api';

const FIELDS: Array<{ key: MemberField; label: string; hint?: string }> = [
  { key: 'name', label: '姓名', hint: '最多 6 个字' },
  { key: 'idCard', label: '身份证号' },
  { key: 'tel', label: '手机号', hint: '成员登录团检时填写' },
  { key: 'clusCode', label: '套餐编码' },
  { key: 'regNo', label: '体检号' },
  { key: 'flag', label: '体检类别', hint: `空着为${DEFAULT_MEMBER_FLAG}` },
];

const empty: MemberFields = { name: '', idCard: '', tel: '', clusCode: '', regNo: '', flag: '' };

export function MemberForm(props: { code: string; member?: MemberInfo; onDone: (m: MemberInfo | null) => void }) {
  const m = props.member;
  const [f, setF] = useState<MemberFields>(m ? { name: m.name, idCard: m.idCard, tel: m.tel, clusCode: m.clusCode, regNo: m.regNo, flag: m.flag } : empty);
  const [errors, setErrors] = useState<Partial<Record<MemberField | 'form', string>>>({});
  const [busy, setBusy] = useState(false);
  const id = useId();

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const found = memberProblems(f, centreDay(Date.now()));
    setErrors(found);
    if (Object.keys(found).length) return;
    setBusy(true);
    try {
      const r = m ? await groupsApi.updateMember(m.id, f) : await groupsApi.addMember(props.code, f);
      props.onDone(r.member);
    } catch (err) {
      const t = refusal(err);
      if (t !== null) setErrors({ form: t });
    } finally {
      setBusy(false);
    }
  };

  return (
    <form className="bo-groups-member-form" onSubmit={submit} aria-label={m ? `修改成员 ${m.name}` : '添加成员'} noValidate>
      <div className="bo-form">
        {FIELDS.map((x) => (
          <div key={x.key} className="st-field">
            <label htmlFor={`${id}-${x.key}`}>
              <span>{x.label}</span>
            </label>
            <input
              id={`${id}-${x.key}`}
              className="st-input"
              value={f[x.key]}
              autoComplete="off"
              aria-invalid={!!errors[x.key]}
              aria-describedby={errors[x.key] ? `${id}-${x.key}-err` : undefined}
              onChange={(e) => setF({ ...f, [x.key]: e.target.value })}
            />
            {errors[x.key] ? (
              <span className="st-error st-small-text" id={`${id}-${x.key}-err`} role="alert">
                {errors[x.key]}
              </span>
            ) : (
              x.hint && <span className="st-muted st-small-text">{x.hint}</span>
            )}
          </div>
        ))}
      </div>
      <div className="bo-toolbar">
        <button className="st-btn st-primary" type="submit" disabled={busy}>
          {busy ? '正在保存…' : m ? '保存修改' : '添加成员'}
        </button>
        <button className="st-btn" type="button" onClick={() => props.onDone(null)}>
          取消
        </button>
        {errors.form && (
          <span className="st-error" role="alert">
            {errors.form}
          </span>
        )}
      </div>
    </form>
  );
}
