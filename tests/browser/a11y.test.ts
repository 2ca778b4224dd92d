/**
 * Accessibility: axe-core (WCAG 2.0/2.1 A and AA rules) on every route of
 * flows/, with the demo data and logged in as the demo examinee, and with the
 * main sheets and dialogs open (the branch chooser, 个人体检's marital sheet,
 * the approver passcode gate, the pay sheet, the extra-items confirmation). No
 * violation of impact serious or critical is allowed; a failure names the
 * route, the rule, its impact and the first elements it found. The last test
 * checks that every route (and alias) of the config was audited.
 *
 * Also, on every audited screen: no visible control (button, link, tab,
 * chip, text box, picker, role=button) smaller than 44×44 CSS px. And with
 * every text 1.3× larger (WeChat's font-size setting), /Index, /PersonIndex,
 * /MyOrderList, /ReportMian and /OrderDetails at 375 and 320 px neither
 * scroll sideways, nor cut text off, nor leave their last lines under the
 * fixed footer (screenshots test-artifacts/a11y-text130-*.png).
 *
 * The per-audit results (all impacts, the elements, small targets) go to
 * test-artifacts/a11y-summary.json; A11Y_SHOTS=1 also saves every audited
 * screen at 375 and 320 px.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import { configJson, REPO } from './helpers/app';
import {
  closeAlert,
  dialogButton,
  dialogText,
  fillBasicInfo,
  fillOrder,
  fillTeamLogin,
  freshId,
  freshPhone,
  LI_MING,
  noToast,
  pickDayAndSlot,
  toastText,
  waitRoute,
  ZHAO_QIANG,
  type Shots,
} from './helpers/journey';
import { phoneApp } from './helpers/phone-app';
import { clickText, screenshot, waitText } from './helpers/phone';
import { makeIdCard } from '../../src/contract/rules/idcard';

const AXE_SOURCE = fs.readFileSync(path.join(REPO, 'node_modules/axe-core/axe.min.js'), 'utf8');
const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];
const BLOCKING = new Set(['serious', 'critical']);
/** Rules that fail whatever impact axe gives them: pinch-zoom must stay on (axe 4.x rates it moderate). */
const ALWAYS = new Set(['meta-viewport']);

interface Violation {
  id: string;
  impact: string | null;
  help: string;
  nodes: Array<{ target: unknown[]; failureSummary?: string; html?: string; data?: unknown }>;
}

/** Every audit: what it was (route + state), and the violations found. */
const audits: Array<{ label: string; route: string; violations: Violation[]; small: string[] }> = [];

const t = phoneApp('a11y');
const shots: Shots = { prefix: 'a11y', taken: [] };

