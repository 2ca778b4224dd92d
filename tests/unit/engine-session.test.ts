import { describe, expect, it } from 'vitest';
import { createSessionStore, memoryStorage } from '../../src/engine/session/store';

const keys = {
  user: { type: 'object' as const },
  marital: { type: 'string' as const },
  chooseItem: { type: 'object' as const, persist: false },
};

describe('session store', () => {
  it('round-trips declared values through storage', () => {
    const storage = memoryStorage();
    const a = createSessionStore({ keys, storage, name: 's' });
    a.getState().set('user', { tag: '1' });
    a.getState().set('marital', '2');
    expect(a.getState().get('user')).toEqual({ tag: '1' });
    const b = createSessionStore({ keys, storage, name: 's' });
    expect(b.getState().values).toEqual({ user: { tag: '1' }, marital: '2' });
  });

  it('refuses an undeclared key', () => {
    const s = createSessionStore({ keys, storage: memoryStorage() });
    expect(() => s.getState().set('nope', 1)).toThrow(/session key "nope" is not declared/);
    expect(s.getState().values).toEqual({});
  });

  it('does not persist persist:false keys (partialize) but keeps them in memory', () => {
    const storage = memoryStorage();
    const a = createSessionStore({ keys, storage, name: 's' });
    a.getState().set('chooseItem', { clus_Code: 'C1' });
    a.getState().set('marital', '1');
    expect(a.getState().get('chooseItem')).toEqual({ clus_Code: 'C1' });
    const raw = JSON.parse(storage.data.get('s')!);
    expect(raw.state.values).toEqual({ marital: '1' });
    const b = createSessionStore({ keys, storage, name: 's' });
    expect(b.getState().get('chooseItem')).toBeUndefined();
  });

  it('drops stored keys that are no longer declared', () => {
    const storage = memoryStorage();
    storage.setItem('s', JSON.stringify({ state: { values: { old: 1, marital: '1' }, drafts: {} }, version: 0 }));
    const s = createSessionStore({ keys, storage, name: 's' });
    expect(s.getState().values).toEqual({ marital: '1' });
  });

  it('saves drafts synchronously and restores them after a reload; clearDraft', () => {
    const storage = memoryStorage();
    const a = createSessionStore({ keys, storage, name: 's' });
    a.getState().saveDraft('personOrder', { name: '张', tel: '138' });
    // Written before any await: a killed webview keeps it.
    expect(JSON.parse(storage.data.get('s')!).state.drafts.personOrder).toEqual({ name: '张', tel: '138' });
    const b = createSessionStore({ keys, storage, name: 's' });
    expect(b.getState().loadDraft('personOrder')).toEqual({ name: '张', tel: '138' });
    expect(b.getState().loadDraft('other')).toBeNull();
    b.getState().clearDraft('personOrder');
    expect(createSessionStore({ keys, storage, name: 's' }).getState().loadDraft('personOrder')).toBeNull();
  });

  it('clear removes given keys or all values, leaving drafts', () => {
    const s = createSessionStore({ keys, storage: memoryStorage() });
    s.getState().set('user', 1);
    s.getState().set('marital', '1');
    s.getState().saveDraft('d', { a: 1 });
    s.getState().clear(['user']);
    expect(s.getState().values).toEqual({ marital: '1' });
    s.getState().clear();
    expect(s.getState().values).toEqual({});
    expect(s.getState().loadDraft('d')).toEqual({ a: 1 });
  });

  it('notifies subscribers', () => {
    const s = createSessionStore({ keys, storage: memoryStorage() });
    const seen: unknown[] = [];
    s.subscribe((st) => seen.push(st.values.marital));
    s.getState().set('marital', '2');
    expect(seen).toEqual(['2']);
  });
});
