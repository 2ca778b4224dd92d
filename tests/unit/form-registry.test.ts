// @vitest-environment jsdom
// (the registry imports antd-mobile, whose CommonJS build requires CSS: Node alone cannot load it)
import { describe, expect, it } from 'vitest';
import { DEFAULT_WIDGETS, createRegistry, resolveWidget } from '../../src/widgets/form/registry';
import { readFileSync, readdirSync } from 'node:fs';
import { WIDGET_NAMES, WIDGET_OPTIONS } from '../../src/engine/form/widget-names';

describe('widget registry', () => {
  it('registers exactly the names the config checker knows', () => {
    expect(Object.keys(DEFAULT_WIDGETS).sort()).toEqual([...WIDGET_NAMES].sort());
  });

  it('each widget reads exactly the x-options the checker allows it (WIDGET_OPTIONS)', () => {
    const dir = 'src/widgets/form/widgets';
    for (const file of readdirSync(dir).filter((f) => f.endsWith('Widget.tsx'))) {
      const widget = file.replace(/Widget\.tsx$/, '').replace(/^TextArea$/, 'textarea').toLowerCase();
      if (!(WIDGET_NAMES as readonly string[]).includes(widget)) continue;
      const src = readFileSync(`${dir}/${file}`, 'utf8');
      const read = new Set([...src.matchAll(/(?<![\w.])(?:o|node\.options|options)\.(\w+)/g)].map((m) => m[1]));
      expect([...read].sort(), file).toEqual(Object.keys(WIDGET_OPTIONS[widget as keyof typeof WIDGET_OPTIONS] ?? {}).sort());
    }
  });

  it("throws rjsf's message for an unknown name", () => {
    expect(() => resolveWidget(DEFAULT_WIDGETS, 'slider', 'number')).toThrow("No widget 'slider' for type 'number'");
    expect(() => resolveWidget(DEFAULT_WIDGETS, 'toString', 'string')).toThrow("No widget 'toString' for type 'string'");
  });

  it('lets the app add or replace widgets by name', () => {
    const Stars = () => null;
    const reg = createRegistry({ stars: Stars, text: Stars });
    expect(resolveWidget(reg, 'stars', 'number')).toBe(Stars);
    expect(resolveWidget(reg, 'text', 'string')).toBe(Stars);
    expect(resolveWidget(reg, 'radio', 'string')).toBe(DEFAULT_WIDGETS.radio);
  });
});
