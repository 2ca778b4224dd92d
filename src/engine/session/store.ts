/**
 * The session store: the values flows call `session.*` (declared in
 * flows/app.yaml `session`) plus form drafts. Vanilla zustand with `persist`;
 * actions at the root. Keys with `persist: false` live in memory only.
 * Writes go to storage synchronously (localStorage is synchronous), so a
 * killed webview loses at most the last keystroke of a draft.
 */
import { createStore, type StoreApi } from 'zustand/vanilla';
import { createJSONStorage, persist, type StateStorage } from 'zustand/middleware';
import type { AppFile } from '../types';

export interface SessionState {
  values: Record<string, unknown>;
  drafts: Record<string, Record<string, unknown>>;
  /** Sets a declared key; an undeclared key throws. */
  set(key: string, value: unknown): void;
  get(key: string): unknown;
  /** Removes the given keys' values, or every value. Drafts stay. */
  clear(keys?: string[]): void;
  saveDraft(key: string, values: Record<string, unknown>): void;
  loadDraft(key: string): Record<string, unknown> | null;
  clearDraft(key: string): void;
}

export type SessionStore = StoreApi<SessionState>;

export interface SessionStoreOptions {
  keys: AppFile['session'];
  /** Default: localStorage when present, else an in-memory storage. */
  storage?: StateStorage;
  /** Storage key. */
  name?: string;
}

/** A StateStorage in a Map (Node, tests, private mode). */
export function memoryStorage(): StateStorage & { data: Map<string, string> } {
  const data = new Map<string, string>();
  return {
    data,
    getItem: (k) => data.get(k) ?? null,
    setItem: (k, v) => void data.set(k, v),
    removeItem: (k) => void data.delete(k),
  };
}

function defaultStorage(): StateStorage {
  try {
    const ls = (globalThis as { localStorage?: StateStorage }).localStorage;
    if (ls) return ls;
  } catch {
    // Access can throw (blocked storage); fall through.
  }
  return memoryStorage();
}

export function createSessionStore(opts: SessionStoreOptions): SessionStore {
  const declared = opts.keys;
  const isDeclared = (k: string) => Object.prototype.hasOwnProperty.call(declared, k);
  const persisted = (k: string) => isDeclared(k) && declared[k].persist !== false;
  const storage = opts.storage ?? defaultStorage();

  return createStore<SessionState>()(
    persist(
      (set, get) => ({
        values: {},
        drafts: {},
        set(key, value) {
          if (!isDeclared(key)) throw new Error(`session key "${key}" is not declared in flows/app.yaml`);
          set((s) => ({ values: { ...s.values, [key]: value } }));
        },
        get: (key) => (Object.prototype.hasOwnProperty.call(get().values, key) ? get().values[key] : undefined),
        clear(keys) {
          if (!keys) return set({ values: {} });
          set((s) => {
            const values = { ...s.values };
            for (const k of keys) delete values[k];
            return { values };
          });
        },
        saveDraft: (key, values) => set((s) => ({ drafts: { ...s.drafts, [key]: values } })),
        loadDraft: (key) => get().drafts[key] ?? null,
        clearDraft(key) {
          set((s) => {
            const drafts = { ...s.drafts };
            delete drafts[key];
            return { drafts };
          });
        },
      }),
      {
        name: opts.name ?? 'checkup-session',
        storage: createJSONStorage(() => storage),
        partialize: (s) => ({
          values: Object.fromEntries(Object.entries(s.values).filter(([k]) => persisted(k))),
          drafts: s.drafts,
        }),
        // Keys removed from app.yaml since the last visit are dropped on load.
        merge: (saved, current) => {
          const p = (saved ?? {}) as Partial<SessionState>;
          const values = Object.fromEntries(Object.entries(p.values ?? {}).filter(([k]) => persisted(k)));
          return { ...current, values: { ...current.values, ...values }, drafts: { ...current.drafts, ...(p.drafts ?? {}) } };
        },
      },
    ),
  );
}
