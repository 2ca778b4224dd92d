/**
 * How the operations view names calendars and booking kinds, and how it masks a person for an
 * admin without 运营 (contract/rules/studio-roles.ts seesPersonalNumbers): the server decides,
 * the page shows what it is given.
 */
import type { Queryable } from '../../../db/types';
import type { OpsPerson } from '../../../../contract/api/backoffice/operations';
import { maskIdCard } from '../../../../contract/rules/idcard';
import { maskPhone } from '../../../../contract/rules/phone';
import type { OrderRow } from '../../orders/model';
import { maskName } from '../../orders/payrecords';
import { ORDER_TYPE_LABEL, orderStateLabel } from '../order-labels';

const PERSON_SCOPE_LABEL: Record<string, string> = {
  'P:person': '健康体检',
  'P:staff': '入职体检',
  'P:vehicle': '驾驶证体检',
  'P:healthCertificate': '健康证体检',
  'T:total': '团队体检（共用号源）',
};

/** The app's order types, but a booking made after the questionnaire reads 健康体检（问卷） here (the export says 个性化体检). */
const KIND_LABEL: Record<string, string> = { ...ORDER_TYPE_LABEL, question: '健康体检（问卷）' };

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
function orderKind(type: string, company: string): string {
  const base = KIND_LABEL[type] ?? type;
  return type === 'group' && company ? `${base}·${company}` : base;
}

/** Name, ID and phone: in full for 运营, masked otherwise. */
export function personOf(r: { name: string; id_card: string; tel: string }, masked: boolean): OpsPerson {
  if (!masked) return { name: r.name, idCard: r.id_card, tel: r.tel };
  return { name: maskName(r.name), idCard: maskIdCard(r.id_card), tel: maskPhone(r.tel) };
}

/** An order as the operations view lists it (the search, tomorrow's arrivals): its number, the person, kind, package and state. */
export function orderCard(r: Pick<OrderRow, 'id' | 'name' | 'id_card' | 'tel' | 'type' | 'company_name' | 'clus_name' | 'state'>, masked: boolean) {
  return { orderId: r.id, ...personOf(r, masked), kind: orderKind(r.type, r.company_name), packageName: r.clus_name, stateLabel: orderStateLabel(r.state) };
}
