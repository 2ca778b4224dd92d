/**
 * Demo data of the after-booking areas, relative to `today` (YYYY-MM-DD,
 * Asia/Shanghai). Idempotent: every insert is ON CONFLICT DO NOTHING (the
 * approver password is re-hashed from env on every run so a changed
 * DIRECTOR_PASSWORD takes effect). Called by the core seed runner.
 *
 * Demo identities (DEMO below; also in docs/decisions-after-booking.md):
 * - Reports, person A: 李明 (phone 13800138000), two years of reports
 * - Reports, person B: 王芳 (phone 13900139000) — the "someone else" of access tests
 * - Person C: 李小明, same phone as A (a family member) — a session bound to A cannot read C
 */
import dayjs from 'dayjs';
import type { Queryable } from '../db/types';
import { makeIdCard } from '../../contract/rules/idcard';
import { directorPasswordFromEnv, setApprover } from '../services/approvals';
import { grantRegnos } from '../services/regno-grants';
import type { ReportItem, ReportDetailRow, CheckCls } from '../../contract/after-booking';

export const DEMO = {
  personA: { id: 'rp-a', name: '李明', idCard: makeIdCard('110101', '19850315', '123'), tel: '13800138000', sex: 1 },
  personB: { id: 'rp-b', name: '王芳', idCard: makeIdCard('310104', '19900708', '246'), tel: '13900139000', sex: 2 },
  personC: { id: 'rp-c', name: '李小明', idCard: makeIdCard('110101', '20120601', '315'), tel: '13800138000', sex: 1 },
  /** person A: this year (tj_cls 0, has PDF) and last year (tj_cls 1, no PDF); B: this year; C: this year */
  reportsA: ['R{Y}0001', 'R{Y-1}0007'],
  reportB: 'R{Y}0002',
  reportC: 'R{Y}0003',
  approver: { id: '1', name: '张主任' },
  openid: 'demo-openid-0001',
  /** exam_patients: group members for GetPatientinfo / SaveQuestions */
  patientOccupational: 'T000101',
  patientOrdinary: 'T000102',
  /** scan-code pay records */
  payValid: 'P000201',
  payExpired: 'P000202',
  payPaid: 'P000203',
} as const;

/** Exam numbers with the year filled in for a given today. */
export function demoRegNos(today: string) {
  const y = Number(today.slice(0, 4));
  const fill = (s: string) => s.replace('{Y-1}', String(y - 1)).replace('{Y}', String(y));
  return { a: DEMO.reportsA.map(fill), b: fill(DEMO.reportB), c: fill(DEMO.reportC) };
}

const chinaMs = (day: string, time = '00:00:00') => Date.parse(`${day}T${time}+08:00`);

export const NOTICE_HTML = `<h3>体检须知</h3>
<ol>
<li><b>预约时间：</b>请至少提前1天预约体检；如需取消，请于体检前一天16:30前在“我的预约”中撤销订单，逾期无法线上取消。</li>
<li><b>空腹要求：</b>体检前一天晚餐清淡、勿饮酒，晚上10点后禁食（可少量饮水）；抽血、腹部B超须在空腹状态下进行，请于上午10:30前完成。</li>
<li><b>证件：</b>请携带本人有效身份证件原件到前台登记，团检人员请同时告知单位名称。</li>
<li><b>慢性病患者：</b>高血压、心脏病患者请照常服药；糖尿病患者请携带降糖药，抽血后及时进食。</li>
<li><b>女性：</b>月经期间请勿做妇科检查及尿液检查，可待经期结束后3-5天补检；怀孕或可能怀孕者请勿做X线检查，并提前告知医生。</li>
<li><b>着装：</b>请穿着宽松、便于穿脱的衣物，勿佩戴金属饰品，勿穿连衣裙、连裤袜。</li>
<li><b>膀胱充盈：</b>做子宫、附件、前列腺B超前需憋尿，请在医生指导下适量饮水。</li>
<li><b>报告领取：</b>体检报告一般于5个工作日后可在“我的报告”中通过手机验证码查询。</li>
</ol>
<p>如有疑问，请致电体检中心咨询。祝您健康！</p>`;

type Lab = [name: string, result: string, unit: string, lower: string, upper: string];

