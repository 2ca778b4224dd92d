/**
 * Texts the server answers with that reach the phone (a booking refused, an
 * order that cannot be cancelled…). Their home is flows/messages.yaml `server`
 * (one search under flows/ finds them; an edit goes live with the config);
 * the tables in code are the spec's words, used for a key the config leaves out.
 *
 *   export const MSG = serverTexts({ dayBefore: '请至少提前一天预约', … });
 *   throw new ApiError(MSG.dayBefore);   // the config's text, else this default
 */
let configured: Record<string, string> = {};

/** The served config's `server` texts (set at start and on every swap of the live config). */
export function setServerMessages(texts: Record<string, string> | undefined): void {
  configured = texts ?? {};
}

/** A table of defaults read through the configured texts. */
export function serverTexts<T extends Record<string, string>>(defaults: T): T {
  return new Proxy(defaults, {
    get(target, key) {
      if (typeof key === 'string' && Object.prototype.hasOwnProperty.call(configured, key)) return configured[key];
      return target[key as keyof T];
    },
  });
}
