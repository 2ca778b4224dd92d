/**
 * Texts the server answers with that reach the phone (a booking refused, an
 * order that cannot be cancelled, a report code refused…). Their home is
 * flows/messages.yaml `server.<area>.<key>` (one search under flows/ finds
 * them; an edit goes live with the config); the tables in code are the spec's
 * words, used for a key the config leaves out.
 *
 *   export const MSG = serverTexts('orders', { dayBefore: '请至少提前一天预约', … });
 *   throw new ApiError(MSG.dayBefore);   // the config's server.orders.dayBefore, else this default
 */
let configured: Record<string, Record<string, string>> = {};
const areas = new Map<string, string[]>();

/** The served config's `server` texts (set at start and on every swap of the live config). */
export function setServerMessages(texts: Record<string, Record<string, string>> | undefined): void {
  configured = texts ?? {};
}

/** A table of defaults for one area, read through the configured texts. */
export function serverTexts<T extends Record<string, string>>(area: string, defaults: T): T {
  areas.set(area, Object.keys(defaults));
  return new Proxy(defaults, {
    get(target, key) {
      const mine = configured[area];
      if (typeof key === 'string' && mine && Object.prototype.hasOwnProperty.call(mine, key)) return mine[key];
      return target[key as keyof T];
    },
  });
}

/** `area.key` of every table created so far (the config check refuses any other `server` key). */
export function serverMessageKeys(): string[] {
  return [...areas].flatMap(([area, keys]) => keys.map((k) => `${area}.${k}`));
}
