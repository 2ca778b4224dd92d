/**
 * Issue 27: the first screen arrives with the HTML. On a copy of the real config
 * (so the test can edit it live), a person signs in and chooses a branch; from
 * then on the page request carries the `cf_home` cookie and the server draws:
 * the chooser at `/`, the home page in a template the inline script shows for
 * `/#/Index`, the frame (title and skeleton) for a deep link it cannot draw. The
 * phone hydrates the drawing (the very nodes stay, nothing refetched), and an
 * edited tile text is in the HTML of the next request.
 */
import path from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { copyConfig, editConfigFile } from './helpers/app';
import { phoneApp } from './helpers/phone-app';
import { clickText, screenshot, waitText } from './helpers/phone';
import { login, waitRoute } from './helpers/journey';
import { persistedSession } from './helpers/session';

const dir = copyConfig('checkup-ssr-');
const t = phoneApp('ssr-first-screen', { configDir: dir });

/** The page as the server sends it to this phone (its cookies). */
async function pageHtml(page: Page, url = '/'): Promise<string> {
  const cookies = await page.context().cookies();
  const res = await fetch(new URL(url, t.app.baseUrl), { headers: { cookie: cookies.map((c) => `${c.name}=${c.value}`).join('; ') } });
  expect(res.status).toBe(200);
  return res.text();
}

/**
 * From before any script of the page runs: which steps' screens were put into #root and taken out
 * (by the parser, the inline script, React), and every config request. Hydration keeps the drawn
 * screen's nodes; a fresh render takes them out and puts its own in.
 */
async function watchFirstScreen(page: Page): Promise<void> {
  if (watched.has(page)) return; // a second observer would count every screen twice
  watched.add(page);
  await page.addInitScript(() => {
    const w = window as unknown as { __added: string[]; __removed: string[] };
    w.__added = [];
    w.__removed = [];
    const steps = (n: Node) =>
      n instanceof Element ? [...(n.matches('.cf-step') ? [n] : []), ...n.querySelectorAll('.cf-step')].map((e) => e.getAttribute('data-step') ?? '') : [];
    new MutationObserver((records) => {
      for (const r of records) {
        if (!(r.target instanceof Element) || !r.target.closest('#root')) continue;
        r.addedNodes.forEach((n) => w.__added.push(...steps(n)));
        r.removedNodes.forEach((n) => w.__removed.push(...steps(n)));
      }
    }).observe(document, { childList: true, subtree: true });
  });
  page.on('request', (r) => {
    if (/\/(app-)?config\.json/.test(r.url())) configRequests.push(r.url());
  });
}
const configRequests: string[] = [];
const watched = new WeakSet<Page>();

/** A new page load (a goto that changes only the hash would stay in the same document). */
async function load(page: Page, url: string): Promise<void> {
  await page.goto('about:blank');
  await page.goto(url);
}

/** The step's drawn screen was put in once and never taken out: hydrated, not drawn again. */
async function firstScreenKept(page: Page, step: string): Promise<boolean> {
  const { added, removed } = await page.evaluate(() => {
    const w = window as unknown as { __added: string[]; __removed: string[] };
    return { added: w.__added, removed: w.__removed };
  });
  return added.filter((s) => s === step).length === 1 && !removed.includes(step);
}

