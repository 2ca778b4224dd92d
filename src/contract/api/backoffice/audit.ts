/**
 * The audit log's studio calls (issue 23): every change to business data, roles
 * and config — who, when, what, before and after — listed newest first, filtered,
 * exported to Excel. Readable by every role (GETs). Days are the centre's days
 * (contract/rules/centre-day.ts), never UTC's: an entry at 23:30 UTC belongs to
 * the next day in Shanghai.
 */

import { centreMs } from '../../rules/centre-day';

/** One entry as the list shows it. `before` / `after` are the JSON the change recorded (null: a creation / a deletion). */
export interface AuditEntryInfo {
  id: string;
  /** ISO 8601. */
  at: string;
  actor: string;
  action: string;
  entity: string;
  /** Which one (a code, an id, an admin's name); '' for a bulk change. */
  key: string;
  summary: string;
  before: unknown;
  after: unknown;
}

/** The filters the list and the export share (all optional; strings as typed in the query). */
export interface AuditFilter {
  /** 'YYYY-MM-DD', the centre's day, inclusive. */
  from?: string;
  /** 'YYYY-MM-DD', the centre's day, inclusive. */
  to?: string;
  /** An admin's name exactly. */
  actor?: string;
  /** An entity exactly ('admin', 'config', 'package', …). */
  entity?: string;
  /** Free text: found in the summary, the key, the actor or the before/after JSON (case-insensitive). */
  q?: string;
}

// GET /api/studio/audit?from&to&actor&entity&q&before=<cursor> → AuditListRes, newest first,
// AUDIT_PAGE per page; `next` is the cursor of the following page (null: no more)
//   | 400 { error } (auditFilterProblem, or a cursor this server did not give)
export interface AuditListRes {
  entries: AuditEntryInfo[];
  next: string | null;
}

// GET /api/studio/audit/facets → the choices of the filters: every admin who acted or exists, every entity logged
export interface AuditFacetsRes {
  actors: string[];
  entities: string[];
}

// GET /api/studio/audit/export.xlsx?from&to&actor&entity&q → an .xlsx, newest first, AUDIT_EXPORT_HEADERS,
// at most AUDIT_EXPORT_MAX rows (a second sheet 说明 gives the filters, the count and whether it was cut)

export const AUDIT_PAGE = 100;
export const AUDIT_EXPORT_MAX = 50_000;
export const AUDIT_Q_MAX = 100;
export const AUDIT_EXPORT_HEADERS = ['时间', '操作人', '操作', '对象', '编号', '摘要', '修改前', '修改后'] as const;

/** How the list names what was changed; an entity not here shows as its code. */
export const AUDIT_ENTITY_LABEL: Record<string, string> = {
  admin: '管理员',
  config: '配置',
  branch: '院区',
  package: '套餐',
  item: '项目',
  capacity: '号源容量',
  holiday: '休息日',
  company: '团体单位',
  member: '团体成员',
  approver: '审批人',
  import: '导入',
  anomaly: '支付异常',
  report: '报告',
  'report-client': '报告接口',
};

/** How the list names what was done; an action not here shows as its code. */
export const AUDIT_ACTION_LABEL: Record<string, string> = {
  create: '新增',
  update: '修改',
  delete: '删除',
  withdraw: '下架',
  restore: '恢复',
  import: '导入',
  publish: '发布',
  export: '写出到服务器',
  roles: '修改角色',
  password: '修改密码',
  refund: '退款',
  resolve: '标记已处理',
};

export const auditEntityLabel = (entity: string) => AUDIT_ENTITY_LABEL[entity] ?? entity;
export const auditActionLabel = (action: string) => AUDIT_ACTION_LABEL[action] ?? action;

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** null when the filters may be asked for, else why not (the page shows it next to the dates; the server answers 400). */
export function auditFilterProblem(f: AuditFilter): string | null {
  for (const d of [f.from, f.to]) if (d && (!DAY.test(d) || Number.isNaN(centreMs(d)))) return '日期格式应为 YYYY-MM-DD';
  if (f.from && f.to && f.from > f.to) return '开始日期不能晚于结束日期';
  if ((f.q ?? '').length > AUDIT_Q_MAX) return `搜索内容最多 ${AUDIT_Q_MAX} 个字`;
  if ((f.actor ?? '').length > 100 || (f.entity ?? '').length > 100) return '筛选条件过长';
  return null;
}

/** The query string of a filter (empty ones left out) and a cursor: '?from=…&q=…'. */
export function auditQuery(f: AuditFilter, before?: string | null): string {
  const p = new URLSearchParams();
  for (const k of ['from', 'to', 'actor', 'entity', 'q'] as const) {
    const v = f[k]?.trim();
    if (v) p.set(k, v);
  }
  if (before) p.set('before', before);
  const s = p.toString();
  return s ? `?${s}` : '';
}
