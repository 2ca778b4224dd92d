/** What every catalogue change shares: refusals, the version check, reading a request body's fields. */
import { StudioFailure } from '../../studio/live-sync';
import { CATALOGUE_STALE } from '../../../../contract/api/backoffice/catalogue';
import { isUniqueViolation } from '../../../db/index';

export const refuse = (status: number, message: string): never => {
  throw new StudioFailure(status, message);
};

/** The first rule a body breaks, as a 422 (the page shows every one next to its field before sending). */
export function refuseProblems(problems: Partial<Record<string, string>>): void {
  const first = Object.values(problems).find(Boolean);
  if (first) refuse(422, first);
}

/** An edit carries the rev it was shown: anything else means someone changed the row meanwhile. */
export function checkRev(stored: number, sent: unknown, required: boolean): void {
  if (sent === undefined || sent === null) {
    if (required) refuse(400, '请求格式错误：缺少版本号');
    return;
  }
  if (Number(sent) !== Number(stored)) refuse(409, CATALOGUE_STALE);
}

/** A row updated `WHERE … AND rev = $n` changed nothing: another edit won (PostgreSQL re-reads the row after the lock). */
export function checkUpdated(changed: number): void {
  if (changed !== 1) refuse(409, CATALOGUE_STALE);
}

/** A concurrent create of the same code that committed first (the primary key refuses the second). */
export async function uniqueOr409<T>(fn: () => Promise<T>, message: string): Promise<T> {
  try {
    return await fn();
  } catch (e) {
    if (isUniqueViolation(e)) refuse(409, message);
    throw e;
  }
}

export const text = (v: unknown) => (typeof v === 'string' ? v.trim() : v);
export const obj = (v: unknown): Record<string, unknown> => (v && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : {});
