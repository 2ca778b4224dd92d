import type React from 'react';
import { NavBar } from 'antd-mobile';

export interface PageLayoutProps {
  title?: string;
  /** Shows a back arrow when given. */
  onBack?: () => void;
  /** Sticks to the bottom (buttons). */
  footer?: React.ReactNode;
  children?: React.ReactNode;
  /** Extra style for the scrolling body. */
  bodyStyle?: React.CSSProperties;
}

/** A phone page: optional NavBar title, scrolling body, sticky footer. */
export function PageLayout({ title, onBack, footer, children, bodyStyle }: PageLayoutProps) {
  return (
    <div style={{ minHeight: '100vh', display: 'flex', flexDirection: 'column', background: 'var(--adm-color-background-body, #f5f5f5)' }}>
      {title ? (
        <NavBar backArrow={Boolean(onBack)} onBack={onBack} style={{ background: '#fff' }}>
          {title}
        </NavBar>
      ) : null}
      <div style={{ flex: 1, ...bodyStyle }}>{children}</div>
      {footer ? (
        <div style={{ position: 'sticky', bottom: 0, background: '#fff', padding: '8px 12px', paddingBottom: 'calc(8px + env(safe-area-inset-bottom))', boxShadow: '0 -1px 4px rgba(0,0,0,0.06)', zIndex: 10 }}>
          {footer}
        </div>
      ) : null}
    </div>
  );
}
