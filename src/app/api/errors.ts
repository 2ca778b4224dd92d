import type { AppMessageKey } from '../../contract/vocabulary';

/**
 * Request-layer failure texts (after-booking spec §8). The centre's wording is
 * flows/messages.yaml (networkErrorRetry, systemBusy, networkError); these are
 * the texts when a config gives none.
 */
export const MSG_NETWORK_RETRY = '网络异常！请稍后再试';
export const MSG_BUSY = '系统繁忙！请稍后再试';
export const MSG_NETWORK = '网络异常';

export type RequestMessages = Partial<Record<AppMessageKey, string>>;

/** A call failed below the envelope (no answer, or an HTTP error without one). */
export class RequestError extends Error {
  constructor(message: string, readonly status: number | null, readonly callName: string) {
    super(message);
    this.name = 'RequestError';
  }
}

/** The user-facing text for an HTTP status (null = no answer / timeout). */
export function messageForStatus(status: number | null, messages: RequestMessages = {}): string {
  if (status === null || status === 0) return messages.networkErrorRetry || MSG_NETWORK_RETRY;
  if (status >= 500) return messages.systemBusy || MSG_BUSY;
  return messages.networkError || MSG_NETWORK;
}
