/**
 * Issue 27, without a browser: the cookie that says what to draw (read as an
 * attacker might write it), which steps the server may draw, the drawing of the
 * real flows from source, and the page it is assembled into.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import type { StartupConfig } from '../../src/contract/calls';
import { loadConfig } from '../../src/engine/config/load';
import { createRuntime, type AppConfigJson, type StepWithId } from '../../src/app/boot';
import { callsOnEntry } from '../../src/engine/runtime';
import { entrySeed } from '../../src/app/ssr/entry-seed';
import { isCatalogueCall } from '../../src/contract/calls';
import { CLIENT_MODULE, homeCookieOf, kindModule, landingSteps, parseHomeCookie, screenSignature, serverSession } from '../../src/app/ssr/landing';
import type { drawPage as DrawPage } from '../../src/app/ssr/ssr-entry';
import { assemblePage, entryAfterPaint, scriptJson } from '../../src/server/plugins/ssr-page';
import { FRAME_SCRIPT } from '../../src/server/plugins/ssr-frame';
import { routePreloads } from '../../src/server/plugins/ssr-preloads';
import { SCREEN_KIND_NAMES } from '../../src/widgets/screens/kind-names';

const ROOT = path.resolve(__dirname, '../..');
const loaded = loadConfig(ROOT).config!;
const cfg = { app: loaded.app, messages: loaded.messages, steps: loaded.steps } as unknown as AppConfigJson;
const branch = (hospCode: string, hospName: string) => ({ hospCode, hospName, hospTel: `0571-${hospCode}`, hospAddr: `${hospName}路 1 号` });
const startup = { version: '', branches: [branch('01', '杭州（总院）'), branch('02', '滨江院区')], banners: ['/banners/1.svg'] } as unknown as StartupConfig;
const cookie = (v: unknown) => `a=1; cf_home=${encodeURIComponent(JSON.stringify(v))}; b=2`;

describe('the cf_home cookie', () => {
  it('carries signed-in, tag and branch only, and reads back', () => {
    const c = homeCookieOf({ user: { tag: '1', name: '张三', idCard: '330102198805121311', tel: '13800000000' }, hospInfo: { hospCode: '01', hospAddr: 'x' }, token: 'secret' });
    expect(c).toEqual({ u: 1, t: '1', b: '01' });
    expect(parseHomeCookie(cookie(c))).toEqual(c);
    expect(homeCookieOf({ user: {}, hospInfo: null })).toEqual({});
  });

  it('anything odd reads as an empty cookie or loses the odd part', () => {
    expect(parseHomeCookie(undefined)).toEqual({});
    expect(parseHomeCookie('cf_home=%7Bnot json')).toEqual({});
    expect(parseHomeCookie(cookie({ u: true, t: '<script>', b: '01"><img' }))).toEqual({});
    expect(parseHomeCookie(cookie({ u: 1, t: '123456789', b: 'x'.repeat(40) }))).toEqual({ u: 1 });
    expect(parseHomeCookie(`cf_home=${'%7B'.repeat(500)}`)).toEqual({});
  });

  it('draws with the public details of a branch of config.json, never one it names alone', () => {
    expect(serverSession({ u: 1, t: '1', b: '02' }, startup)).toEqual({ user: { tag: '1' }, hospInfo: { hospCode: '02', hospAddr: '滨江院区路 1 号', hospTel: '0571-02' } });
    expect(serverSession({ b: '99' }, startup)).toEqual({});
  });
});

describe('what the server may draw', () => {
  const rt = createRuntime(startup, cfg, { storageName: 'ssr-unit' });
  const steps = rt.steps;

  it('the step at / first, then the entry steps', () => {
    const routes = landingSteps(steps, rt.app).map((l) => l.route);
    expect(routes[0]).toBe('/');
    expect(routes).toEqual(expect.arrayContaining(['/Index', '/TeamLogin', '/ReportLogin']));
    expect(routes).not.toContain('/PersonBookSum');
  });

  it('a step whose entry does nothing with this session; not one with a form, a call, or a navigation', async () => {
    const drawable = async (st: StepWithId) => (await entrySeed(st, rt, '')) !== null;
    rt.session.getState().clear();
    expect(await drawable(steps.Branch)).toBe(true); // no load
    expect(await drawable(steps.Index)).toBe(false); // no branch yet: the load would choose or go to the chooser
    rt.session.getState().set('hospInfo', { hospCode: '01' });
    expect(await drawable(steps.Index)).toBe(true);
    expect(await drawable(steps.TeamLogin)).toBe(false); // a form
    expect(await drawable(steps.Notice)).toBe(false); // fetches its text, and no public answers are offered
    const odd: StepWithId = { id: 'Odd', route: '/odd', screen: 'status', load: [{ toast: 'x' }] } as StepWithId;
    expect(await drawable(odd)).toBe(false);
    // Writes to its own data are fine: the drawing and the phone's first render start with that data.
    const own = { id: 'Own', route: '/own', screen: 'status', load: [{ set: { 'data.x': '=1 + 1' } }] } as unknown as StepWithId;
    expect(await entrySeed(own, rt, '')).toEqual({ data: { x: 2 }, calls: [] });
    const session = { id: 'S', route: '/s', screen: 'status', load: [{ set: { 'session.marital': '1' } }] } as unknown as StepWithId;
    expect(await drawable(session)).toBe(false);
  });

  it('a load of public calls and data writes is run with the server\'s answers: its data and each answer', async () => {
    const asked: Array<[string, unknown]> = [];
    const answer = { success: true, returnMsg: '成功', returnData: { m: [{ clus_Name: 'A' }], w: [] } };
    const call = async (name: string, body: Record<string, unknown>) => (asked.push([name, body]), answer);
    const seed = await entrySeed(steps.PersonIndex, rt, '', call);
    expect(asked).toEqual([['GetClusItemList', { clus_type: '4' }]]);
    expect(seed).toEqual({ data: { packages: answer.returnData }, calls: [{ name: 'GetClusItemList', body: { clus_type: '4' }, answer }] });
    // A refusal goes to the step's onError/onFail (an alert): the phone's to draw.
    expect(await entrySeed(steps.PersonIndex, rt, '', async () => ({ success: false, returnMsg: '无', returnData: null }))).toBeNull();
    expect(await entrySeed(steps.PersonIndex, rt, '', async () => Promise.reject(new Error('down')))).toBeNull();
    // Per-user calls, session writes and navigations are never run on the server.
    const mine: StepWithId = { id: 'Mine', route: '/mine', screen: 'status', load: [{ call: 'SendVerifyCode', body: { phone: '13800000000' } }] } as unknown as StepWithId;
    expect(await entrySeed(mine, rt, '', call)).toBeNull();
    const writes: StepWithId = { id: 'W', route: '/w', screen: 'status', load: [{ call: 'GetClusItemList', body: {}, keep: 'session.l' }] } as StepWithId;
    expect(await entrySeed(writes, rt, '', call)).toBeNull();
    expect(asked).toHaveLength(2); // the one above, and the `writes` call before its session write
    expect(isCatalogueCall('GetClusItemList')).toBe(true);
    for (const n of ['FindByOrderList', 'SendVerifyCode', 'TeamLogin', 'GetInforMation', 'GetToken', 'toWeChatOauth', 'constructor', 'nope']) expect(isCatalogueCall(n)).toBe(false);
  });

  it('the screen signature follows what the screen shows, not what it does not read', () => {
    rt.session.getState().set('hospInfo', { hospCode: '01', hospAddr: 'A', hospTel: 'T' });
    const a = screenSignature(rt, steps.Index, '', '?v=1');
    rt.session.getState().set('openid', 'o-123'); // Index does not show it
    expect(screenSignature(rt, steps.Index, '', '?v=2')).toBe(a); // v is the version guard's, not a query
    rt.session.getState().set('hospInfo', { hospCode: '01', hospAddr: 'B', hospTel: 'T' });
    expect(screenSignature(rt, steps.Index, '', '')).not.toBe(a);
  });
});

describe('drawing the real flows (the built render bundle)', () => {
  // antd-mobile's published CommonJS cannot load in this project: the bundle the server loads is built, as npm run build does.
  let drawPage: typeof DrawPage;
  let drawingKey: (cookie: string | undefined) => string;
  beforeAll(async () => {
    const out = fs.mkdtempSync(path.join(os.tmpdir(), 'checkup-ssr-unit-'));
    execFileSync(process.execPath, [path.join(ROOT, 'node_modules/vite/bin/vite.js'), 'build', '-c', 'vite.ssr.config.ts', '--logLevel', 'warn', '--outDir', out], {
      cwd: ROOT,
      env: { ...process.env, NODE_ENV: 'production' },
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    ({ drawPage, drawingKey } = (await import(pathToFileURL(path.join(out, 'ssr-entry.js')).href)) as { drawPage: typeof DrawPage; drawingKey: typeof drawingKey });
  }, 120_000);

  it('a first visit: nothing drawn (the chooser needs a sign-in, the home page a branch); what each route loads first', async () => {
    const d = await drawPage({ startup, cfg, version: 'v1', search: '' });
    const routes = d.pages.map((p) => p.route);
    expect(routes).not.toContain('/');
    expect(routes).not.toContain('/Index');
    expect(routes).toEqual(Object.keys(d.boot.drawn)); // each drawing with its signature (/test: a static page)
    expect(d.routes['/teamlogin']).toEqual({ title: '团队体检登录', modules: [kindModule('form'), 'src/app/runner/FormSlot.tsx'], schema: expect.any(String) });
    expect(d.routes['/index']).toEqual({ title: '体检预约', modules: [kindModule('menu')] });
    // A step whose load always calls brings the request layer along (callsOnEntry, below).
    expect(d.routes['/personindex'].modules).toEqual([kindModule('cardList'), CLIENT_MODULE]);
    expect(d.boot.version).toBe('v1');
    // The flow config is not in the page (≈ 12 kB brotli before the first paint): named with its version.
    expect(d.boot.cfgUrl).toBe('app-config.json?v=v1');
    expect(d.boot).not.toHaveProperty('cfg');
  });

  it('a form route preloads the widget chunks its live schema draws; a sign-in form has them in the form code', async () => {
    const read = (f: string) => JSON.parse(fs.readFileSync(path.join(ROOT, 'schemas', f), 'utf8')) as object;
    const schemas = { 'forms/team-login.json': read('forms/team-login.json'), 'forms/occupational-questionnaire.json': read('forms/occupational-questionnaire.json') };
    const d = await drawPage({ startup, cfg, version: 'v1', search: '', schemas });
    expect(d.routes['/teamlogin'].modules).toEqual([kindModule('form'), 'src/app/runner/FormSlot.tsx']);
    expect(d.routes['/occupationaldiseasesqs'].modules).toEqual([
      kindModule('form'),
      'src/app/runner/FormSlot.tsx',
      'src/widgets/form/widgets/choice-widgets.ts',
      'src/widgets/form/widgets/rich-widgets.ts',
    ]); // no request layer: in view mode its load may stop before a call (callsOnEntry)
  });

  it('signed in with a branch: the chooser at / and the home page of that branch, with their signatures', async () => {
    const d = await drawPage({ startup, cfg, version: 'v1', search: '?v=1', cookie: cookie({ u: 1, t: '0', b: '02' }) });
    expect(d.pages.map((p) => p.route).slice(0, 2)).toEqual(['/', '/Index']);
    expect(d.pages[0].html).toContain('杭州（总院）');
    const home = d.pages[1].html;
    expect(home).toContain('滨江院区路 1 号');
    expect(home).toContain('个人体检');
    expect(home).not.toContain('代金卡审核'); // tag 0: not an approver
    expect(Object.keys(d.boot.drawn)).toEqual(d.pages.map((p) => p.route));
    const approver = await drawPage({ startup, cfg, version: 'v1', search: '', cookie: cookie({ u: 1, t: '1', b: '02' }) });
    expect(approver.pages[1].html).toContain('代金卡审核');
  });

  it('made-up cookies of the same meaning share one drawing', () => {
    const key = drawingKey(cookie({ u: 1, t: '0', b: '02' }));
    expect(drawingKey(`x=1; ${cookie({ b: '02', t: '0', u: 1, extra: 'y'.repeat(50) })}`)).toBe(key);
    expect(drawingKey('cf_home=garbage')).toBe(drawingKey(undefined));
    expect(drawingKey(cookie({ u: 1, t: '1', b: '02' }))).not.toBe(key);
  });

  it('into the page: inline data cannot close its script, routes cannot leave their attribute', () => {
    expect(scriptJson({ a: '</script><script>alert(1)</script>' })).not.toContain('</');
    const html = assemblePage('<html><body><div id="root"></div></body></html>', {
      pages: [{ route: '/', html: '<p>root</p>' }, { route: '/X"><b', html: '<p>x</p>' }],
      routes: {},
      boot: { note: '</script>' },
    }, { '/': ['<b>', []] });
    expect(html).toContain('<div id="root" data-ssr="/"><p>root</p></div>');
    expect(html).toContain('<template data-route="/X&quot;>&lt;b"><p>x</p></template>');
    expect(html).toContain(`<script>${FRAME_SCRIPT}</script>`);
    expect(html.match(/<\/script>/g)).toHaveLength(3);
  });

  it('the bundle leaves the HTML: the inline script asks for it after the first paint', () => {
    const built =
      '<head><script defer src="./assets/engine-floor-1.js"></script><script type="module" crossorigin src="./assets/index-A1.js"></script>' +
      '<link rel="modulepreload" crossorigin href="./assets/react-B2.js"><style>x</style></head>';
    expect(entryAfterPaint(built)).toBe(
      '<head><script defer src="./assets/engine-floor-1.js"></script><style>x</style>' +
        '<script id="cf-entry" type="application/json">{"js":"./assets/index-A1.js","pre":["./assets/react-B2.js"]}</script>\n  </head>',
    );
    expect(entryAfterPaint('<head></head>')).toBe('<head></head>');
    expect(FRAME_SCRIPT).toContain("getElementById('cf-entry')");
  });
});

describe('what a route preloads', () => {
  it('every screen kind has its source where the page looks for its chunk', () => {
    for (const kind of SCREEN_KIND_NAMES) expect(fs.existsSync(path.join(ROOT, kindModule(kind))), kind).toBe(true);
  });

  it('the request layer is where the page looks for it, and the first call loads that module', () => {
    expect(fs.existsSync(path.join(ROOT, CLIENT_MODULE))).toBe(true);
    expect(fs.readFileSync(path.join(ROOT, 'src/app/api/lazy-api.ts'), 'utf8')).toContain(`import('./${path.basename(CLIENT_MODULE, '.ts')}')`);
  });

  it('a step surely calls on entry when every way through its load reaches a call', () => {
    const calls = (load: unknown[]) => callsOnEntry({ load } as never);
    expect(calls([{ set: { 'data.a': 1 } }, { call: 'GetClusItemList' }])).toBe(true);
    expect(calls([{ if: 'query.id', then: [{ call: 'GetQuestion' }] }])).toBe(false);
    expect(calls([{ if: 'query.id', then: [{ call: 'GetQuestionById' }], else: [{ call: 'GetQuestion' }] }])).toBe(true);
    // A branch that may stop before the call (the health questionnaire's ?page=) makes it uncertain.
    expect(calls([{ if: 'query.page', then: [{ stop: true }] }, { call: 'GetQuestion' }])).toBe(false);
    expect(calls([{ if: 'query.x', then: [{ set: { 'data.a': 1 } }] }, { call: 'GetQuestion' }])).toBe(true);
    expect(calls([{ go: 'Index' }, { call: 'GetQuestion' }])).toBe(false);
    expect(calls([{ confirm: 'sure' }, { call: 'GetQuestion' }])).toBe(false);
    expect(calls([])).toBe(false);
    // Forty ifs in a row are 2^40 ways: it gives up (uncertain) instead of walking them.
    expect(calls([...Array.from({ length: 40 }, () => ({ if: 'x', then: [{ set: { 'data.a': 1 } }] })), { call: 'GetQuestion' }])).toBe(false);
    expect(callsOnEntry({} as never)).toBe(false);
  });

  it('the chunks of its screen and form with their imports, not what the page already loads, then its schema', () => {
    const manifest = {
      'src/app/main.tsx': { file: 'assets/index.js', isEntry: true, imports: ['_react.js'] },
      '_react.js': { file: 'assets/react.js' },
      '_list.js': { file: 'assets/list.js', imports: ['_react.js'] },
      'src/widgets/screens/form/FormScreen.tsx': { file: 'assets/FormScreen.js', imports: ['_list.js'] },
      'src/app/runner/FormSlot.tsx': { file: 'assets/FormSlot.js', imports: ['_list.js', '_react.js'] },
    };
    expect(routePreloads(manifest, { '/x': { title: 'X', modules: ['src/widgets/screens/form/FormScreen.tsx', 'src/app/runner/FormSlot.tsx'], schema: 'forms/x.json' } })).toEqual({
      '/x': ['X', ['assets/FormScreen.js', 'assets/list.js', 'assets/FormSlot.js', 'schemas/forms/x.json']],
    });
    expect(routePreloads(null, { '/y': { title: 'Y', modules: ['a'] } })).toEqual({ '/y': ['Y', []] });
  });
});
