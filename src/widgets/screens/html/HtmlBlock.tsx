import { useMemo } from 'react';
import { sanitizeHtml } from '../../common/sanitize';

/** Sanitised server HTML; `noSelect` blocks text selection and the long-press/right-click menu (notice page). */
export function HtmlBlock({ html, noSelect }: { html: unknown; noSelect?: boolean }) {
  const safe = useMemo(() => sanitizeHtml(html), [html]);
  return (
    <div
      className="cf-html"
      style={{ padding: 16, lineHeight: 1.7, fontSize: 15, wordBreak: 'break-word', overflowX: 'auto', ...(noSelect ? { userSelect: 'none', WebkitUserSelect: 'none', WebkitTouchCallout: 'none' } : {}) }}
      onContextMenu={noSelect ? (e) => e.preventDefault() : undefined}
      // sanitizeHtml removed scripts, handlers and javascript: URLs (or escaped everything without a DOM).
      dangerouslySetInnerHTML={{ __html: safe }}
    />
  );
}