const routeOf = (page: Page) => (new URL(page.url()).hash.replace(/^#/, '').split('?')[0] || '/').replace(/\/+$/, '') || '/';

/**
 * Waits until the page holds still: no toast (they come and go), and the sheets,
 * dialogs and masks (animated by react-spring, not CSS) neither half-transparent
 * nor moving between two looks 150 ms apart. A colour read mid-fade is not the
 * colour a person reads.
 */
async function settle(page: Page): Promise<void> {
  await page.waitForFunction(() => !document.querySelector('.adm-toast-main'), null, { timeout: 8_000, polling: 100 }).catch(() => {});
  await page
    .waitForFunction(
      () => {
        const w = window as unknown as { __a11yLook?: string };
        const els = [...document.querySelectorAll('.adm-mask, .adm-popup-body, .adm-center-popup-wrap, .adm-center-popup-body, .adm-toast-main')];
        const looks = els.map((e) => {
          const cs = getComputedStyle(e);
          return `${cs.opacity} ${cs.transform} ${cs.display}`;
        });
        const fading = els.some((e) => {
          const o = Number(getComputedStyle(e).opacity);
          return o > 0 && o < 1;
        });
        const running = document.getAnimations().some((a) => a.playState === 'running' && a.effect?.getComputedTiming().iterations !== Infinity);
        const look = `${looks.join('|')}#${running}`;
        const same = w.__a11yLook === look;
        w.__a11yLook = look;
        return same && !fading && !running;
      },
      null,
      { timeout: 5_000, polling: 150 },
    )
    .catch(() => {});
}

/** Runs axe on the whole document; records and returns the violations. */
async function audit(page: Page, label?: string): Promise<Violation[]> {
  await settle(page);
  // The app's CSP allows no inline script: evaluated over CDP, axe is not subject to it.
  if (!(await page.evaluate(() => typeof (window as unknown as { axe?: unknown }).axe === 'object'))) await page.evaluate(AXE_SOURCE);
  const violations = (await page.evaluate(
    (tags) =>
      (window as unknown as { axe: { run(ctx: unknown, opts: unknown): Promise<{ violations: unknown[] }> } }).axe
        .run(document, { runOnly: { type: 'tag', values: tags }, resultTypes: ['violations'] })
        .then((r) =>
          (r.violations as Array<Omit<Violation, 'nodes'> & { nodes: Array<Violation['nodes'][number] & { any?: Array<{ data?: unknown }> }> }>).map((v) => ({
            id: v.id,
            impact: v.impact,
            help: v.help,
            // any[0].data: for color-contrast, the colours, the ratio and the font size
            nodes: v.nodes.map((n) => ({ target: n.target, failureSummary: n.failureSummary, html: n.html?.slice(0, 160), data: n.any?.[0]?.data })),
          })),
        ),
    TAGS,
  )) as Violation[];
  const route = routeOf(page);
  audits.push({ label: label ?? route, route, violations, small: await smallTargets(page) });
  // A11Y_SHOTS=1: every audited screen at 375 and 320 px, to look at (test-artifacts/a11y-*.png).
  if (process.env.A11Y_SHOTS) await shotsAt(page, `a11y-${slug(label ?? route)}`);
  return violations;
}

const slug = (s: string) => s.replace(/^\//, '').replace(/[^\w\u4e00-\u9fa5-]+/g, '-').replace(/-+$/, '') || 'root';

async function shotsAt(page: Page, name: string): Promise<void> {
  for (const width of [375, 320]) {
    await page.setViewportSize({ width, height: 667 });
    await page.waitForTimeout(200);
    await screenshot(page, `${name}-${width}`);
  }
  await page.setViewportSize({ width: 375, height: 667 });
}

/**
 * WeChat's font-size setting enlarges every text, px sizes included (Android: the
 * web view's text zoom; iOS: -webkit-text-size-adjust on the body): each element's
 * font size × `factor` (measured first, so nothing is enlarged twice), and the root
 * font with it.
 */
async function zoomText(page: Page, factor: number): Promise<void> {
  await page.evaluate((f) => {
    const els = [document.documentElement, ...document.body.querySelectorAll<HTMLElement>('*')];
    const sizes = els.map((e) => parseFloat(getComputedStyle(e).fontSize));
    els.forEach((e, i) => e.style.setProperty('font-size', `${sizes[i] * f}px`, 'important'));
  }, factor);
  await page.waitForTimeout(300);
}

/** Text cut off or pushed off the screen, and a page that scrolls sideways. */
async function layoutProblems(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const out: string[] = [];
    const vw = window.innerWidth;
    if (document.documentElement.scrollWidth > vw + 1) out.push(`the page scrolls sideways (${document.documentElement.scrollWidth} > ${vw})`);
    const scrolls = (e: Element | null): boolean => {
      for (let a = e; a && a !== document.body; a = a.parentElement) if (/(auto|scroll)/.test(getComputedStyle(a).overflowX)) return true;
      return false;
    };
    for (const el of document.body.querySelectorAll<HTMLElement>('*')) {
      const own = [...el.childNodes].some((n) => n.nodeType === Node.TEXT_NODE && n.textContent!.trim() !== '');
      if (!own) continue;
      const r = el.getBoundingClientRect();
      if (r.width === 0 || r.height === 0 || el.closest('[aria-hidden="true"]')) continue;
      const cs = getComputedStyle(el);
      const text = el.innerText.trim().slice(0, 16);
      if (cs.overflowX !== 'visible' && cs.textOverflow !== 'ellipsis' && el.scrollWidth > el.clientWidth + 1) out.push(`cut off: ${text} (${el.scrollWidth} > ${el.clientWidth})`);
      else if ((r.right > vw + 1 || r.left < -1) && !scrolls(el.parentElement)) out.push(`off the screen: ${text} (${Math.round(r.left)}…${Math.round(r.right)})`);
    }
    // Scrolled to the end, the page's last lines are above the fixed footer, not under it.
    const footer = document.querySelector<HTMLElement>('.cf-page-footer');
    if (footer) {
      window.scrollTo(0, document.documentElement.scrollHeight);
      const top = footer.getBoundingClientRect().top;
      for (const el of document.querySelectorAll<HTMLElement>('.cf-page *')) {
        if (footer.contains(el) || !el.innerText?.trim() || el.children.length > 0) continue;
        const r = el.getBoundingClientRect();
        if (r.height > 0 && r.bottom > top + 1) out.push(`under the footer at the end of the page: ${el.innerText.trim().slice(0, 16)} (${Math.round(r.bottom)} > ${Math.round(top)})`);
      }
      window.scrollTo(0, 0);
    }
    return out;
  });
}

/** Visible controls smaller than 44×44 CSS px: `what` (class or tag), size, text. */
async function smallTargets(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const out: string[] = [];
    const sel = 'button, a[href], [role="button"], [role="tab"], [role="checkbox"], [role="radio"], input:not([type="hidden"]), textarea, select, .adm-list-item[class*="clickable"], .adm-selector-item';
    for (const el of document.querySelectorAll<HTMLElement>(sel)) {
      if (el.closest('[aria-hidden="true"]') || (el as HTMLInputElement).disabled) continue;
      const r = el.getBoundingClientRect();
      if (r.width === 0 || r.height === 0 || getComputedStyle(el).visibility === 'hidden') continue;
      if (r.width >= 44 && r.height >= 44) continue;
      const what = `${el.tagName.toLowerCase()}${el.className && typeof el.className === 'string' ? `.${el.className.trim().split(/\s+/).slice(0, 2).join('.')}` : ''}`;
      out.push(`${what} ${Math.round(r.width)}×${Math.round(r.height)} ${(el.getAttribute('aria-label') ?? el.innerText ?? '').trim().slice(0, 12)}`);
    }
    return out;
  });
}

