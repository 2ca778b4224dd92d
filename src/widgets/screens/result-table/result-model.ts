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

/** ↑/↓ (or a lone H/L flag) marks a value outside its reference range. */
export function isAbnormalHint(hint: string): boolean {
  return /[↑↓]/.test(hint) || /^[HL]$/i.test(hint.trim());
}

export function referenceRange(lower: string, upper: string): string {
  if (lower && upper) return `${lower}–${upper}`;
  return lower || upper;
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