function labRows(rows: Lab[]): ReportDetailRow[] {
  return rows.map(([item_name, rec_result, unit, ref_lower, ref_upper]) => {
    const v = Number(rec_result);
    const lo = Number(ref_lower);
    const hi = Number(ref_upper);
    let hint = '';
    if (ref_lower !== '' && Number.isFinite(v) && v < lo) hint = '↓';
    if (ref_upper !== '' && Number.isFinite(v) && v > hi) hint = '↑';
    return { item_name, rec_result, hint, unit, ref_lower, ref_upper };
  });
}

const text = (item_name: string, rec_result: string, hint = ''): ReportDetailRow => ({ item_name, rec_result, hint, unit: '', ref_lower: '', ref_upper: '' });

function item(check_cls: CheckCls, comb_name: string, res_tag: string, dept_doct: string, detailList: ReportDetailRow[], accessionNumber?: string): ReportItem {
  return accessionNumber ? { check_cls, comb_name, res_tag, dept_doct, accessionNumber, detailList } : { check_cls, comb_name, res_tag, dept_doct, detailList };
}

function itemsFor(regNo: string, female: boolean, variant: number): ReportItem[] {
  const hi = variant === 0;
  return [
    item('0', '一般检查', hi ? '体重指数偏高，血压偏高' : '未见明显异常', '刘医生', [
      ...labRows([
        ['身高', female ? '162' : '175', 'cm', '', ''],
        ['体重', female ? '55' : hi ? '82' : '74', 'kg', '', ''],
        ['体重指数', female ? '21.0' : hi ? '26.8' : '24.2', 'kg/m²', '18.5', '23.9'],
        ['收缩压', hi ? '142' : '118', 'mmHg', '90', '139'],
        ['舒张压', hi ? '92' : '76', 'mmHg', '60', '89'],
      ]),
    ]),
    item('0', '内科', '未见明显异常', '陈医生', [text('心律', '齐'), text('肺部听诊', '未闻及异常'), text('肝脏触诊', '未触及')]),
    item('1', '胸部DR（正位）', '双肺纹理清晰，心影不大', '赵医生', [text('检查所见', '胸廓对称，双肺纹理清晰，未见明显实质性病变；心影大小形态正常。'), text('检查结论', '胸部正位片未见明显异常')], `${regNo}-DR1`),
    item('1', '腹部彩超', hi ? '脂肪肝（轻度）' : '肝胆胰脾未见明显异常', '孙医生', [
      text('检查所见', hi ? '肝脏形态大小正常，实质回声增强，后方回声衰减。胆、胰、脾未见异常。' : '肝、胆、胰、脾形态大小正常，回声均匀。'),
      text('检查结论', hi ? '轻度脂肪肝' : '未见明显异常', hi ? '异常' : ''),
    ], `${regNo}-US1`),
    item('2', '血常规', hi ? '白细胞偏高' : '未见明显异常', '检验科 周医生', labRows([
      ['白细胞计数(WBC)', hi ? '10.8' : '6.2', '10^9/L', '3.5', '9.5'],
      ['红细胞计数(RBC)', female ? '4.12' : '4.85', '10^12/L', female ? '3.8' : '4.3', female ? '5.1' : '5.8'],
      ['血红蛋白(HGB)', female ? '108' : '148', 'g/L', female ? '115' : '130', female ? '150' : '175'],
      ['血小板计数(PLT)', '235', '10^9/L', '125', '350'],
    ])),
    item('2', '肝功能', hi ? '谷丙转氨酶偏高' : '未见明显异常', '检验科 周医生', labRows([
      ['谷丙转氨酶(ALT)', hi ? '58' : '22', 'U/L', '9', '50'],
      ['谷草转氨酶(AST)', '28', 'U/L', '15', '40'],
      ['总胆红素(TBIL)', '12.5', 'μmol/L', '0', '21'],
    ])),
    item('2', '血脂四项', hi ? '甘油三酯偏高' : '未见明显异常', '检验科 周医生', labRows([
      ['总胆固醇(TC)', hi ? '5.9' : '4.6', 'mmol/L', '0', '5.2'],
      ['甘油三酯(TG)', hi ? '2.3' : '1.1', 'mmol/L', '0', '1.7'],
      ['高密度脂蛋白(HDL-C)', hi ? '0.9' : '1.3', 'mmol/L', '1.0', ''],
      ['低密度脂蛋白(LDL-C)', '3.1', 'mmol/L', '0', '3.4'],
    ])),
    item('2', '空腹血糖', '未见明显异常', '检验科 周医生', labRows([['葡萄糖(GLU)', '5.3', 'mmol/L', '3.9', '6.1']])),
    item('*', '心电图', '窦性心律，正常心电图', '吴医生', [text('心电图诊断', '窦性心律，心率72次/分，正常心电图')]),
    item('*', '眼科', '未见明显异常', '郑医生', [text('视力（右/左）', '1.0 / 1.0'), text('眼底', '未见异常')]),
  ];
}