/** Readable lines for the blocking violations (and tap targets under 44×44) of the audits since `from`. */
function blocking(from = 0): string[] {
  return audits.slice(from).flatMap((a) => [
    ...a.small.map((x) => `${a.label}: tap target under 44×44 CSS px: ${x}`),
    ...a.violations
      .filter((v) => BLOCKING.has(v.impact ?? '') || ALWAYS.has(v.id))
      .map(
        (v) =>
          `${a.label}: ${v.id} (${v.impact}) ${v.nodes.length} node(s): ${v.nodes
            .slice(0, 4)
            .map((n) => JSON.stringify(n.target))
            .join(' ')} — ${v.help}${v.nodes[0]?.failureSummary ? ` [${v.nodes[0].failureSummary.replace(/\s+/g, ' ').slice(0, 200)}]` : ''}`,
      ),
  ]);
}

/** A group of audits whose blocking violations fail its test at the end. */
async function auditing(fn: () => Promise<void>): Promise<void> {
  const from = audits.length;
  await fn();
  expect(blocking(from), 'serious or critical axe violations, small tap targets').toEqual([]);
}

/** Goes to a hash route the way a link inside the app does. */
async function go(page: Page, hash: string): Promise<void> {
  await page.evaluate((h) => {
    location.hash = `#${h}`;
  }, hash);
  await waitRoute(page, hash.split('?')[0]);
}

afterAll(() => {
  // The per-route counts (all impacts), for the record.
  const dir = path.join(REPO, 'test-artifacts');
  fs.mkdirSync(dir, { recursive: true });
  const summary = audits.map((a) => ({
    label: a.label,
    route: a.route,
    serious: a.violations.filter((v) => v.impact === 'serious').reduce((n, v) => n + v.nodes.length, 0),
    critical: a.violations.filter((v) => v.impact === 'critical').reduce((n, v) => n + v.nodes.length, 0),
    rules: Object.fromEntries(a.violations.map((v) => [`${v.id}/${v.impact}`, v.nodes.length])),
    smallTargets: a.small,
    nodes: a.violations.flatMap((v) => v.nodes.map((n) => ({ rule: v.id, target: n.target, html: n.html, data: n.data }))),
  }));
  fs.writeFileSync(path.join(dir, 'a11y-summary.json'), JSON.stringify(summary, null, 2));
});

