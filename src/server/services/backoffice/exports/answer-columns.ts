/**
 * A questionnaire's columns, from its form schema as the app renders it
 * (engine/form/schema-model.ts): one column per question in display order,
 * headed by the label the examinee read (`x-label`, else `title`); a question
 * whose label repeats elsewhere (是否确诊 under each disease) is prefixed by its
 * section's label (糖尿病 · 是否确诊). A repeatable list (工作经历) is one
 * column, its entries joined. Values read as the app shows them in view mode:
 * choice labels (`x-enumLabels`, `oneOf` titles), a multiple choice joined
 * with '、', a signature as 已签名.
 */
import { buildFormModel, type FieldNode } from '../../../../engine/form/schema-model';

export interface AnswerColumn {
  /** Property names from the form's root. */
  path: string[];
  header: string;
  node: FieldNode;
}

type Json = Record<string, unknown>;
const isObj = (v: unknown): v is Json => !!v && typeof v === 'object' && !Array.isArray(v);

function collect(node: FieldNode, path: string[], labels: string[], out: Array<AnswerColumn & { labels: string[] }>): void {
  for (const c of node.children ?? []) {
    const p = [...path, c.name];
    const l = [...labels, c.label];
    if (c.type === 'object' && c.children) collect(c, p, l, out);
    else out.push({ path: p, header: c.label, node: c, labels: l });
  }
}

/** `reserved`: the sheet's other headers (who and when), which a question's header must not repeat either. */
export function answerColumns(schema: object, reserved: readonly string[] = []): AnswerColumn[] {
  const all: Array<AnswerColumn & { labels: string[] }> = [];
  collect(buildFormModel(schema), [], [], all);
  // Lengthen the headers that collide, one ancestor label at a time, until each is unique (or no ancestors are left).
  const depth = all.map(() => 1);
  for (let round = 0; round < 8; round++) {
    const seen = new Map<string, number[]>();
    all.forEach((c, i) => seen.set(c.header, [...(seen.get(c.header) ?? []), i]));
    let changed = false;
    for (const [header, idx] of seen.entries()) {
      if (idx.length < 2 && !reserved.includes(header)) continue;
      for (const i of idx) {
        if (depth[i] >= all[i].labels.length) continue;
        depth[i]++;
        all[i].header = all[i].labels.slice(-depth[i]).join(' · ');
        changed = true;
      }
    }
    if (!changed) break;
  }
  // Still the same (no section to tell them apart): numbered, so no column hides another.
  const taken = new Set(reserved);
  for (const c of all) {
    let h = c.header;
    for (let n = 2; taken.has(h); n++) h = `${c.header}（${n}）`;
    c.header = h;
    taken.add(h);
  }
  return all.map(({ path, header, node }) => ({ path, header, node }));
}

export function valueAt(answer: unknown, path: string[]): unknown {
  let v = answer;
  for (const k of path) v = isObj(v) ? v[k] : undefined;
  return v;
}

/** One value as the app shows it; `old` is the same question in the schema version the answer was given in (a choice since renamed). */
export function displayValue(node: FieldNode, value: unknown, old?: FieldNode): string {
  if (value === undefined || value === null || value === '') return '';
  if (node.widget === 'signature') return typeof value === 'string' && value ? '已签名' : '';
  if (node.item && Array.isArray(value)) {
    return value
      .map((entry) =>
        node.item!
          .map((f) => {
            const t = displayValue(f, isObj(entry) ? entry[f.name] : undefined);
            return t ? `${f.label}：${t}` : '';
          })
          .filter(Boolean)
          .join('，'),
      )
      .filter(Boolean)
      .join('；');
  }
  const label = (v: unknown) => node.choices?.find((c) => c.value === v)?.label ?? old?.choices?.find((c) => c.value === v)?.label ?? plain(v);
  if (Array.isArray(value)) return value.map(label).join('、');
  if (typeof value === 'boolean' && !node.choices) return value ? '是' : '否';
  return label(value);
}

/** A value with no question to read it by. */
export function plain(v: unknown): string {
  if (v === undefined || v === null) return '';
  if (typeof v === 'string') return v.startsWith('data:') ? '[图片]' : v;
  if (Array.isArray(v)) return v.map(plain).join('、');
  if (isObj(v)) return JSON.stringify(v);
  return String(v);
}

/** Leaf paths of an answer (objects opened, arrays and values are leaves). */
function leaves(v: unknown, path: string[], out: string[][]): void {
  if (isObj(v)) for (const [k, x] of Object.entries(v)) leaves(x, [...path, k], out);
  else if (path.length) out.push(path);
}

/**
 * What the answer holds that no current column reads: `label：value` (the label
 * from the answer's own schema version when it has the question, else the key
 * path), joined with '；' — kept, not lost.
 */
export function extrasOf(answer: unknown, columns: AnswerColumn[], oldColumns: AnswerColumn[]): string {
  const covered = (p: string[]) => columns.some((c) => c.path.length <= p.length && c.path.every((k, i) => k === p[i]));
  const found: string[][] = [];
  leaves(answer, [], found);
  const parts: string[] = [];
  for (const p of found) {
    if (covered(p)) continue;
    const old = oldColumns.find((c) => c.path.join('.') === p.join('.'));
    const v = valueAt(answer, p);
    const text = old ? displayValue(old.node, v) : plain(v);
    if (text !== '') parts.push(`${old?.header ?? p.join('.')}：${text}`);
  }
  return parts.join('；');
}