describe('the first screen in the HTML', () => {
  it('a first visit carries the configs and no drawing (the guard and the branch are the phone’s)', async () => {
    const res = await fetch(new URL('/', t.app.baseUrl));
    const html = await res.text();
    expect(res.headers.get('cache-control')).toBe('private, no-cache');
    expect(res.headers.get('vary')).toMatch(/cookie/);
    expect(html).toContain('<script id="cf-boot" type="application/json">');
    expect(html).toContain('<div id="root"></div>');
    expect(html).not.toContain('data-route="/Index"'); // no branch: the home page would send the person to the chooser
    // The start-up config rides along; the flow config is named with the drawing's version (fetched after the paint).
    const boot = JSON.parse(html.match(/<script id="cf-boot" type="application\/json">(.*?)<\/script>/s)![1]);
    expect(boot.startup.branches.length).toBeGreaterThan(1);
    expect(boot.cfgUrl).toBe(`app-config.json?v=${boot.version}`);
    const cfg = await (await fetch(new URL(boot.cfgUrl, t.app.baseUrl))).json();
    expect(cfg.version).toBe(boot.version);
    expect(Object.keys(cfg.steps)).toContain('Index');
  });

  it('after choosing a branch, the chooser and the home page are drawn by the server', async () => {
    const { page } = t.phone;
    await login(page);
    const cookie = (await page.context().cookies()).find((c) => c.name === 'cf_home');
    expect(JSON.parse(decodeURIComponent(cookie!.value))).toMatchObject({ u: 1, b: expect.any(String) });
    const html = await pageHtml(page);
    expect(html).toContain('<div id="root" data-ssr="/">');
    expect(html).toMatch(/data-ssr="\/">.*选择院区.*（总院）/s);
    const home = html.match(/<template data-route="\/Index">(.*?)<\/template>/s)?.[1] ?? '';
    expect(home).toContain('个人体检');
    expect(home).toContain('团队体检');
    const [hosp] = t.app.sql<{ hosp_addr: string }>("SELECT hosp_addr FROM branches WHERE hosp_name LIKE '%（总院）%'");
    expect(home).toContain(hosp.hosp_addr); // the chosen branch's address, not a blank
    // Its first banner (a small file) rides in the page, so it paints with the text; the page preloads nothing.
    expect(home).toMatch(/<img src="data:image\/svg\+xml;base64,[^"]+"/);
    const res = await fetch(new URL('/', t.app.baseUrl), { headers: { cookie: `${cookie!.name}=${cookie!.value}` } });
    expect(res.headers.get('link')).toBeNull();
  });

  it('/#/Index hydrates the drawn home page: the same nodes, config.json not fetched, taps work', async () => {
    const { page } = t.phone;
    await watchFirstScreen(page);
    await load(page, '/#/Index');
    await waitText(page, '个人体检');
    // Interactive: the tile opens its sheet (the effects are wired after hydration).
    await clickText(page, '个人体检');
    await waitText(page, '已婚');
    expect(await firstScreenKept(page, 'Index')).toBe(true);
    // The hydrated banner keeps the picture the page carried (and shows it).
    const banner = await page.locator('.cf-banners img').first().evaluate((img: HTMLImageElement) => [img.src.slice(0, 19), img.naturalWidth > 0]);
    expect(banner).toEqual(['data:image/svg+xml;', true]);
    // Not config.json (inline); the flow config once, by its version, asked for by the page's script.
    expect(configRequests.map((u) => new URL(u).pathname + new URL(u).search)).toEqual([expect.stringMatching(/^\/app-config\.json\?v=\w+$/)]);
    await screenshot(page, 'ssr-index-hydrated');
  });

  it('/ hydrates the drawn chooser, and choosing goes home', async () => {
    const { page } = t.phone;
    await load(page, '/');
    await waitText(page, '选择院区');
    expect(await firstScreenKept(page, 'Branch')).toBe(true);
    await page.getByText('（总院）').locator('visible=true').first().click(); // a part of the card's title
    await waitRoute(page, '/Index');
    await waitText(page, '个人体检');
  });

  it('a reload with history behind it: hydrated, and the update that follows reaches no screen still hydrating', async () => {
    const { page } = t.phone;
    // On /#/Index, pushed from the chooser: the history entry has an index > 0, which the server's drawing
    // cannot know (the step page reads it after hydrating and renders again).
    expect(await page.evaluate(() => (history.state as { idx?: number } | null)?.idx ?? 0)).toBeGreaterThan(0);
    await page.reload();
    await waitText(page, '个人体检');
    await clickText(page, '个人体检');
    await waitText(page, '已婚');
    expect(await firstScreenKept(page, 'Index')).toBe(true);
    expect(t.phone.problems.filter((p) => /pageerror/.test(p))).toEqual([]);
  });

  it('a tap on the drawn chooser before the bundle arrives is not lost: given again once hydrated', async () => {
    const { page } = t.phone;
    // The entry script is held until the person has tapped.
    let release!: () => void;
    const tapped = new Promise<void>((r) => (release = r));
    const entry = /\/assets\/index-[^/]*\.js$/;
    await page.route(entry, async (r) => {
      await tapped;
      await r.continue();
    });
    try {
      await page.goto('about:blank');
      await page.goto('/', { waitUntil: 'commit' }); // the page cannot finish loading: its entry script is held
      await page.getByText('滨江院区').first().click();
      release();
      await waitRoute(page, '/Index');
      await waitText(page, '个人体检');
      expect(((await persistedSession(page)).values.hospInfo as { hospCode: string }).hospCode).toBe(
        t.app.sql<{ hosp_code: string }>("SELECT hosp_code FROM branches WHERE hosp_name LIKE '%滨江院区%'")[0].hosp_code,
      );
    } finally {
      await page.unroute(entry);
    }
  });

  it('before the bundle arrives: the home page for /#/Index, the frame for a deep link the server cannot draw', async () => {
    const { page } = t.phone;
    // The bundle never arrives: what the HTML alone shows.
    await page.route(/\/assets\/.*\.js$/, (r) => r.abort());
    try {
      await load(page, '/#/Index');
      await waitText(page, '个人体检');
      await screenshot(page, 'ssr-index-html-only');
      await load(page, '/#/TeamLogin');
      await page.locator('.cf-frame-bar').getByText('团队体检登录').waitFor();
      expect(await page.locator('#root').getAttribute('data-ssr')).toBeNull();
      await screenshot(page, 'ssr-frame-teamlogin');
    } finally {
      await page.unroute(/\/assets\/.*\.js$/);
    }
    // With the bundle: the frame gives way to the login form.
    await load(page, '/#/TeamLogin');
    await page.locator('.cf-step[data-step]').first().waitFor();
    await expect.poll(() => page.locator('.cf-frame').count()).toBe(0);
  });

  it('/#/PersonIndex, a package list shared in a chat: drawn with its packages, hydrated, the catalogue not asked again', async () => {
    const { page } = t.phone;
    await login(page); // signed in, a branch chosen (the step needs a user)
    const [pkg] = t.app.sql<{ clus_name: string }>("SELECT clus_name FROM packages WHERE clus_type = '4' AND sex IN (1, 3) AND active = 1 ORDER BY sort, clus_code LIMIT 1");
    const html = await pageHtml(page);
    expect(html.match(/<template data-route="\/PersonIndex">(.*?)<\/template>/s)?.[1]).toContain(pkg.clus_name);
    const catalogue: string[] = [];
    const onRequest = (r: { url(): string }) => {
      if (/GetClusItemList|\/assets\/client-/.test(r.url())) catalogue.push(r.url());
    };
    page.on('request', onRequest);
    try {
      await watchFirstScreen(page);
      await load(page, '/#/PersonIndex');
      await waitText(page, pkg.clus_name);
      await page.waitForFunction(() => (window as { __cfLive?: boolean }).__cfLive === true); // the app has taken the page over
      expect(await firstScreenKept(page, 'PersonIndex')).toBe(true);
      await page.waitForLoadState('networkidle');
      expect(catalogue).toEqual([]); // the page carried the answer: neither the call nor the request layer's chunk
      // Interactive once hydrated: a package opens its detail.
      await clickText(page, pkg.clus_name);
      await waitRoute(page, '/PersonDetails');
      // Back on the list (a new visit of the step): the catalogue is asked for as usual.
      await page.goBack();
      await waitText(page, pkg.clus_name);
      await expect.poll(() => catalogue.filter((u) => /GetClusItemList/.test(u)).length).toBe(1);
    } finally {
      page.off('request', onRequest);
    }
    // A package renamed in the catalogue is in the next request's drawing (the kept page no longer holds).
    t.app.sql(`UPDATE packages SET clus_name = clus_name || '（新）' WHERE clus_name = '${pkg.clus_name}'`);
    const next = await pageHtml(page);
    expect(next.match(/<template data-route="\/PersonIndex">(.*?)<\/template>/s)?.[1]).toContain(`${pkg.clus_name}（新）`);
    await load(page, '/#/PersonIndex');
    await waitText(page, `${pkg.clus_name}（新）`);
    await screenshot(page, 'ssr-person-index-hydrated');
    expect(t.phone.problems.filter((p) => /pageerror|hydrat/i.test(p))).toEqual([]);
  });

  it('an edited tile text is in the HTML of the next request', async () => {
    editConfigFile(path.join(dir, 'flows/home.yaml'), '{ text: 体检须知, icon: notice', '{ text: 体检须知（新）, icon: notice');
    const res = await fetch(new URL('/api/admin/reload-config', t.app.serverUrl), { method: 'POST' });
    expect((await res.json()).success).toBe(true);
    const html = await pageHtml(t.phone.page);
    expect(html.match(/<template data-route="\/Index">(.*?)<\/template>/s)?.[1]).toContain('体检须知（新）');
    const { page } = t.phone;
    await load(page, '/#/Index');
    await waitText(page, '体检须知（新）');
  });
});