describe('accessibility (axe-core, WCAG 2.1 AA): no serious or critical violation on any route', () => {
  it('login page, branch chooser, home and its sheets, the small pages', async () => {
    const { page } = t.phone;
    await auditing(async () => {
      // /oauth as a first visitor sees it (the provider's redirect held back)
      await page.route('**/api/OAuthApi/toWeChatOauth**', (r) => r.fulfill({ status: 204, body: '' }));
      await page.goto('/#/oauth');
      await waitText(page, '正在登录…', 20_000);
      await audit(page);
      await page.unroute('**/api/OAuthApi/toWeChatOauth**');

      await page.goto('/');
      await waitText(page, '选择院区', 30_000);
      await audit(page, '/ (branch chooser)');
      await page.getByText('（总院）').locator('visible=true').first().click(); // a part of the card's title
      await waitRoute(page, '/Index');
      await waitText(page, '个人体检');
      await audit(page);

      await clickText(page, '个人体检');
      await waitText(page, '婚姻状况');
      await audit(page, '/Index + 个人体检 sheet');
      await clickText(page, '未婚');
      await clickText(page, '健康体检');
      expect(await dialogText(page)).toBe('是否先填写健康问卷？');
      await audit(page, '/Index + questionnaire confirm');
      await dialogButton(page, '填写问卷');
      await waitRoute(page, '/HealthQuestionnaire');
      await waitText(page, '民族');
      await audit(page, '/HealthQuestionnaire?page=person');
      await fillBasicInfo(page, shots, { sex: '男', hyzk: '未婚' });
      await page.locator('text=/^\\d+\\/\\d+$/').first().waitFor({ state: 'visible' });
      await audit(page);
      await page.locator('.cf-page .adm-checkbox, .cf-page .adm-radio').last().click();
      await audit(page, '/Questionnaire (answered)');

      for (const [route, text] of [
        ['/notice', '空腹'],
        ['/login', '您暂未注册'],
        ['/test', '测试页面'],
        ['/404', '页面不存在'],
        ['/QuestionIndex?page=person', '请花几分钟'],
        ['/MyQuestionnaire', '我的问卷'],
      ] as const) {
        await go(page, route);
        await waitText(page, text);
        await audit(page);
      }
    });
  });

  it('the personal journey: lists, detail, extra items, calendar, order form, payment', async () => {
    const { page } = t.phone;
    await auditing(async () => {
      for (const [route, text] of [
        ['/StaffIndex', '入职'],
        ['/VehicleIndex', '驾驶'],
        ['/HealthCertificate', '健康证'],
        ['/PersonIndex', '男士基础体检套餐'],
      ] as const) {
        await go(page, route);
        await waitText(page, text);
        await audit(page);
      }
      await clickText(page, '男士基础体检套餐');
      await waitRoute(page, '/PersonDetails');
      await waitText(page, '立即预约');
      await audit(page);
      await clickText(page, '立即预约');
      expect(await dialogText(page)).toBe('是否需要增加套餐外的体检项目？');
      await dialogButton(page, '需要加项');
      await waitRoute(page, '/addClusItem');
      await waitText(page, '合计：¥298.00');
      await audit(page);
      await page.locator('.adm-list-item').filter({ hasText: '眼底照相' }).first().click();
      await waitText(page, '已选 1 项');
      await audit(page, '/addClusItem (one ticked)');
      await clickText(page, '确定');
      await waitText(page, '确认项目');
      await audit(page, '/addClusItem + confirmation sheet');
      await clickText(page, '确认预约');
      await waitRoute(page, '/PersonBookSum');
      await page.locator('[data-status]').first().waitFor();
      await audit(page);
      await pickDayAndSlot(page, shots);
      await audit(page, '/PersonBookSum (day and slot chosen)');
      await clickText(page, '确定');
      await waitRoute(page, '/PersonOrders');
      await waitText(page, '提交预约');
      await audit(page);
      await fillOrder(page, { name: '李雷', idCard: freshId('male'), tel: freshPhone() });
      await clickText(page, '提交预约');
      await toastText(page, '预约成功');
      await waitRoute(page, '/PersonPayment', 8_000);
      await waitText(page, '去支付');
      await noToast(page);
      await audit(page);
      await clickText(page, '去支付');
      await waitText(page, '模拟支付');
      await audit(page, '/PersonPayment + pay sheet');
      await page.locator('.adm-action-sheet').getByText('取消支付', { exact: true }).click();
      await dialogText(page, 15_000);
      await audit(page, '/PersonPayment + pay alert');
      await closeAlert(page);
      await waitRoute(page, '/Index');
    });
  });

  it('my bookings, order detail, payment records, scan-code payment', async () => {
    const { page } = t.phone;
    await auditing(async () => {
      await go(page, '/MyOrderList');
      await page.locator('.adm-card').first().waitFor();
      await audit(page);
      await page.locator('.adm-card').first().click();
      await waitRoute(page, '/OrderDetails');
      await waitText(page, '订单状态');
      await audit(page);
      await go(page, '/PayRecord');
      await page.locator('.adm-card').first().waitFor();
      await audit(page);
      await go(page, '/SweepCodePay?regno=P000201');
      await waitText(page, '确认支付');
      await audit(page);
    });
  });

  it('reports: login, list, main page, details, conclusion, suggestions, guide', async () => {
    const { page } = t.phone;
    const person = { name: '李明', idCard: makeIdCard('110101', '19850315', '123'), tel: '13800138000' };
    const input = (placeholder: string) => page.getByPlaceholder(placeholder).locator('visible=true').first();
    await auditing(async () => {
      await go(page, '/ReportLogin');
      await waitText(page, '获取验证码');
      await audit(page);
      await input('请输入姓名').fill(person.name);
      await input('请输入身份证号').fill(person.idCard);
      await input('请输入手机号').fill(person.tel);
      await page.locator('.adm-button').filter({ hasText: '获取验证码' }).first().click();
      await toastText(page, '验证码发送成功');
      const code = t.app.sql<{ code: string }>('SELECT code FROM sms_outbox WHERE tel = ? ORDER BY created_at DESC LIMIT 1', person.tel)[0].code;
      await input('请输入验证码').fill(code);
      await noToast(page);
      await audit(page, '/ReportLogin (filled, counting down)');
      await clickText(page, '查询报告');
      await waitRoute(page, '/ReportList');
      await waitText(page, '健康体检报告');
      await audit(page);
      await clickText(page, '健康体检报告');
      await waitRoute(page, '/ReportMian');
      await page.locator('figure[data-qr]').waitFor({ state: 'visible', timeout: 15_000 });
      await audit(page);
      for (const [route, text] of [
        ['/ReportDetails', '一般检查'],
        ['/ReportFinal', '综述'],
        ['/ReportSuggest', '建议'],
        ['/ReportGuide', '主检医生'],
        ['/reportguide', '主检医生'],
      ] as const) {
        await go(page, route);
        await waitText(page, text);
        await audit(page);
      }
    });
  });

  it('group booking: login, packages, detail, extra items, questionnaires, calendar, confirmation, payment', async () => {
    const { page } = t.phone;
    await auditing(async () => {
      await go(page, '/TeamLogin');
      await page.getByPlaceholder('请输入单位名称').waitFor({ state: 'visible' });
      await audit(page);
      // 李明 (普通体检): the detail, then the health questionnaire for his exam number
      await fillTeamLogin(page, LI_MING);
      await clickText(page, '登录');
      await waitRoute(page, '/TeamComboList');
      await waitText(page, LI_MING.pkg);
      await audit(page);
      await page.locator('.adm-card').filter({ hasText: LI_MING.pkg }).first().getByText(LI_MING.pkg, { exact: true }).click();
      await waitRoute(page, '/TeamDetails');
      await waitText(page, '返回预约');
      await audit(page);
      await go(page, '/TeamAddClusItem');
      await waitText(page, '一般检查');
      await audit(page);
      await page.goBack();
      await page.goBack();
      await waitRoute(page, '/TeamComboList');
      await clickText(page, '去预约');
      expect(await dialogText(page)).toBe('是否需要增加套餐外的体检项目？');
      await dialogButton(page, '不需要');
      await waitRoute(page, '/HealthQuestionnaire');
      await page.locator('.cf-page input').first().waitFor({ state: 'visible' });
      await audit(page, '/HealthQuestionnaire?regNo=');

      // 赵强 (接触噪声作业): extra items, the occupational questionnaire, calendar, confirmation, payment
      await go(page, '/TeamLogin');
      await fillTeamLogin(page, ZHAO_QIANG);
      await clickText(page, '登录');
      await waitRoute(page, '/TeamComboList');
      await waitText(page, ZHAO_QIANG.pkg);
      await clickText(page, '去预约');
      await dialogButton(page, '需要加项');
      await waitRoute(page, '/TeamAddClusItemToMe');
      await waitText(page, '合计：¥0.00');
      await page.locator('.adm-list-item').filter({ hasText: '眼底照相' }).first().click();
      await waitText(page, '已选 1 项');
      await audit(page);
      await clickText(page, '确定');
      await waitText(page, '确认项目');
      await clickText(page, '确认预约');
      await waitRoute(page, '/OccupationalDiseasesQs');
      await waitText(page, '基本信息');
      await page.waitForFunction(() => ((document.querySelector('#f-OccupationalDiseasesQs-basicInfo-name') as HTMLInputElement | null)?.value ?? '') !== '', undefined, {
        timeout: 10_000,
      });
      await page.waitForTimeout(500);
      await audit(page);
      // on to the calendar without saving (the questionnaires have their own tests)
      await go(page, '/TeamBookSum');
      await page.locator('[data-status]').first().waitFor({ state: 'visible' });
      await noToast(page);
      await audit(page);
      await pickDayAndSlot(page, shots, { route: '/TeamBookSum' });
      await clickText(page, '确定');
      await waitRoute(page, '/TeamOrders');
      await waitText(page, '立即预约');
      await audit(page);
      await clickText(page, '立即预约');
      await toastText(page, '预约成功');
      await waitRoute(page, '/TeamPayment', 8_000);
      await waitText(page, '去支付');
      await noToast(page);
      await audit(page);
    });
  });

  it('approvers: the passcode gate, free-exam review, token cards', async () => {
    const { page } = t.phone;
    await auditing(async () => {
      await go(page, '/DirectorReview');
      await waitText(page, '请输入审核密码');
      await audit(page, '/DirectorReview (passcode gate)');
      await page.locator('.cf-gate-input').click();
      await page.keyboard.type('12');
      await audit(page, '/DirectorReview (gate, typing)');
      await page.keyboard.type('3456');
      await toastText(page, '登录成功');
      await waitText(page, '赵强（F000301）');
      await noToast(page);
      await audit(page);
      await go(page, '/TokenManagement');
      await waitText(page, 'C000401');
      await audit(page);
    });
  });

  it('1.3× text (WeChat font setting): home, package list, bookings, report and order keep their layout at 375 and 320 px', async () => {
    const { page } = t.phone;
    const problems: string[] = [];
    for (const [route, text] of [
      ['/Index', '个人体检'],
      ['/PersonIndex', '男士基础体检套餐'],
      ['/MyOrderList', '查看详情'],
      ['/ReportMian', '报告详情'],
      ['/OrderDetails', '订单状态'],
    ] as const) {
      for (const width of [375, 320]) {
        await page.setViewportSize({ width, height: 667 });
        await go(page, route);
        await page.reload();
        await waitText(page, text);
        await settle(page);
        await zoomText(page, 1.3);
        await screenshot(page, `a11y-text130-${slug(route)}-${width}`);
        problems.push(...(await layoutProblems(page)).map((p) => `${route} at ${width} px: ${p}`));
      }
    }
    await page.setViewportSize({ width: 375, height: 667 });
    await page.reload();
    expect(problems).toEqual([]);
  });

  it('every route and alias of flows/ was audited', async () => {
    const cfg = (await configJson(REPO)) as { steps: Record<string, { route?: string; aliases?: string[] }> };
    const audited = new Set(audits.map((a) => a.route));
    const missing = Object.values(cfg.steps)
      .flatMap((s) => (s.route ? [s.route, ...(s.aliases ?? [])] : []))
      .filter((r) => !audited.has(r));
    expect(missing).toEqual([]);
  });
});
