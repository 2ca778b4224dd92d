/**
 * The studio's flow graph: built from a loaded config (every step a node, every
 * go/next an edge with its event and conditions, entries marked, unreachable
 * steps flagged like the checker does) and laid out by dagre.
 */
import { describe, expect, it } from 'vitest';
import path from 'node:path';
import { loadConfig } from '../../src/engine/config/load';
import { assembleConfig, parseSource } from '../../src/engine/config';
import { registriesFor } from '../../src/server/config-registries';
import { buildFlowGraph } from '../../src/studio/graph/build';
import { layoutGraph } from '../../src/studio/graph/layout';

const ROOT = path.resolve(__dirname, '../..');

const small = () =>
  assembleConfig([
    parseSource('flows/app.yaml', 'start: A\nlogin: L\nsession: {}\n'),
    parseSource('flows/messages.yaml', 'messages: { sure: 确定吗 }\n'),
    parseSource(
      'flows/f.yaml',
      [
        'flow: f',
        'steps:',
        '  A:',
        '    route: /A',
        '    auth: false',
        '    screen: status',
        '    on:',
        '      tap:',
        "        - if: \"query.x == '1'\"",
        '          then: [ { go: B } ]',
        '          else:',
        '            - confirm: sure',
        '              then: [ { go: C } ]',
        '      other:',
        '        - switch:',
        '            - when: "query.y"',
        '              do: [ { go: B } ]',
        '            - do: [ { go: L } ]',
        '  B:',
        '    route: /B',
        '    auth: true',
        '    screen: status',
        '    next:',
        '      - { if: "query.z", go: C }',
        '  C:',
        '    route: /C',
        '    auth: true',
        '    screen: status',
        '  L:',
        '    route: /L',
        '    auth: false',
        '    screen: status',
        '  Lost:',
        '    route: /Lost',
        '    auth: false',
        '    screen: status',
        '    on:',
        '      tap: [ { go: A } ]',
        '  Door:',
        '    route: /Door',
        '    auth: false',
        '    entry: true',
        '    screen: status',
      ].join('\n'),
    ),
  ]).config;

describe('flow graph', () => {
  it('edges carry the event and the conditions on the way', () => {
    const g = buildFlowGraph(small());
    const e = (from: string, to: string) => g.edges.filter((x) => x.from === from && x.to === to).map((x) => x.label);
    expect(e('A', 'B')).toEqual(["tap · query.x == '1'", 'other · query.y']);
    expect(e('A', 'C')).toEqual(["tap · !(query.x == '1') · 确认"]);
    expect(e('A', 'L')).toEqual(['other · 其他']);
    expect(e('B', 'C')).toEqual(['next · query.z']);
    expect(g.edges.find((x) => x.from === 'B')!.kind).toBe('next');
    expect(g.edges.find((x) => x.from === 'A' && x.to === 'C')!.at).toBe('on.tap[0].else[0].then[0].go');
  });

  it('each edge also says in an admin\'s words what leads there (the raw form stays for the hover)', () => {
    const g = buildFlowGraph(small());
    const w = (from: string, to: string) => g.edges.filter((x) => x.from === from && x.to === to).map((x) => x.words);
    expect(w('A', 'B')).toEqual(['事件“tap” · 满足条件', '事件“other” · 情况 1']);
    expect(w('A', 'C')).toEqual(['事件“tap” · 不满足条件 · 确认']);
    expect(w('A', 'L')).toEqual(['事件“other” · 其他情况']);
    expect(w('B', 'C')).toEqual(['完成后自动进入 · 满足条件']);
    // the repository's own flows: a tapped button reads as what the person taps; no path or expression in any edge's words
    const config = loadConfig(ROOT).config;
    const all = buildFlowGraph(config, registriesFor(ROOT).screens);
    for (const e of all.edges) expect(e.words, `${e.from} → ${e.to}: ${e.words}`).not.toMatch(/[=!|&]|\bon\.|\[\d+\]|session\.|query\.|event\./);
    expect(all.edges.some((e) => e.words.startsWith('点“'))).toBe(true);
    expect(all.edges.filter((e) => e.words.includes('微信支付')).length).toBeGreaterThan(0);
  });

  it('marks start, login and entries, and flags what nothing reaches', () => {
    const g = buildFlowGraph(small());
    const n = Object.fromEntries(g.nodes.map((x) => [x.id, x]));
    expect(n.A).toMatchObject({ start: true, unreachable: false, line: 3 });
    expect(n.L).toMatchObject({ login: true, unreachable: false });
    expect(n.Door).toMatchObject({ entry: true, unreachable: false });
    expect(n.Lost.unreachable).toBe(true); // its own edge out does not make it reached
    expect(g.nodes.filter((x) => x.unreachable).map((x) => x.id)).toEqual(['Lost']);
  });

  it("the repository's config: every step, no unreachable one (the checker agrees), laid out without overlaps", () => {
    const config = loadConfig(ROOT).config;
    const g = buildFlowGraph(config, registriesFor(ROOT).screens);
    expect(g.nodes.length).toBe(Object.keys(config.steps).length);
    expect(g.nodes.filter((x) => x.unreachable)).toEqual([]);
    expect(g.edges.some((e) => e.from === 'Index' && e.to === 'PersonIndex' || e.to === 'PersonIndex')).toBe(true);
    const all = layoutGraph(g);
    expect(all.nodes.length).toBe(g.nodes.length);
    for (const a of all.nodes) {
      for (const b of all.nodes) {
        if (a === b) continue;
        const apart = Math.abs(a.x - b.x) * 2 >= a.width + b.width || Math.abs(a.y - b.y) * 2 >= a.height + b.height;
        expect(apart, `${a.id} overlaps ${b.id}`).toBe(true);
      }
    }
    expect(all.edges.every((e) => e.points.length >= 2)).toBe(true);
    // one flow: its steps plus the other flows' steps its edges touch
    const home = layoutGraph(g, { flow: 'home' });
    expect(home.nodes.filter((x) => !x.outside).map((x) => x.id).sort()).toEqual(g.nodes.filter((x) => x.flow === 'home').map((x) => x.id).sort());
    expect(home.nodes.some((x) => x.outside)).toBe(true);
  });
});
