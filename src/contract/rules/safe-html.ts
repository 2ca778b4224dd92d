/**
 * HTML from the centre (a package's intro and notice, the notice page, report texts) made safe to
 * show — one rule for both sides: the server cleans what it stores (the back office's package
 * writes and imports), the phone cleans what it shows (widgets/screens/html/HtmlBlock.tsx) and the
 * server's first-screen drawing does the same, so a drawn block hydrates as it is.
 *
 * An allow-list written without a DOM (the server has none; on the phone it replaced DOMPurify,
 * 10 kB brotli of every route that shows HTML, issue 27): it tokenises the text, keeps only the tags
 * and attributes below, re-writes every kept tag itself (attribute values decoded, checked,
 * re-escaped: what was checked is exactly what a browser reads), drops comments and the whole
 * content of script-like elements, and escapes every stray '<'. Its output holds no raw-text
 * element (script, style, textarea, title…) and no foreign content (SVG, MathML), so a browser
 * parsing it again builds only the elements written here: no mutation XSS. Stricter than
 * DOMPurify's defaults (no SVG/MathML, no media, no style, no id/name, no forms), never looser.
 */

const TAGS = new Set([
  'a', 'abbr', 'article', 'b', 'bdi', 'bdo', 'big', 'blockquote', 'br', 'caption', 'center', 'cite', 'code', 'col', 'colgroup',
  'dd', 'del', 'details', 'dfn', 'div', 'dl', 'dt', 'em', 'figcaption', 'figure', 'font', 'footer', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6',
  'header', 'hr', 'i', 'img', 'ins', 'kbd', 'li', 'mark', 'ol', 'p', 'pre', 'q', 's', 'samp', 'section', 'small', 'span', 'strike',
  'strong', 'sub', 'summary', 'sup', 'table', 'tbody', 'td', 'tfoot', 'th', 'thead', 'time', 'tr', 'tt', 'u', 'ul', 'var', 'wbr',
]);
const VOID = new Set(['br', 'col', 'hr', 'img', 'wbr']);
/** Dropped with everything inside them (their content is code, not text). */
const DROP_WITH_CONTENT = new Set([
  'script', 'style', 'iframe', 'frame', 'frameset', 'object', 'embed', 'applet', 'noscript', 'noembed', 'noframes', 'template',
  'textarea', 'title', 'xmp', 'plaintext', 'svg', 'math', 'select', 'head',
]);
const ATTRS = new Set([
  'href', 'src', 'alt', 'title', 'width', 'height', 'align', 'valign', 'colspan', 'rowspan', 'class', 'color', 'face', 'size',
  'border', 'cellpadding', 'cellspacing', 'datetime', 'start', 'type', 'reversed', 'lang', 'dir', 'cite',
]);
const URL_ATTRS = new Set(['href', 'src', 'cite']);
const SAFE_URL = /^(?:(?:https?|mailto|tel):|[^a-z]|[a-z+.-]+(?:[^a-z+.\-:]|$))/i;
const DATA_IMAGE = /^data:image\/(?:png|jpe?g|gif|webp);base64,[a-z0-9+/=\s]*$/i;

const NAMED: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: '\u00a0', colon: ':', tab: '\t', newline: '\n', sol: '/', lpar: '(', rpar: ')' };

function decodeEntities(s: string): string {
  return s.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);?/gi, (m, body: string) => {
    if (body[0] === '#') {
      const n = body[1] === 'x' || body[1] === 'X' ? parseInt(body.slice(2), 16) : parseInt(body.slice(1), 10);
      return Number.isFinite(n) && n > 0 && n <= 0x10ffff ? String.fromCodePoint(n) : '\ufffd';
    }
    return NAMED[body.toLowerCase()] ?? m;
  });
}

