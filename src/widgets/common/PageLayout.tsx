import type React from 'react';
import { useEffect, useRef, useState } from 'react';
import { NavBar } from './NavBar';

export interface PageLayoutProps {
  /** A NavBar title; the step runner normally draws its own NavBar and passes none. */
  title?: string;
  /** Shows a back arrow when given. */
  onBack?: () => void;
  /** Fixed to the bottom of the screen (buttons); the body keeps room for it. */
  footer?: React.ReactNode;
  children?: React.ReactNode;
  /** Extra style for the body. */
  bodyStyle?: React.CSSProperties;
}

/** Room left under the body for a one-row footer (button 44px + padding + safe area) until the footer is measured. */
const FOOTER_SPACE = 'calc(76px + env(safe-area-inset-bottom))';

/**
 * The footer's height as drawn: its buttons wrap to a second row on a narrow
 * screen or with larger text (WeChat's font setting), and the body must leave
 * room for all of it, or the page's last lines stay hidden under it.
 */
function useHeight(on: boolean): [React.RefObject<HTMLDivElement>, number | null] {
  const ref = useRef<HTMLDivElement>(null);
  const [height, setHeight] = useState<number | null>(null);
  useEffect(() => {
    const el = ref.current;
    if (!on || !el) return;
    setHeight(el.offsetHeight);
    if (typeof ResizeObserver === 'undefined') return;
    const ro = new ResizeObserver(() => setHeight(el.offsetHeight));
    ro.observe(el);
    return () => ro.disconnect();
  }, [on]);
  return [ref, height];
}

/** A phone page: optional NavBar title, body, fixed footer. */
export function PageLayout({ title, onBack, footer, children, bodyStyle }: PageLayoutProps) {
  const [footerRef, footerHeight] = useHeight(Boolean(footer));
  const room = footerHeight === null ? FOOTER_SPACE : `${footerHeight + 16}px`;
  return (
    <div className="cf-page" style={{ background: 'var(--adm-color-background-body, #f5f5f5)' }}>
      {title ? (
        <NavBar onBack={onBack} style={{ background: '#fff' }}>
          {title}
        </NavBar>
      ) : null}
      <div style={{ paddingBottom: footer ? room : 0, ...bodyStyle }}>{children}</div>
      {footer ? (
        <div
          ref={footerRef}
          className="cf-page-footer"
          style={{ position: 'fixed', left: 0, right: 0, bottom: 0, background: '#fff', padding: '8px 12px', paddingBottom: 'calc(8px + env(safe-area-inset-bottom))', boxShadow: '0 -1px 4px rgba(0,0,0,0.06)', zIndex: 10 }}
        >
          {footer}
        </div>
      ) : null}
    </div>
  );
}
