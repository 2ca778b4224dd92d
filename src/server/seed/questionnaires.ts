/** Demo questionnaires: group members' patient facts, their grants, a saved occupational answer and a pending health one. */
import dayjs from 'dayjs';
import type { Queryable } from '../db/types';
import { makeIdCard } from '../../contract/rules/idcard';
import { grantRegnos } from '../services/groups/regno-grants';
import { DEMO } from './demo-people';

export const DEMO_SIGNATURE = 'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==';

export const SYMPTOM_KEYS = [
  'headache', 'dizziness', 'vertigo', 'insomnia', 'drowsiness', 'dreams', 'memoryLoss', 'irritability', 'weakness', 'lowFever',
  'nightSweats', 'hyperhidrosis', 'fatigue', 'libidoDecrease', 'visionAbnormality', 'visionDecline', 'eyePain', 'photophobia', 'tearing',
  'visualImpairment', 'dryNose', 'nasalCongestion', 'nosebleed', 'rhinorrhea', 'tinnitus', 'hearingLoss', 'badBreath', 'drooling',
  'toothache', 'looseTeeth', 'dryThroat', 'mouthOdor', 'oralUlcer', 'soreThroat', 'shortness', 'chestTightness', 'chestPain', 'cough',
  'sputum', 'hemoptysis', 'asthma', 'palpitation', 'precordialDiscomfort', 'appetiteLoss', 'weightLoss', 'nausea', 'vomiting',
  'abdominalDistension', 'abdominalPain', 'diarrhea', 'abdominalFluid', 'constipation', 'frequentUrination', 'urgentUrination',
  'painfulUrination', 'lowerLimbPain', 'skinChanges', 'rash', 'edema', 'hairLoss', 'jointPain', 'limbNumbness', 'movementDifficulty',
  'menstrualAbnormality',
] as const;

export function demoOccupationalAnswer(today: string, p: { name: string; idCard: string; tel: string; company: string; age: number }) {
  const symptoms = Object.fromEntries(SYMPTOM_KEYS.map((k) => [k, '-'])) as Record<string, string>;
  symptoms.tinnitus = '+';
  return {
    basicInfo: { company: p.company, examDate: today, name: p.name, gender: '男', age: String(p.age), phone: p.tel, idCard: p.idCard, category: ['在岗期间'] },
    workHistory: {
      totalYears: '12',
      hazardYears: '8',
      hazardTypes: '噪声、粉尘',
      experiences: [
        { period: '2014-03-01', company: p.company, workshop: '冲压车间', jobType: '冲压工', hazardFactors: '噪声', protection: '耳塞' },
        { period: '2018-07-01', company: p.company, workshop: '焊装车间', jobType: '焊工', hazardFactors: '电焊烟尘、噪声', protection: '防尘口罩、耳罩' },
      ],
    },
    medicalHistory: { history: '无', other: '', symptoms: '偶有耳鸣' },
    occupationalHistory: { diseaseName: '', diagnosisDate: '', diagnosisUnit: '' },
    menstrualHistory: { firstAge: '', periodDays: '', cycleDays: '', menopauseAge: '' },
    fertilityHistory: { children: '', abortions: '', prematureBirths: '', stillbirths: '' },
    habits: { smokingType: '偶尔', smokingAmount: '5', smokingYears: '6', smokingQuitYears: '', drinkingType: '从不', drinkingAmount: '', drinkingYears: '', drinkingQuitYears: '' },
    symptoms,
    signature: { patient: DEMO_SIGNATURE, patientDate: today },
  };
}

export async function seedQuestionnaires(db: Queryable, today: string, now: number): Promise<void> {
  const t = dayjs(today);
  // group members' patient info (questionnaire prefill) and a saved occupational questionnaire
  const occ = { name: '陈刚', idCard: makeIdCard('320102', '19860412', '071'), tel: '13600136001', company: '华兴汽车零部件有限公司' };
  await db.run(
    `INSERT INTO exam_patients (reg_no, name, tel, lnc_name, idcard, age, sex_male, flag) VALUES ($1, $2, $3, $4, $5, $6, $7, $8) ON CONFLICT DO NOTHING`,
    [DEMO.patientOccupational, occ.name, occ.tel, occ.company, occ.idCard, t.year() - 1986, 1, '在岗期间职业健康检查'],
  );
  await db.run(
    `INSERT INTO exam_patients (reg_no, name, tel, lnc_name, idcard, age, sex_male, flag) VALUES ($1, $2, $3, $4, $5, $6, $7, $8) ON CONFLICT DO NOTHING`,
    [DEMO.patientOrdinary, '林晓', '13600136002', '华兴汽车零部件有限公司', makeIdCard('320102', '19930805', '082'), t.year() - 1993, 0, '普通体检'],
  );
  // Demo grants: GetPatientinfo / SaveQuestions answer only an openid holding a grant for the
  // regno (CALLS owner 'regno'). In real use TeamLogin under the openid writes it; here the demo
  // openid gets T000101 and T000102 as if it had logged in as those team members, so
  // /#/OccupationalDiseasesQs?regNo=T000101 works in the browser demo. Nobody else gets them.
  await grantRegnos(db, DEMO.openid, [DEMO.patientOccupational, DEMO.patientOrdinary], 'seed', now);
  const occBody = JSON.stringify(demoOccupationalAnswer(today, { ...occ, age: t.year() - 1986 }));
  await db.run(
    `INSERT INTO questionnaire_answers (id, owner_kind, owner_key, kind, title, status, body, schema_id, schema_version, created_at, updated_at)
     VALUES ($1, 'regno', $2, 'occupational', '职业健康检查问卷', 'completed', $3, 'occupational-questionnaire', '1', $4, $4) ON CONFLICT DO NOTHING`,
    ['qa-demo-occ', DEMO.patientOccupational, occBody, now],
  );
  // the demo openid: its occupational questionnaire too (GetQuestion prefill) and a pending health one
  await db.run(
    `INSERT INTO questionnaire_answers (id, owner_kind, owner_key, kind, title, status, body, schema_id, schema_version, created_at, updated_at)
     VALUES ($1, 'openid', $2, 'occupational', '职业健康检查问卷', 'completed', $3, 'occupational-questionnaire', '1', $4, $4) ON CONFLICT DO NOTHING`,
    ['qa-demo-occ-openid', DEMO.openid, occBody, now - 86_400_000],
  );
  await db.run(
    `INSERT INTO questionnaire_answers (id, owner_kind, owner_key, kind, title, status, body, schema_id, schema_version, created_at, updated_at)
     VALUES ($1, 'openid', $2, 'health', '健康问卷', 'pending', NULL, 'health-questionnaire', NULL, $3, $3) ON CONFLICT DO NOTHING`,
    ['qa-demo-health-openid', DEMO.openid, now],
  );
}
