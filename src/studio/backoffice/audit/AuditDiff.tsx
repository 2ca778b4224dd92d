/**
 * An entry's before and after side by side: one line a field (the union of both
 * sides' keys), the fields whose value differs highlighted. A creation has no
 * before, a deletion no after ('—'); a value that is not an object (a list, a
 * text) is one line. Fields the log commonly holds are named in Chinese (others
 * show their code), and roles read as their labels.
 */
import { parseStudioRoles, STUDIO_ROLE_LABEL } from '../../../contract/rules/studio-roles';

const FIELD_LABEL: Record<string, string> = {
  username: '用户名',
  roles: '角色',
  version: '版本',
  hash: '版本哈希',
  note: '说明',
  restoredFrom: '恢复自版本',
  added: '新增的文件',
  changed: '修改的文件',
  removed: '删除的文件',
  written: '写入的文件',
  code: '编码',
  name: '名称',
  priceCents: '价格（分）',
  active: '上架',
  sex: '性别',
};

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

function shown(v: unknown, field: string): string {
  if (field === 'roles' && Array.isArray(v)) return parseStudioRoles(v.join(',')).map((r) => STUDIO_ROLE_LABEL[r]).join('、');
  if (v === undefined) return '—';
  if (v === null) return '（空）';
  if (typeof v === 'string') return v;
  if (Array.isArray(v) && v.every((x) => typeof x === 'string' || typeof x === 'number')) return v.length ? v.join('、') : '（无）';
  return JSON.stringify(v, null, 2);
}

export interface DiffLine {
  field: string;
  before: unknown;
  after: unknown;
  changed: boolean;
}

/** The lines of the comparison (exported for the page's own check of what is highlighted). */
export function diffLines(before: unknown, after: unknown): DiffLine[] {
  if (!isRecord(before) && !isRecord(after)) return [{ field: '', before: before ?? undefined, after: after ?? undefined, changed: JSON.stringify(before) !== JSON.stringify(after) }];
  const b = isRecord(before) ? before : {};
  const a = isRecord(after) ? after : {};
  const fields = [...Object.keys(b), ...Object.keys(a).filter((k) => !(k in b))];
  return fields.map((field) => ({ field, before: b[field], after: a[field], changed: JSON.stringify(b[field]) !== JSON.stringify(a[field]) }));
}

export function AuditDiff({ before, after }: { before: unknown; after: unknown }) {
  if ((before === null || before === undefined) && (after === null || after === undefined)) return <p className="st-muted bo-audit-nodiff">这项操作没有记录修改前后的内容。</p>;
  const lines = diffLines(before, after);
  return (
    <table className="bo-audit-diff" aria-label="修改前后对比">
      <thead>
        <tr>
          <th scope="col">字段</th>
          <th scope="col">修改前</th>
          <th scope="col">修改后</th>
        </tr>
      </thead>
      <tbody>
        {lines.map((l) => (
          <tr key={l.field || '-'} className={l.changed ? 'bo-audit-changed' : undefined} data-changed={l.changed ? 'true' : undefined}>
            <th scope="row" title={l.field || undefined}>
              {l.field ? (FIELD_LABEL[l.field] ?? l.field) : '内容'}
            </th>
            <td>
              <pre>{shown(l.before, l.field)}</pre>
            </td>
            <td>
              <pre>{shown(l.after, l.field)}</pre>
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
