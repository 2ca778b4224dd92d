/** What a route hands back to the server: a status and a JSON body (none for 204). */
export interface RouteAnswer {
  status: number;
  body?: unknown;
}

export interface RouteRequest {
  params: string[];
  query: URLSearchParams;
  /** The JSON body, already parsed (undefined for GET). */
  body: unknown;
}

/** WeChat Pay's error shape: HTTP status + {code, message}. */
export function fail(status: number, code: string, message: string): RouteAnswer {
  return { status, body: { code, message } };
}

export const paramError = (message: string): RouteAnswer => fail(400, 'PARAM_ERROR', message);

export function obj(v: unknown): Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v) ? (v as Record<string, unknown>) : {};
}

/** https anywhere; plain http only to this machine, where our tests run the server. */
export function notifyUrlProblem(v: unknown): string | null {
  if (typeof v !== 'string' || v.length === 0 || v.length > 255) return 'notify_url必填，且不超过255个字符';
  let u: URL;
  try {
    u = new URL(v);
  } catch {
    return 'notify_url格式错误';
  }
  if (u.search || u.hash) return 'notify_url不能携带参数';
  const local = u.hostname === '127.0.0.1' || u.hostname === 'localhost' || u.hostname === '[::1]';
  if (u.protocol !== 'https:' && !(u.protocol === 'http:' && local)) return 'notify_url必须为https地址';
  return null;
}
