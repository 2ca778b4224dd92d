/**
 * What the page shows for a refused studio call, the one way every back-office
 * area (and the 管理员 view) words it: the server's own { error } in Chinese;
 * a 401 means the session is gone — studio.fail sends the page back to
 * sign-in, and there is nothing to show here.
 */
import { StudioApiError } from '../api';
import { studio } from '../store';

/** The text to show for a refused call, or null when the session is gone (the page goes back to sign-in). */
export function refusal(e: unknown): string | null {
  if (e instanceof StudioApiError && e.status === 401) {
    studio.fail(e);
    return null;
  }
  return e instanceof Error ? e.message : String(e);
}
