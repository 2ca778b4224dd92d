// @vitest-environment jsdom
// (the widgets import antd-mobile, whose CommonJS build requires CSS: Node alone cannot load it)
import { describe, expect, it } from 'vitest';
import { createRegistry, loadFormWidgets, loadWidgets, missingFormWidgets, resolveWidget } from '../../src/widgets/form/registry';
import { widgetModules, TIER_MODULES, WIDGET_TIERS } from '../../src/widgets/form/widget-files';
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { WIDGET_NAMES, WIDGET_OPTIONS } from '../../src/engine/form/widget-names';

const login = { type: 'object', properties: { name: { type: 'string', title: '姓名' }, code: { type: 'string', title: '验证码', 'x-widget': 'code' } } };

describe('widget registry', () => {
  it('places exactly the names the config checker knows, and each tier module gives its widgets', async () => {
    expect(Object.keys(WIDGET_TIERS).sort()).toEqual([...WIDGET_NAMES].sort());
    for (const file of Object.values(TIER_MODULES)) expect(existsSync(file), file).toBe(true);
    await loadWidgets(WIDGET_NAMES);
    const all = createRegistry();
    for (const n of WIDGET_NAMES) expect(typeof all[n] === 'object' || typeof all[n] === 'function', n).toBe(true);
  });

  it('a sign-in form needs no widget chunk; a questionnaire names the chunks for the server to preload', async () => {
    expect(widgetModules(login)).toEqual([]);
    expect(missingFormWidgets(login)).toBe(false);
    const survey = { type: 'object', properties: { smoke: { type: 'string', enum: ['是', '否'] }, since: { type: 'string', format: 'date' } } };
    expect(widgetModules(survey)).toEqual(['src/widgets/form/widgets/choice-widgets.ts', 'src/widgets/form/widgets/rich-widgets.ts']);
    await loadFormWidgets(survey);
    expect(missingFormWidgets(survey)).toBe(false);
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

  it("throws rjsf's message for an unknown name", async () => {
    await loadWidgets(WIDGET_NAMES);
    expect(() => resolveWidget(createRegistry(), 'slider', 'number')).toThrow("No widget 'slider' for type 'number'");
    expect(() => resolveWidget(createRegistry(), 'toString', 'string')).toThrow("No widget 'toString' for type 'string'");
  });

  it('lets the app add or replace widgets by name', async () => {
    await loadWidgets(WIDGET_NAMES);
    const Stars = () => null;
    const reg = createRegistry({ stars: Stars, text: Stars });
    expect(resolveWidget(reg, 'stars', 'number')).toBe(Stars);
    expect(resolveWidget(reg, 'text', 'string')).toBe(Stars);
    expect(resolveWidget(reg, 'radio', 'string')).toBe(createRegistry().radio);
  });
});
