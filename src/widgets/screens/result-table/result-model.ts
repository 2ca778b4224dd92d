import { asArray, getPath } from '../../common/values';

/**
 * Report detail model (after-booking §3 "Report detail"): map result groups
 * through configurable field names, group them by check class, flag abnormal rows.
 */

export interface ResultFields {
  cls: string;
  title: string;
  doctor: string;
  tag: string;
  details: string;
  itemName: string;
  result: string;
  unit: string;
  lower: string;
  upper: string;
  hint: string;
}

export const DEFAULT_RESULT_FIELDS: ResultFields = {
  cls: 'check_cls',
  title: 'comb_name',
  doctor: 'dept_doct',
  tag: 'res_tag',
  details: 'detailList',
  itemName: 'item_name',
  result: 'rec_result',
  unit: 'unit',
  lower: 'ref_lower',
  upper: 'ref_upper',
  hint: 'hint',
};

export interface ResultRow {
  name: string;
  result: string;
  unit: string;
  /** `lower–upper`, one side alone, or ''. */
  range: string;
  hint: string;
  abnormal: boolean;
}

export interface ResultGroup {
  cls: string;
  title: string;
  doctor: string;
  tag: string;
  rows: ResultRow[];
}

export interface ClassSection {
  /** '' when no class labels were configured (one untitled section). */
  label: string;
  groups: ResultGroup[];
}

const text = (v: unknown) => (v === null || v === undefined ? '' : typeof v === 'object' ? '' : String(v).trim());

/**
 * Words a laboratory writes for an abnormal qualitative result (阳性 for a positive
 * test, 异常 for abnormal, 偏高/偏低 …); 阴性/正常 are normal. A word negated in
 * place ("未见异常", "非阳性") is not a mark.
 */
const ABNORMAL_WORDS = /(异常|阳性|弱阳性|强阳性|偏高|偏低|升高|降低|超标|危急|\+)/;
const NEGATED = /(未见|无|非|不)(异常|阳性|偏高|偏低|升高|降低)/;

/** ↑/↓, a lone H/L flag or an abnormal word marks a value outside its reference. */
export function isAbnormalHint(hint: string): boolean {
  const h = hint.trim();
  if (/[↑↓]/.test(h) || /^[HL]$/i.test(h)) return true;
  return ABNORMAL_WORDS.test(h) && !NEGATED.test(h);
}

/** "3.9–6.1", or one side alone read as such: "≥1.0" (lower bound only), "≤5.2" (upper bound only). */
export function referenceRange(lower: string, upper: string): string {
  if (lower && upper) return `${lower}–${upper}`;
  if (lower) return /^[<>≤≥]/.test(lower) ? lower : `≥${lower}`;
  if (upper) return /^[<>≤≥]/.test(upper) ? upper : `≤${upper}`;
  return '';
}

export function mapResultGroups(groups: unknown, fields: ResultFields = DEFAULT_RESULT_FIELDS): ResultGroup[] {
  return asArray<unknown>(groups)
    .filter((g) => g && typeof g === 'object')
    .map((g) => {
      const details = getPath(g, fields.details);
      return {
        cls: text(getPath(g, fields.cls)),
        title: text(getPath(g, fields.title)),
        doctor: text(getPath(g, fields.doctor)),
        tag: text(getPath(g, fields.tag)),
        rows: (Array.isArray(details) ? details : []).filter((d) => d && typeof d === 'object').map((d) => {
          const hint = text(getPath(d, fields.hint));
          return {
            name: text(getPath(d, fields.itemName)),
            result: text(getPath(d, fields.result)),
            unit: text(getPath(d, fields.unit)),
            range: referenceRange(text(getPath(d, fields.lower)), text(getPath(d, fields.upper))),
            hint,
            abnormal: isAbnormalHint(hint),
          };
        }),
      };
    });
}

/**
 * Sections by check class in the order of `classLabels` keys; a class without a
 * label goes under the `*` label (or is dropped into an untitled section when
 * there is no `*`). Without labels: one untitled section. Empty sections are omitted.
 */
export function groupByClass(groups: ResultGroup[], classLabels?: Record<string, string>): ClassSection[] {
  if (!classLabels || Object.keys(classLabels).length === 0) return groups.length ? [{ label: '', groups }] : [];
  const order = Object.keys(classLabels).filter((k) => k !== '*');
  const sections = new Map<string, ResultGroup[]>();
  for (const key of [...order, '*']) sections.set(key, []);
  for (const g of groups) sections.get(order.includes(g.cls) ? g.cls : '*')!.push(g);
  return [...sections.entries()]
    .filter(([, gs]) => gs.length > 0)
    .map(([key, gs]) => ({ label: classLabels[key] ?? '', groups: gs }));
}
