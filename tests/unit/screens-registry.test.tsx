import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it, vi } from 'vitest';
import { renderToStaticMarkup } from 'react-dom/server';
import { createAjv } from '../../src/engine/schema/ajv';
import { SCREEN_KIND_NAMES } from '../../src/widgets/screens/kind-names';

// antd-mobile's CommonJS build requires CSS, which the node unit project cannot
// load; stand-in components render their children so the kinds' own logic runs.
vi.mock('antd-mobile', async () => {
  const React = await import('react');
  const stub = (name: string): unknown => {
    const C = (p: { children?: unknown; title?: unknown; description?: unknown; extra?: unknown; header?: unknown; prefix?: unknown }) =>
      React.createElement('div', { 'data-c': name }, p.header as never, p.title as never, p.prefix as never, p.children as never, p.description as never, p.extra as never);
    // Sub-components (Tabs.Tab, Swiper.Item) are capitalised; anything else (prototype, show) stays absent.
    return new Proxy(C, { get: (t, k) => (k in t ? (t as never)[k] : typeof k === 'string' && /^[A-Z]/.test(k) ? stub(`${name}.${k}`) : undefined) });
  };
  const names = ['Button', 'Card', 'Checkbox', 'Dialog', 'DotLoading', 'Empty', 'Grid', 'Image', 'Input', 'List', 'NavBar', 'NumberKeyboard', 'PasscodeInput', 'Popup', 'ProgressBar', 'Radio', 'Result', 'SearchBar', 'Selector', 'Skeleton', 'Space', 'Swiper', 'Tabs', 'Tag', 'Toast'];
  return Object.fromEntries(names.map((n) => [n, stub(n)]));
});
vi.mock('antd-mobile-icons', async () => {
  const React = await import('react');
  const Icon = () => React.createElement('i');
  return new Proxy({}, { get: (_t, k) => (k === 'then' ? undefined : Icon), has: () => true });
});

const { SCREEN_KINDS, screenKind, preloadScreenKinds } = await import('../../src/widgets/screens/registry');
// Every kind but menu is lazy: load them so they render synchronously below.
await preloadScreenKinds();
const schemaDir = 'schemas/meta/screens';
const schemaFiles = readdirSync(schemaDir).filter((f) => f.endsWith('.json'));
const schemaOf = (kind: string) => JSON.parse(readFileSync(`${schemaDir}/${kind}.json`, 'utf8'));

describe('screen kind registry', () => {
  it('registry keys == kind names == props schema files', () => {
    const names = [...SCREEN_KIND_NAMES].sort();
    expect(Object.keys(SCREEN_KINDS).sort()).toEqual(names);
    expect(schemaFiles.map((f) => f.replace(/\.json$/, '')).sort()).toEqual(names);
  });

  it('an unknown kind throws with its name', () => {
    expect(() => screenKind('nope')).toThrow("No screen kind 'nope'");
    expect(() => screenKind('toString')).toThrow();
  });
});

describe('props schemas', () => {
  const ajv = createAjv();
  const compile = (kind: string) => ajv.getSchema(`screens/${kind}.json`) ?? ajv.compile(schemaOf(kind));
  // Walks a schema and yields every object schema (properties present).
  function* objects(s: unknown, path = '#'): Generator<[string, Record<string, unknown>]> {
    if (!s || typeof s !== 'object') return;
    const o = s as Record<string, unknown>;
    if (o.type === 'object' && o.properties) yield [path, o];
    for (const [k, v] of Object.entries(o)) {
      if (Array.isArray(v)) for (const [i, x] of v.entries()) yield* objects(x, `${path}/${k}/${i}`);
      else if (v && typeof v === 'object') yield* objects(v, `${path}/${k}`);
    }
  }

  for (const kind of SCREEN_KIND_NAMES) {
    it(`${kind}: draft-07, compiles, closed objects, events marked x-ref`, () => {
      const s = schemaOf(kind);
      expect(s.$schema).toBe('http://json-schema.org/draft-07/schema#');
      expect(() => compile(kind)).not.toThrow();
      for (const [path, o] of objects(s)) expect(o.additionalProperties, path).toBe(false);
      // Every event-name property carries x-ref so the checker can match it against the step's `on`.
      for (const [path, o] of objects(s))
        for (const [name, p] of Object.entries(o.properties as Record<string, Record<string, unknown>>))
          if (name === 'event' || name.endsWith('Event')) expect(p['x-ref'], `${path}/${name}`).toBe('event');
    });
  }

  const valid: Record<string, unknown> = {
    menu: { banners: '=config.banners', autoplay: '=const.bannerAutoplayMs', info: [{ label: '地址', value: '=session.hospInfo.hospAddr' }], tiles: [{ text: '个人体检', icon: 'person', event: 'personal', visibleIf: "=session.user.tag == '1'" }] },
    cardList: {
      tabs: [{ title: '男', items: '=data.packages.m' }],
      search: { placeholder: '搜索套餐名称', field: 'clus_Name' },
      empty: '暂无体检套餐，请联系管理员',
      card: { title: '=item.clus_Name', price: '=item.price', lines: [{ label: '电话', value: '=item.tel' }], status: { text: '=item.state', color: 'red' } },
      selectEvent: 'select',
      buttons: [{ text: '详情', event: 'open', visibleIf: "item.state == 'F'" }],
      header: { filter: { options: '=data.years', event: 'year' }, actions: [{ text: '退出', event: 'logout' }] },
      gate: { title: '请输入密码', length: 6, event: 'login', openIf: 'session.approver' },
    },
    calendar: { days: '=data.days', fields: { date: 'person_Date', flag: 'person_Flag', sum: 'person_Sum', surplus: 'person_Surplus' }, slots: '=data.slots', slotFields: { name: 'sumtime_Name', code: 'sumtime_Code', surplus: 'person_Surplus' }, monthEvent: 'month', dayEvent: 'day', confirmEvent: 'ok' },
    treeSelect: { tree: '=data.tree', blocked: '=const.onSiteOnly', blockedMessage: '该项目需要到现场增加', baseCents: '=cents(session.chooseItem.price)', confirmEvent: 'confirm' },
    questionFlow: { bank: '=data.bank', doneEvent: 'done', messages: { required: '请完问题' } },
    detail: { tabs: [{ title: '套餐简介', html: '=data.intro' }], footer: [{ text: '去缴费', event: 'pay', enabledIf: 'data.record' }], emptyIf: '!data.order', emptyText: '订单已过期', image: '=data.qr' },
    status: { text: '正在登录…', spinner: true, buttons: [{ text: '返回首页', event: 'home' }] },
  };
  for (const [kind, props] of Object.entries(valid)) {
    it(`${kind}: accepts a typical step's props`, () => {
      const v = compile(kind);
      expect(v(props), JSON.stringify(v.errors)).toBe(true);
    });
  }

  it('rejects unknown keys and events that are not strings', () => {
    expect(compile('menu')({ tiles: [{ text: 'x', event: 'y', colour: 1 }] })).toBe(false);
    expect(compile('cardList')({ selectEvent: 3 })).toBe(false);
    expect(compile('calendar')({ days: [], confirmEvent: 'ok', weekdays: ['日'] })).toBe(false);
  });
});

