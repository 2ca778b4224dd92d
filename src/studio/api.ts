/**
 * The studio's calls (src/contract/api/studio.ts): plain JSON, the session
 * cookie, and the CSRF header on every change. A failure throws StudioApiError
 * with the status and the server's { error, errors?, retryAfterSec? }.
 */
import {
  STUDIO_API_PREFIX,
  STUDIO_CSRF_HEADER,
  type StudioCheckContextRes,
  type StudioCheckRes,
  type StudioConfigError,
  type StudioConfigRes,
  type StudioExportRes,
  type StudioFiles,
  type StudioLoginRes,
  type StudioPublishRes,
  type StudioVersionRes,
  type StudioVersionsRes,
} from '../contract/api/studio';
import type { StudioAdminCreateReq, StudioAdminCreateRes, StudioAdminRemoveRes, StudioAdminsRes, StudioPasswordReq, StudioPasswordRes } from '../contract/api/studio';

export class StudioApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly errors: StudioConfigError[] = [],
    readonly retryAfterSec?: number,
  ) {
    super(message);
  }
}

let csrf = '';

/** One studio call (path under /api/studio): the feature folders (backoffice/…) share it, and so the session's CSRF token and the error shape. */
export async function studioCall<T>(method: 'GET' | 'POST', path: string, body?: unknown): Promise<T> {
  return call<T>(method, path, body);
}

/** A file the server makes (an export, a template): a plain link works, the session cookie goes with a same-origin GET. */
export const studioFileUrl = (path: string) => `${STUDIO_API_PREFIX}${path}`;

async function call<T>(method: 'GET' | 'POST', path: string, body?: unknown): Promise<T> {
  const headers: Record<string, string> = {};
  if (body !== undefined) headers['content-type'] = 'application/json';
  if (method === 'POST' && csrf) headers[STUDIO_CSRF_HEADER] = csrf;
  let res: Response;
  try {
    res = await fetch(`${STUDIO_API_PREFIX}${path}`, { method, headers, body: body === undefined ? undefined : JSON.stringify(body), credentials: 'same-origin' });
  } catch {
    throw new StudioApiError(0, '网络连接失败，请检查网络后重试');
  }
  if (res.status === 204) return undefined as T;
  const data = (await res.json().catch(() => ({}))) as Record<string, unknown>;
  if (!res.ok) {
    const retry = typeof data.retryAfterSec === 'number' ? data.retryAfterSec : Number(res.headers.get('retry-after')) || undefined;
    throw new StudioApiError(res.status, typeof data.error === 'string' ? data.error : `服务器返回 ${res.status}`, Array.isArray(data.errors) ? (data.errors as StudioConfigError[]) : [], retry);
  }
  return data as T;
}

export const studioApi = {
  async login(username: string, password: string): Promise<StudioLoginRes> {
    const r = await call<StudioLoginRes>('POST', '/login', { username, password });
    csrf = r.csrf;
    return r;
  },
  async me(): Promise<StudioLoginRes> {
    const r = await call<StudioLoginRes>('GET', '/me');
    csrf = r.csrf;
    return r;
  },
  async logout(): Promise<void> {
    await call<void>('POST', '/logout', {});
    csrf = '';
  },
  config: () => call<StudioConfigRes>('GET', '/config'),
  checkContext: () => call<StudioCheckContextRes>('GET', '/check-context'),
  check: (files: StudioFiles) => call<StudioCheckRes>('POST', '/check', { files }),
  publish: (files: StudioFiles, note: string, baseVersion: number) => call<StudioPublishRes>('POST', '/publish', { files, note, baseVersion }),
  versions: () => call<StudioVersionsRes>('GET', '/versions'),
  version: (id: number) => call<StudioVersionRes>('GET', `/versions/${id}`),
  restore: (id: number, note: string) => call<StudioPublishRes>('POST', `/versions/${id}/restore`, { note }),
  exportToServer: () => call<StudioExportRes>('POST', '/export', {}),
  exportUrl: `${STUDIO_API_PREFIX}/export`,
};

/** Admin accounts (a separate object so the calls above stay as they are): list, add, own password, remove. */
export const studioAdminsApi = {
  list: () => call<StudioAdminsRes>('GET', '/admins'),
  add: (username: string, password: string, roles: StudioAdminCreateReq['roles']) => call<StudioAdminCreateRes>('POST', '/admins', { username, password, roles } satisfies StudioAdminCreateReq),
  changePassword: (current: string, next: string) => call<StudioPasswordRes>('POST', '/password', { current, next } satisfies StudioPasswordReq),
  remove: (username: string) => call<StudioAdminRemoveRes>('POST', `/admins/${encodeURIComponent(username)}/remove`, {}),
};
