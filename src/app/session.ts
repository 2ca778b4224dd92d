/**
 * The one session store of the app (engine's createSessionStore: vanilla zustand,
 * persisted to localStorage, actions at the root) and its React hooks.
 * Keys come from flows/app.yaml `session`; the shell adds only the keys it needs
 * itself (SHELL_SESSION_KEYS) when app.yaml does not declare them.
 */
import { useStore } from 'zustand';
import { createSessionStore, type SessionState, type SessionStore } from '../engine/session/store';
import type { SessionKeyDef } from '../engine/types';
import type { TokenInfo } from './api/client';

/** What the shell reads/writes itself. app.yaml may declare them too (its definition wins). */
export const SHELL_SESSION_KEYS: Record<string, SessionKeyDef> = {
  token: { type: 'object', description: 'service bearer {token_type, access_token, expiry}' },
  user: { type: 'object', description: 'the user cookie {tag, name, idCard, tel}; present = logged in' },
  openid: { type: 'string' },
  redirectPath: { type: 'string', description: 'the auth route wanted before OAuth' },
  isOauth: { type: 'any', description: '1 while an OAuth round trip is under way' },
};

/** Session keys the request layer reads bearer values from, when app.yaml declares them. */
export const REPORT_TOKEN_KEY = 'reportToken';
export const APPROVER_TOKEN_KEY = 'approverToken';

export const SESSION_STORAGE_NAME = 'checkup-session';

let store: SessionStore | null = null;

export function initSession(keys: Record<string, SessionKeyDef> = {}, name = SESSION_STORAGE_NAME): SessionStore {
  store = createSessionStore({ keys: { ...SHELL_SESSION_KEYS, ...keys }, name });
  // zustand hands React `getInitialState` as the server snapshot, which `persist` pins to the state before
  // storage was read. The server's drawing and the phone's hydrating render must both see the session as it
  // is (the cookie's on the server, the stored one on the phone: main.tsx hydrates only when they draw alike).
  store.getInitialState = store.getState;
  return store;
}

export function getSession(): SessionStore {
  if (!store) throw new Error('session not initialised (boot() first)');
  return store;
}

/** Select the smallest slice: `useSession((s) => s.values.user)`. */
export function useSession<T>(selector: (s: SessionState) => T): T {
  return useStore(getSession(), selector);
}

/** One session value (atomic selector). */
export function useSessionValue<T = unknown>(key: string): T | undefined {
  return useStore(getSession(), (s) => s.values[key] as T | undefined);
}

/**
 * "Logged in" = the session holds a user cookie object: a non-null, non-array
 * object with at least one field (the OAuth step stores userOpenid's `user`).
 * An openid alone does not count.
 */
export function isLoggedIn(user: unknown): boolean {
  return !!user && typeof user === 'object' && !Array.isArray(user) && Object.keys(user as object).length > 0;
}

export function readToken(s: SessionState): TokenInfo | null {
  const t = s.values.token as TokenInfo | undefined;
  return t && typeof t === 'object' && typeof t.access_token === 'string' ? t : null;
}

/**
 * A bearer value from a session key: a string, or an object with token/access_token
 * (CheckVerifyCode returns {token, expires_in}); null when absent or past `expiry`.
 */
export function bearerValue(v: unknown, now: number): string | null {
  if (typeof v === 'string') return v || null;
  if (!v || typeof v !== 'object') return null;
  const o = v as { token?: unknown; access_token?: unknown; expiry?: unknown };
  if (typeof o.expiry === 'number' && o.expiry > 0 && o.expiry <= now) return null;
  const t = typeof o.token === 'string' ? o.token : typeof o.access_token === 'string' ? o.access_token : null;
  return t || null;
}

/**
 * Tokens stored with `expires_in` get an absolute `expiry`: report / approver
 * tokens the server-given lifetime minus 10 seconds (after-booking §4), the
 * service token its full lifetime.
 */
export function stampExpiry(key: string, value: unknown, now: number): unknown {
  if (key !== REPORT_TOKEN_KEY && key !== APPROVER_TOKEN_KEY && key !== 'token') return value;
  if (!value || typeof value !== 'object' || Array.isArray(value)) return value;
  const o = value as Record<string, unknown>;
  if (typeof o.expiry === 'number' || typeof o.expires_in !== 'number') return value;
  // The service token (userOpenid's tokenInfo) uses its full lifetime; report/approver ones lose 10 s.
  const margin = key === 'token' ? 0 : 10;
  return { ...o, expiry: now + (o.expires_in - margin) * 1000 };
}
