import DOMPurify from 'dompurify';

/**
 * Server HTML (notice, package intro, report texts) made safe to inject:
 * no scripts, no event handlers, no javascript: URLs (DOMPurify's defaults),
 * plus no forms/iframes. Without a DOM (Node) the text is escaped instead,
 * so a caller can never inject unsanitised markup.
 */
export function sanitizeHtml(html: unknown): string {
  if (typeof html !== 'string' || html === '') return '';
  if (typeof DOMPurify.sanitize !== 'function' || !DOMPurify.isSupported) return escapeHtml(html);
  return DOMPurify.sanitize(html, {
    FORBID_TAGS: ['script', 'style', 'iframe', 'form', 'input', 'button', 'object', 'embed'],
    FORBID_ATTR: ['style'],
    ALLOW_UNKNOWN_PROTOCOLS: false,
  });
}

export function escapeHtml(s: string): string {
  return s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);
}
