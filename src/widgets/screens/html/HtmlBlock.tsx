import { useMemo } from 'react';
import { sanitizeHtml } from '../../../contract/rules/safe-html';

/** Sanitised server HTML; `noSelect` blocks text selection and the long-press/right-click menu (notice page). */
export function HtmlBlock({ html, noSelect }: { html: unknown; noSelect?: boolean }) {
  const safe = useMemo(() => (typeof html === 'string' ? sanitizeHtml(html) : ''), [html]);
  return (
    <div
      className="cf-html"
      style={{ padding: 16, lineHeight: 1.7, fontSize: 15, wordBreak: 'break-word', overflowX: 'auto', ...(noSelect ? { userSelect: 'none', WebkitUserSelect: 'none', WebkitTouchCallout: 'none' } : {}) }}
      onContextMenu={noSelect ? (e) => e.preventDefault() : undefined}
      // sanitizeHtml kept only allow-listed tags and attributes: no scripts, handlers or javascript: URLs.
      dangerouslySetInnerHTML={{ __html: safe }}
    />
  );
}