describe('every kind renders with no props', () => {
  const noop = { emit: async () => {}, evalItem: () => undefined };
  const eager = SCREEN_KIND_NAMES.filter((k) => !['treeSelect', 'calendar', 'questionFlow'].includes(k));
  for (const kind of eager) {
    it(kind, () => {
      const K = SCREEN_KINDS[kind];
      expect(() => renderToStaticMarkup(<K props={{}} {...noop} />)).not.toThrow();
    });
  }
  it('lazy kinds load and render', async () => {
    const loaded = await Promise.all([
      import('../../src/widgets/screens/tree-select/TreeSelectScreen'),
      import('../../src/widgets/screens/calendar/CalendarScreen'),
      import('../../src/widgets/screens/question-flow/QuestionFlowScreen'),
    ]);
    for (const { default: K } of loaded) {
      expect(() => renderToStaticMarkup(<K props={{}} {...noop} />)).not.toThrow();
    }
  });
});

describe('kinds evaluate per-item props through evalItem', () => {
  const evalItem = (v: unknown, item: unknown) => (typeof v === 'string' && v.startsWith('=item.') ? (item as Record<string, unknown>)[v.slice(6)] : v);
  const base = { emit: async () => {}, evalItem };

  it('cardList shows per-item fields, 2-decimal prices, filtered buttons, and the empty text', () => {
    const K = SCREEN_KINDS.cardList;
    const html = renderToStaticMarkup(
      <K
        {...base}
        props={{
          items: [{ n: '套餐甲', p: '12.5', can: true }, { n: '套餐乙', p: 300, can: false }],
          card: { title: '=item.n', price: '=item.p' },
          buttons: [{ text: '撤销', event: 'cancel', visibleIf: '=item.can' }],
        }}
      />,
    );
    expect(html).toContain('套餐甲');
    expect(html).toContain('¥12.50');
    expect(html).toContain('¥300.00');
    expect(html.split('撤销')).toHaveLength(2); // only the first item's button
    expect(renderToStaticMarkup(<K {...base} props={{ items: [], empty: '暂无体检订单' }} />)).toContain('暂无体检订单');
  });

  it('detail shows emptyText instead of content when emptyIf holds', () => {
    const K = SCREEN_KINDS.detail;
    const html = renderToStaticMarkup(<K {...base} props={{ emptyIf: true, emptyText: '订单已过期', rows: [{ label: '姓名', value: '张三' }] }} />);
    expect(html).toContain('订单已过期');
    expect(html).not.toContain('张三');
  });

  it('menu hides tiles whose visibleIf is false', () => {
    const K = SCREEN_KINDS.menu;
    const html = renderToStaticMarkup(<K {...base} props={{ tiles: [{ text: '个人体检', event: 'a' }, { text: '免费审核', event: 'b', visibleIf: false }] }} />);
    expect(html).toContain('个人体检');
    expect(html).not.toContain('免费审核');
  });

  it('html escapes markup when no DOM sanitiser is available', () => {
    const K = SCREEN_KINDS.html;
    const html = renderToStaticMarkup(<K {...base} props={{ html: '<script>alert(1)</script>' }} />);
    expect(html).not.toContain('<script>');
  });
});