const escAttr = (s: string) => s.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
/** Text keeps its entities; a bare '&' and every '<' '>' are escaped. */
const escText = (s: string) => s.replace(/&(?!(?:#x[0-9a-f]+|#\d+|[a-z][a-z0-9]*);)/gi, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

function safeUrl(tag: string, value: string): boolean {
  // What a browser would resolve: control characters and whitespace inside a scheme are ignored by it.
  const v = value.replace(/[\u0000-\u0020\u007f-\u009f]/g, '');
  if (tag === 'img' && /^data:/i.test(v)) return DATA_IMAGE.test(value.trim());
  return SAFE_URL.test(v);
}

interface Tag { name: string; closing: boolean; attrs: Array<[string, string]>; end: number; complete: boolean }

/** Reads the tag starting at s[i] === '<' (a letter or '/'+letter follows); end is the index after '>' (s.length when unterminated). */
function readTag(s: string, i: number): Tag {
  let j = i + 1;
  const closing = s[j] === '/';
  if (closing) j++;
  const start = j;
  while (j < s.length && !/[\s/>]/.test(s[j])) j++;
  const name = s.slice(start, j).toLowerCase();
  const attrs: Array<[string, string]> = [];
  for (;;) {
    while (j < s.length && /[\s/]/.test(s[j])) j++;
    if (j >= s.length) return { name, closing, attrs, end: s.length, complete: false };
    if (s[j] === '>') return { name, closing, attrs, end: j + 1, complete: true };
    const a = j;
    while (j < s.length && !/[\s/>=]/.test(s[j])) j++;
    if (j === a) j++; // a lone '=' (an attribute name may not start with one in this reading): skip it
    const attr = s.slice(a, j).toLowerCase();
    while (j < s.length && /\s/.test(s[j])) j++;
    let value = '';
    if (s[j] === '=') {
      j++;
      while (j < s.length && /\s/.test(s[j])) j++;
      const q = s[j];
      if (q === '"' || q === "'") {
        const close = s.indexOf(q, j + 1);
        if (close < 0) return { name, closing, attrs, end: s.length, complete: false };
        value = s.slice(j + 1, close);
        j = close + 1;
      } else {
        const v = j;
        while (j < s.length && !/[\s>]/.test(s[j])) j++;
        value = s.slice(v, j);
      }
    }
    attrs.push([attr, decodeEntities(value)]);
  }
}

/** Where the content of a dropped element ends: after its closing tag, or the end of the text. */
function skipContent(s: string, from: number, name: string): number {
  const re = new RegExp(`</${name}[\\s/>]`, 'ig');
  re.lastIndex = from;
  const m = re.exec(s);
  if (!m) return s.length;
  const gt = s.indexOf('>', m.index);
  return gt < 0 ? s.length : gt + 1;
}

export function sanitizeHtml(input: string): string {
  const s = input.replace(/\u0000/g, '');
  let out = '';
  let i = 0;
  while (i < s.length) {
    const lt = s.indexOf('<', i);
    if (lt < 0) {
      out += escText(s.slice(i));
      break;
    }
    out += escText(s.slice(i, lt));
    if (s.startsWith('<!--', lt)) {
      const close = s.indexOf('-->', lt + 4);
      i = close < 0 ? s.length : close + 3;
      continue;
    }
    if (/^<\/?[a-z]/i.test(s.slice(lt, lt + 3))) {
      const tag = readTag(s, lt);
      i = tag.end;
      if (!tag.complete) break; // a tag cut off by the end of the text: a browser drops it too
      if (DROP_WITH_CONTENT.has(tag.name)) {
        if (!tag.closing) i = skipContent(s, i, tag.name);
        continue;
      }
      if (!TAGS.has(tag.name)) continue; // an unknown tag goes, its text stays (as DOMPurify keeps content)
      if (tag.closing) {
        if (!VOID.has(tag.name)) out += `</${tag.name}>`;
        continue;
      }
      const attrs = tag.attrs
        .filter(([n, v]) => ATTRS.has(n) && (!URL_ATTRS.has(n) || safeUrl(tag.name, v)))
        .map(([n, v]) => ` ${n}="${escAttr(v)}"`)
        .join('');
      out += `<${tag.name}${attrs}>`;
      continue;
    }
    if (s[lt + 1] === '!' || s[lt + 1] === '?' || (s[lt + 1] === '/' && s[lt + 2] !== undefined)) {
      // <!DOCTYPE>, <?xml?>, </ 3>: bogus comments to a browser — dropped up to their '>'.
      const gt = s.indexOf('>', lt);
      i = gt < 0 ? s.length : gt + 1;
      continue;
    }
    out += '&lt;';
    i = lt + 1;
  }
  return out;
}