function pacsSvg(title: string, acc: string): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="512" height="512" viewBox="0 0 512 512">
<rect width="512" height="512" fill="#111"/>
<ellipse cx="256" cy="270" rx="170" ry="200" fill="#333"/>
<ellipse cx="190" cy="260" rx="60" ry="130" fill="#1c1c1c"/>
<ellipse cx="322" cy="260" rx="60" ry="130" fill="#1c1c1c"/>
<rect x="246" y="90" width="20" height="330" fill="#666"/>
<text x="16" y="32" fill="#ddd" font-size="18" font-family="sans-serif">${title}</text>
<text x="16" y="496" fill="#aaa" font-size="14" font-family="monospace">ACC ${acc} · 演示影像</text>
</svg>`;
}

/** A 1×1 transparent PNG as data URL (demo signature). */
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

export async function seedAfterBooking(db: Queryable, today: string): Promise<void> {
  const t = dayjs(today);
  const now = chinaMs(today, '09:00:00');
  const rn = demoRegNos(today);

  // notice
  await db.run(`INSERT INTO notice_texts (title_name, content, updated_at) VALUES ($1, $2, $3) ON CONFLICT DO NOTHING`, ['体检须知', NOTICE_HTML, now]);

  // report persons and reports
  for (const p of [DEMO.personA, DEMO.personB, DEMO.personC]) {
    await db.run(`INSERT INTO report_persons (id, name, id_card, tel, sex) VALUES ($1, $2, $3, $4, $5) ON CONFLICT DO NOTHING`, [p.id, p.name, p.idCard, p.tel, p.sex]);
  }
  const reports: Array<{ regNo: string; person: { id: string; sex: number }; date: string; age: number; tjCls: string; variant: number; name: string; hosp: string }> = [
    { regNo: rn.a[0], person: DEMO.personA, date: t.subtract(20, 'day').format('YYYY-MM-DD'), age: t.year() - 1985, tjCls: '0', variant: 0, name: '健康体检报告', hosp: '01' },
    { regNo: rn.a[1], person: DEMO.personA, date: t.subtract(1, 'year').subtract(35, 'day').format('YYYY-MM-DD'), age: t.year() - 1986, tjCls: '1', variant: 1, name: '入职体检报告', hosp: '02' },
    { regNo: rn.b, person: DEMO.personB, date: t.subtract(12, 'day').format('YYYY-MM-DD'), age: t.year() - 1990, tjCls: '0', variant: 1, name: '健康体检报告', hosp: '01' },
    { regNo: rn.c, person: DEMO.personC, date: t.subtract(9, 'day').format('YYYY-MM-DD'), age: t.year() - 2012, tjCls: '0', variant: 1, name: '学生体检报告', hosp: '01' },
  ];
  for (const r of reports) {
    const items = itemsFor(r.regNo, r.person.sex === 2, r.variant);
    const abnormal = r.variant === 0;
    await db.run(
      `INSERT INTO reports (reg_no, person_id, report_name, report_date, hosp_code, age, sumup, sugg_tag, doc_name, tj_cls, items_json)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11) ON CONFLICT DO NOTHING`,
      [
        r.regNo, r.person.id, r.name, r.date, r.hosp, r.age,
        abnormal ? '1. 血压偏高\n2. 超重（BMI 26.8）\n3. 轻度脂肪肝\n4. 血脂异常（甘油三酯、总胆固醇偏高）\n5. 谷丙转氨酶轻度升高' : '本次体检所检项目未见明显异常。',
        abnormal
          ? '1. 低盐低脂饮食，控制体重，每周至少150分钟中等强度运动。\n2. 血压：建议心内科门诊随诊，每日监测血压。\n3. 脂肪肝、转氨酶升高：戒酒，3个月后复查肝功能及腹部彩超。\n4. 血脂：3-6个月后复查。'
          : '保持良好生活习惯，建议每年定期体检。',
        '王主任', r.tjCls, JSON.stringify(items),
      ],
    );
    for (const it of items) {
      if (it.accessionNumber)
        await db.run(`INSERT INTO pacs_images (accession_number, reg_no, title, svg) VALUES ($1, $2, $3, $4) ON CONFLICT DO NOTHING`, [
          it.accessionNumber, r.regNo, it.comb_name, pacsSvg(it.comb_name, it.accessionNumber),
        ]);
    }
  }

  // approver (password from env; none in production without DIRECTOR_PASSWORD)
  const pwd = directorPasswordFromEnv();
  if (pwd) await setApprover(db, { id: DEMO.approver.id, name: DEMO.approver.name, password: pwd, now });

  // free-exam review items in every state
  const free: Array<[string, string, string, string, string, string, string, string, number, string, string]> = [
    ['F000301', '赵强', '护士', '本人', makeIdCard('110105', '19920511', '031'), '13700137001', '北京市朝阳区建国路88号', '市第一人民医院', 48000, 'F'],
    ['F000302', '钱丽', '会计', '配偶', makeIdCard('110108', '19880923', '042'), '13700137002', '北京市海淀区中关村大街1号', '市第一人民医院', 36000, 'F'],
    ['F000303', '孙伟', '司机', '父亲', makeIdCard('120101', '19600214', '053'), '13700137003', '天津市和平区南京路20号', '市第一人民医院', 52000, 'T'],
    ['F000304', '周敏', '教师', '母亲', makeIdCard('130102', '19620730', '064'), '13700137004', '石家庄市长安区中山路5号', '市第一人民医院', 41000, '0'],
  ].map(([reg, n, pos, party, id, tel, addr, lnc, amt, st], i) => [
    reg as string, n as string, pos as string, party as string, id as string, tel as string, addr as string, lnc as string, amt as number,
    `${t.subtract(i + 1, 'day').format('YYYY-MM-DD')} 10:${String(10 + i * 7).padStart(2, '0')}:00`, st as string,
  ]);
  for (const f of free) {
    await db.run(
      `INSERT INTO free_exam_requests (reg_no, pat_name, position, party, idcard, tel, addr, lnc_name, amt_cents, sq_date, is_pay)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11) ON CONFLICT DO NOTHING`,
      f,
    );
  }

  // token cards in every status
  const cards: Array<[string, string, number, string, string]> = [
    ['C000401', '体检代金券（员工）', 50000, 'E1001', '0'],
    ['C000402', '体检代金券（家属）', 30000, 'E1002', '0'],
    ['C000403', '体检代金券（员工）', 50000, 'E1003', '1'],
    ['C000404', '体检代金券（退休）', 20000, 'E1004', '2'],
  ];
  for (const [i, [no, name, cents, oper, st]] of cards.entries()) {
    await db.run(
      `INSERT INTO token_cards (card_no, name, par_value_cents, oper, ddrq, status) VALUES ($1, $2, $3, $4, $5, $6) ON CONFLICT DO NOTHING`,
      [no, name, cents, oper, `${t.subtract(i, 'day').format('YYYY-MM-DD')} 14:${String(20 + i).padStart(2, '0')}:00`, st],
    );
  }

  // pay records: valid scan-code, expired scan-code, and a paid one of the demo openid
  const pays: Array<[string, string, string | null, string, string, string, number, string, number, string]> = [
    ['pr-valid', DEMO.payValid, null, '李明', `${today} 08:30:00`, '入职体检套餐（男）', 26800, t.add(2, 'day').format('YYYY-MM-DD'), chinaMs(t.add(3, 'day').format('YYYY-MM-DD')), 'F'],
    ['pr-expired', DEMO.payExpired, null, '王芳', `${t.subtract(10, 'day').format('YYYY-MM-DD')} 09:00:00`, '健康体检套餐（女）', 59800, t.subtract(8, 'day').format('YYYY-MM-DD'), chinaMs(t.subtract(7, 'day').format('YYYY-MM-DD')), 'F'],
    ['pr-paid', DEMO.payPaid, DEMO.openid, '李明', `${t.subtract(30, 'day').format('YYYY-MM-DD')} 10:15:00`, '基础体检套餐（男）', 39900, t.subtract(28, 'day').format('YYYY-MM-DD'), chinaMs(t.subtract(27, 'day').format('YYYY-MM-DD')), 'T'],
  ];
  for (const p of pays) {
    await db.run(
      `INSERT INTO pay_records (id, reg_no, openid, name, createtime, clus_name, amount_cents, tj_date, expires_at, pay_state, out_trade_no, updated_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, NULL, $11) ON CONFLICT DO NOTHING`,
      [...p, now],
    );
  }

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
