/**
 * The HTML sanitiser (contract/rules/safe-html.ts) against a real browser's parser: known XSS
 * vectors — tokeniser confusions, mutation XSS through foreign content and raw-text elements,
 * obfuscated javascript: URLs — cleaned, then put into a page with `innerHTML` as HtmlBlock does
 * (no CSP here, so a handler that survived would run). Nothing may run, and Chromium must build
 * no element or attribute outside the allow-list from what the sanitiser wrote.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chromium, type Browser, type Page } from 'playwright-core';
import { sanitizeHtml } from '../../src/contract/rules/safe-html';
import { CHROMIUM_ARGS } from './helpers/phone';

const VECTORS = [
  '<img src=x onerror=alert(1)>',
  '<IMG SRC=JaVaScRiPt:alert(1)>',
  '<img/src=x/onerror=alert(1)>',
  '<img src=x onerror\u0000=alert(1)>',
  '<img src=x:alert(alt) onerror=eval(src) alt=0>',
  '<img """><script>alert(1)</script>">',
  '<img src="x" alt="\\"><script>alert(1)</script>">',
  '<img src=x onerror=alert(1)//',
  '<svg onload=alert(1)>',
  '<svg><a xlink:href="javascript:alert(1)"><text x="20" y="20">x</text></a></svg>',
  '<math><mtext><table><mglyph><style><img src=x onerror=alert(1)>',
  '<form><math><mtext></form><form><mglyph><style></math><img src onerror=alert(1)>',
  '<noscript><p title="</noscript><img src=x onerror=alert(1)>">',
  '<title><img src=x onerror=alert(1)></title>',
  '<textarea><img src=x onerror=alert(1)></textarea>',
  '<style><img src=x onerror=alert(1)></style>',
  '<xmp><img src=x onerror=alert(1)></xmp>',
  '<plaintext><img src=x onerror=alert(1)>',
  '<template><img src=x onerror=alert(1)></template>',
  '<select><option><img src=x onerror=alert(1)></option></select>',
  '<!--><img src=x onerror=alert(1)>-->',
  '<!--<img src="--><img src=x onerror=alert(1)//">',
  '<scr<script>ipt>alert(1)</script>',
  '<iframe srcdoc="<script>alert(1)</script>"></iframe>',
  '<object data="javascript:alert(1)"></object><embed src="javascript:alert(1)">',
  '<details open ontoggle=alert(1)>x</details>',
  '<body onload=alert(1)><input autofocus onfocus=alert(1)>',
  '<div style="background:url(javascript:alert(1))">x</div>',
  '<a href="javascript:alert(1)">a</a>',
  '<a href="jav&#x0A;ascript:alert(1)">a</a>',
  '<a href="jav\tascript:alert(1)">a</a>',
  '<a href="&#x6A;avascript:alert(1)">a</a>',
  '<a href="&#106&#97&#118&#97&#115&#99&#114&#105&#112&#116&#58alert(1)">a</a>',
  '<a href=" &#14;  javascript:alert(1)">a</a>',
  '<a href="vbscript:msgbox(1)">a</a>',
  '<a href="data:text/html,<script>alert(1)</script>">a</a>',
  '<img src="data:image/svg+xml,<svg onload=alert(1)>">',
  '<a href="https://ok.example/" onclick=alert(1)>ok</a>',
  '<base href="javascript:/"><a href="x">a</a>',
  '<meta http-equiv="refresh" content="0;url=javascript:alert(1)">',
  '<p title="&lt;/p&gt;&lt;img src=x onerror=alert(1)&gt;">t</p>',
  '<div>&lt;img src=x onerror=alert(1)&gt;</div>',
  '<table><tr><td><img src=x onerror=alert(1)></td></tr><caption><svg onload=alert(1)>',
  '<a href="#" id="cf-root" name="x" class="adm-button">id and name dropped</a>',
];

const ALLOWED_TAGS = new Set([
  'a', 'abbr', 'article', 'b', 'bdi', 'bdo', 'big', 'blockquote', 'br', 'caption', 'center', 'cite', 'code', 'col', 'colgroup',
  'dd', 'del', 'details', 'dfn', 'div', 'dl', 'dt', 'em', 'figcaption', 'figure', 'font', 'footer', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6',
  'header', 'hr', 'i', 'img', 'ins', 'kbd', 'li', 'mark', 'ol', 'p', 'pre', 'q', 's', 'samp', 'section', 'small', 'span', 'strike',
  'strong', 'sub', 'summary', 'sup', 'table', 'tbody', 'td', 'tfoot', 'th', 'thead', 'time', 'tr', 'tt', 'u', 'ul', 'var', 'wbr',
]);

let browser: Browser;
let page: Page;

beforeAll(async () => {
  browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: CHROMIUM_ARGS, headless: true });
  page = await browser.newPage();
  await page.setContent('<!doctype html><html><body><div id="t"></div></body></html>');
  await page.evaluate(() => {
    const w = window as unknown as { __ran: string[] };
    w.__ran = [];
    window.alert = (m?: unknown) => void w.__ran.push(String(m));
  });
}, 60_000);

afterAll(async () => {
  await browser?.close();
});

describe('safe HTML in a real browser', () => {
  it.each(VECTORS)('%s', async (vector) => {
    const clean = sanitizeHtml(vector);
    const found = await page.evaluate(async (html) => {
      const t = document.getElementById('t')!;
      t.innerHTML = html;
      // Let every image settle (a handler would run on its error or load), and a frame pass.
      await Promise.all([...t.querySelectorAll('img')].map((i) => (i.complete ? null : new Promise((r) => (i.addEventListener('load', r), i.addEventListener('error', r))))));
      await new Promise((r) => requestAnimationFrame(() => setTimeout(r, 0)));
      const all = [...t.querySelectorAll('*')];
      return {
        ran: (window as unknown as { __ran: string[] }).__ran.splice(0),
        tags: all.map((e) => e.localName),
        namespaces: all.filter((e) => e.namespaceURI !== 'http://www.w3.org/1999/xhtml').length,
        attrs: all.flatMap((e) => [...e.attributes].map((a) => [a.name, a.value])),
        reparsed: t.innerHTML,
      };
    }, clean);
    expect(found.ran).toEqual([]);
    expect(found.namespaces).toBe(0);
    for (const tag of found.tags) expect(ALLOWED_TAGS.has(tag), `<${tag}> from ${clean}`).toBe(true);
    for (const [name, value] of found.attrs) {
      expect(name).not.toMatch(/^on|^style$|^id$|^name$|^srcdoc$|^xlink/);
      expect(value.replace(/[\u0000-\u0020]/g, '')).not.toMatch(/^(javascript|vbscript|data:text):?/i);
    }
    // What the browser built, written out and cleaned again, is unchanged: the output is stable under re-parsing.
    expect(sanitizeHtml(found.reparsed)).toBe(found.reparsed);
  });

  it('keeps what the centre writes: paragraphs, lists, tables, links and pictures', async () => {
    const html =
      '<h3>体检须知</h3><p>请<b>空腹</b>，带<font color="red">身份证</font>。</p><ol start="2"><li>一</li></ol>' +
      '<table border="1"><tbody><tr><td colspan="2">项目</td></tr></tbody></table><a href="tel:0571-1234">电话</a><img src="/banners/1.svg" alt="图">';
    expect(sanitizeHtml(html)).toBe(html);
    const text = await page.evaluate((h) => {
      const t = document.getElementById('t')!;
      t.innerHTML = h;
      return t.textContent;
    }, sanitizeHtml(html));
    expect(text).toBe('体检须知请空腹，带身份证。一项目电话');
  });
});
