/**
 * How the operations view names calendars and booking kinds, and how it masks a person for an
 * admin without 运营 (contract/rules/studio-roles.ts seesPersonalNumbers): the server decides,
 * the page shows what it is given.
 */
import type { Queryable } from '../../../db/types';
import type { OpsPerson } from '../../../../contract/api/backoffice/operations';
import { maskIdCard } from '../../../../contract/rules/idcard';
import { maskPhone } from '../../../../contract/rules/phone';
import { maskName } from '../../orders/payrecords';

const PERSON_SCOPE_LABEL: Record<string, string> = {
  'P:person': '健康体检',
  'P:staff': '入职体检',
  'P:vehicle': '驾驶证体检',
  'P:healthCertificate': '健康证体检',
  'T:total': '团队体检（共用号源）',
};

const ORDER_TYPE_LABEL: Record<string, string> = {
  person: '健康体检',
  question: '健康体检（问卷）',
  staff: '入职体检',
  vehicle: '驾驶证体检',
  healthCertificate: '健康证体检',
  group: '团队体检',
};

/** Calendar scope → its name ('T:<code>' a company's own calendar: 团队体检·<company>). */
export async function scopeLabels(db: Queryable, scopes: string[]): Promise<Map<string, string>> {
  const companies = new Map(
    (await db.all<{ lnc_code: string; lnc_name: string }>('SELECT lnc_code, lnc_name FROM companies')).map((c) => [c.lnc_code, c.lnc_name] as const),
  );
  return new Map(
    scopes.map((s) => {
      if (PERSON_SCOPE_LABEL[s]) return [s, PERSON_SCOPE_LABEL[s]] as const;
      if (s.startsWith('T:')) return [s, `团队体检·${companies.get(s.slice(2)) ?? s.slice(2)}`] as const;
      return [s, s] as const;
    }),
  );
}

/** An order's kind as staff say it ('团队体检·某公司' for a group order). */
export function orderKind(type: string, company: string): string {
  const base = ORDER_TYPE_LABEL[type] ?? type;
  return type === 'group' && company ? `${base}·${company}` : base;
}

/** Name, ID and phone: in full for 运营, masked otherwise. */
export function personOf(r: { name: string; id_card: string; tel: string }, masked: boolean): OpsPerson {
  if (!masked) return { name: r.name, idCard: r.id_card, tel: r.tel };
  return { name: maskName(r.name), idCard: maskIdCard(r.id_card), tel: maskPhone(r.tel) };
}
