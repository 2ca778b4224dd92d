/**
 * Keys of flows/messages.yaml the app shows by itself, without a flow naming
 * them: the request layer's failures and the runner's unexpected error. The
 * config check counts them as used; the app falls back to the spec's words when
 * a centre's messages lack one.
 */
export const APP_MESSAGE_KEYS = ['networkErrorRetry', 'systemBusy', 'networkError', 'systemError'] as const;

export type AppMessageKey = (typeof APP_MESSAGE_KEYS)[number];
