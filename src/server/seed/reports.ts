/** Demo reports: persons A, B and C, two years of reports with lab, text and imaging items. */
import dayjs from 'dayjs';
import type { Queryable } from '../db/types';
import type { CheckCls, ReportDetailRow, ReportItem } from '../../contract/api/reports';
import { DEMO, demoRegNos } from './demo-people';

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

export async function seedReports(db: Queryable, today: string): Promise<void> {
  const t = dayjs(today);
  const rn = demoRegNos(today);
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
}
