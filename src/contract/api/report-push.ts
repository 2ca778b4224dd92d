/**
 * The hospital system's report push (issue 23), a machine API outside the app's
 * envelope — docs/report-push.md is the integrator's guide.
 *
 *   POST /api/his/reports   (REPORT_PUSH_PATH), Content-Type: application/json
 *   headers X-His-Client-Id, X-His-Timestamp (Unix seconds), X-His-Nonce,
 *           X-His-Signature = hex HMAC-SHA256(secret, signingString(...))
 *
 * Answers: 201 created, 200 a repeat (`duplicate: true`, nothing written) or a
 * correction (`corrected: true`, revision + 1); every refusal is
 * `{ ok: false, code, message, field? }` with the HTTP status of REPORT_PUSH_ERRORS.
 */

export const REPORT_PUSH_PATH = '/api/his/reports';

export const REPORT_PUSH_HEADERS = {
  client: 'x-his-client-id',
  timestamp: 'x-his-timestamp',
  nonce: 'x-his-nonce',
  signature: 'x-his-signature',
} as const;

/** A request's timestamp may be this far from the server's clock, either way. */
export const REPORT_PUSH_SKEW_MS = 5 * 60_000;
/** The PDF, decoded. */
export const REPORT_PUSH_PDF_MAX_BYTES = 20 * 1024 * 1024;
/** The whole body (the PDF in base64 is 4/3 of its size, plus the report). */
export const REPORT_PUSH_BODY_MAX_BYTES = 30 * 1024 * 1024;

/**
 * What is signed: method, path, timestamp, nonce and the hex SHA-256 of the exact
 * body bytes, one per line (LF), no trailing newline.
 */
export function reportPushSigningString(method: string, path: string, timestamp: string, nonce: string, bodySha256Hex: string): string {
  return [method.toUpperCase(), path, timestamp, nonce, bodySha256Hex].join('\n');
}

/** How a result reads in the app: high ↑, low ↓, normal (nothing), abnormal 异常. */
export type ReportPushFlag = 'high' | 'low' | 'normal' | 'abnormal';
/** The report detail's check class: general 一般检查 (0), imaging 影像检查 (1), lab 检验 (2), other 其他检查 (*). */
export type ReportPushCategory = 'general' | 'imaging' | 'lab' | 'other';

export interface ReportPushItem {
  name: string;
  result: string;
  unit?: string;
  /** Reference range bounds as printed ('3.5', '≥1.0'); either may be left out. */
  refLower?: string;
  refUpper?: string;
  flag?: ReportPushFlag;
}

export interface ReportPushGroup {
  category: ReportPushCategory;
  /** 组合项目名, e.g. 血常规. */
  name: string;
  /** 小结 of the group. */
  summary?: string;
  /** 检查医生. */
  doctor?: string;
  items: ReportPushItem[];
}

export interface ReportPushImage {
  /** The name of the imaging group (category 'imaging') it belongs to. */
  name: string;
  /** http(s) link of the cloud film (the app shows it as a QR code). */
  url: string;
}

export interface ReportPushBody {
  /** 体检号 / report number, unique: the idempotency key. */
  reportNo: string;
  person: { name: string; idCard: string; phone: string };
  /** YYYY-MM-DD. */
  examDate: string;
  /** A branch's hospCode. */
  hospCode: string;
  reportName: string;
  /** 总检医生. */
  doctor?: string;
  /** 总检结论 and 健康建议, plain text (line breaks kept). */
  conclusion: string;
  advice: string;
  groups: ReportPushGroup[];
  imaging?: ReportPushImage[];
  /** The hospital's PDF of the report, base64 (at most REPORT_PUSH_PDF_MAX_BYTES decoded); left out: the server renders one. */
  pdfBase64?: string;
}

export interface ReportPushAccepted {
  ok: true;
  reportNo: string;
  /** 1 for a new report, +1 per correction. */
  revision: number;
  /** The same report again: nothing was written. */
  duplicate: boolean;
  /** Different content under a known number: the report was replaced (an audit entry records both). */
  corrected: boolean;
}

export type ReportPushErrorCode =
  | 'MISSING_AUTH'
  | 'UNKNOWN_CLIENT'
  | 'CLIENT_REVOKED'
  | 'BAD_TIMESTAMP'
  | 'BAD_SIGNATURE'
  | 'NONCE_REUSED'
  | 'UNSUPPORTED_MEDIA_TYPE'
  | 'INVALID_JSON'
  | 'INVALID_BODY'
  | 'INVALID_PDF'
  | 'TOO_LARGE'
  | 'REPORT_CONFLICT'
  | 'NOT_CONFIGURED'
  | 'INTERNAL';

export const REPORT_PUSH_ERRORS: Record<ReportPushErrorCode, number> = {
  MISSING_AUTH: 401,
  UNKNOWN_CLIENT: 401,
  CLIENT_REVOKED: 401,
  BAD_TIMESTAMP: 401,
  BAD_SIGNATURE: 401,
  NONCE_REUSED: 401,
  UNSUPPORTED_MEDIA_TYPE: 415,
  INVALID_JSON: 400,
  INVALID_BODY: 400,
  INVALID_PDF: 400,
  TOO_LARGE: 413,
  REPORT_CONFLICT: 409,
  NOT_CONFIGURED: 503,
  INTERNAL: 500,
};

export interface ReportPushRefusal {
  ok: false;
  code: ReportPushErrorCode;
  /** Chinese, for the integrator's log. */
  message: string;
  /** The body field at fault, e.g. 'groups[0].items[2].result' (INVALID_BODY, INVALID_PDF). */
  field?: string;
}

// ---------------------------------------------------------------- the studio's calls (配置 role)
// GET  /api/studio/report-clients                → ReportClientsRes
// POST /api/studio/report-clients {name}         → 201 ReportClientCreateRes (the secret, this once)
// POST /api/studio/report-clients/:id/revoke     → ReportClientRevokeRes

export interface ReportClientInfo {
  id: string;
  name: string;
  /** ISO instants. */
  createdAt: string;
  createdBy: string;
  revokedAt: string | null;
  revokedBy: string | null;
  lastUsedAt: string | null;
  /** false: the server's REPORT_PUSH_KEY changed since this client was made — its secret no longer verifies. */
  keyOk: boolean;
}

export interface ReportClientsRes {
  clients: ReportClientInfo[];
  /** false: no REPORT_PUSH_KEY in production — no client can be made, the API answers 503. */
  keyConfigured: boolean;
  path: string;
}

export interface ReportClientCreateReq {
  name: string;
}

export interface ReportClientCreateRes {
  client: ReportClientInfo;
  /** Shown once; the server keeps no copy (it derives it again from REPORT_PUSH_KEY when it checks a signature). */
  secret: string;
}

export interface ReportClientRevokeRes {
  client: ReportClientInfo;
}

export const REPORT_CLIENT_NAME_MAX = 40;

/** null when the name may be given to a client, else why not. */
export function reportClientNameProblem(name: unknown): string | null {
  if (typeof name !== 'string' || name.trim() === '') return '请填写客户端名称';
  if ([...name.trim()].length > REPORT_CLIENT_NAME_MAX) return `名称最多 ${REPORT_CLIENT_NAME_MAX} 个字符`;
  return null;
}
