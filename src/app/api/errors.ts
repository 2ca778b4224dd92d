/** Request-layer failure texts (after-booking spec §8). */
export const MSG_NETWORK_RETRY = '网络异常！请稍后再试';
export const MSG_BUSY = '系统繁忙！请稍后再试';
export const MSG_NETWORK = '网络异常';

/** A call failed below the envelope (no answer, or an HTTP error without one). */
export class RequestError extends Error {
  constructor(message: string, readonly status: number | null, readonly callName: string) {
    super(message);
    this.name = 'RequestError';
  }
}

/** The user-facing text for an HTTP status (null = no answer / timeout). */
export function messageForStatus(status: number | null): string {
  if (status === null || status === 0) return MSG_NETWORK_RETRY;
  if (status >= 500) return MSG_BUSY;
  return MSG_NETWORK;
}
