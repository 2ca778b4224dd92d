/** The examinee's questionnaire list and the patient facts a questionnaire is prefilled with. */
import type { Db } from '../../db/types';
import type { PatientInfo, QuestionListItem, QuestionnaireKind, QuestionnaireStatus } from '../../../contract/api/questionnaires';
import { idCardBirth, idCardSex } from '../../../contract/rules/idcard';
import { centreMinute } from '../../../contract/rules/centre-day';
import type { QuestionnaireRegistry } from './validation';

export async function patientInfo(db: Db, regno: string, today: string): Promise<PatientInfo[]> {
  const rows = await db.all<Record<string, string | number>>(
    `SELECT reg_no, name, tel, lnc_name, idcard, age, sex_male, flag FROM exam_patients WHERE reg_no = $1`,
    [regno],
  );
  if (rows.length) {
    return rows.map((r) => ({
      name: String(r.name),
      tel: String(r.tel),
      lncName: String(r.lnc_name),
      idcard: String(r.idcard),
      age: Number(r.age),
      sex: Number(r.sex_male) === 1,
      regno: String(r.reg_no),
      flag: String(r.flag),
    }));
  }
  // A group member of the core seed / TeamLogin data: age and sex from the ID number.
  const members = await db.all<{ reg_no: string; pat_name: string; tel: string; idcard: string; flag: string; lnc_name: string | null }>(
    `SELECT m.reg_no, m.pat_name, m.tel, m.idcard, m.flag, c.lnc_name FROM team_members m LEFT JOIN companies c ON c.lnc_code = m.lnc_code WHERE m.reg_no = $1`,
    [regno],
  );
  return members.slice(0, 1).map((m) => {
    const birth = idCardBirth(m.idcard);
    let age = 0;
    if (birth) {
      age = Number(today.slice(0, 4)) - Number(birth.slice(0, 4));
      if (today.slice(5) < birth.slice(5)) age -= 1;
    }
    return {
      name: m.pat_name,
      tel: m.tel,
      lncName: m.lnc_name ?? '',
      idcard: m.idcard,
      age: Math.max(0, age),
      sex: /^\d{17}[\dXx]$/.test(m.idcard) ? idCardSex(m.idcard) === 1 : true,
      regno: m.reg_no,
      flag: m.flag,
    };
  });
}


/**
 * 我的问卷: the user's answers, newest first, plus every `listed` questionnaire of
 * the registry not answered yet, as 待填写 (id '': the flow opens it by kind).
 */
export async function listQuestionnaires(db: Db, openId: string, registry: QuestionnaireRegistry): Promise<QuestionListItem[]> {
  const rows = await db.all<{ id: string; title: string; kind: string; status: string; schema_id: string | null; schema_version: string | null; updated_at: number | string }>(
    `SELECT id, title, kind, status, schema_id, schema_version, updated_at FROM questionnaire_answers
      WHERE owner_kind = 'openid' AND owner_key = $1 ORDER BY updated_at DESC, id`,
    [openId],
  );
  const answered = rows.map((r) => ({
    id: r.id,
    title: r.title,
    submitTime: r.status === 'completed' ? centreMinute(Number(r.updated_at)) : '',
    status: (['completed', 'pending', 'processing'].includes(r.status) ? r.status : 'pending') as QuestionnaireStatus,
    kind: r.kind as QuestionnaireKind,
    schemaId: r.schema_id,
    schemaVersion: r.schema_version,
  }));
  const have = new Set(rows.map((r) => r.kind));
  const open = Object.entries(registry)
    .filter(([id, q]) => q.listed && q.owner === 'openid' && !have.has(id))
    .map(([id, q]) => ({ id: '', title: q.title, submitTime: '', status: 'pending' as QuestionnaireStatus, kind: id, schemaId: null, schemaVersion: null }));
  return [...open, ...answered];
}
