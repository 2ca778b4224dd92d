// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { createBlockingHashHistory } from '../../src/app/router/history';

describe('the blocking hash history', () => {
  it('tells a listener of an address change made before it listened (a sliced first render), once', () => {
    window.location.hash = '#/Index';
    const h = createBlockingHashHistory(window);
    expect(h.location.pathname).toBe('/Index');
    window.location.hash = '#/PersonIndex?x=1';
    const seen: string[] = [];
    const stop = h.listen((u) => seen.push(`${u.action} ${u.location.pathname}${u.location.search}`));
    expect(seen).toEqual(['POP /PersonIndex?x=1']);
    stop();
    const again: string[] = [];
    h.listen((u) => again.push(u.location.pathname))();
    expect(again).toEqual([]); // nothing changed since: nothing said
  });
});
