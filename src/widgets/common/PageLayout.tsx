import type React from 'react';
import { NavBar } from 'antd-mobile';

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

/** Room left under the body for a one-row footer (button 40-48px + padding + safe area). */
const FOOTER_SPACE = 'calc(76px + env(safe-area-inset-bottom))';

/** A phone page: optional NavBar title, body, fixed footer. */
export function PageLayout({ title, onBack, footer, children, bodyStyle }: PageLayoutProps) {
  return (
    <div className="cf-page" style={{ background: 'var(--adm-color-background-body, #f5f5f5)' }}>
      {title ? (
        <NavBar backArrow={Boolean(onBack)} onBack={onBack} style={{ background: '#fff' }}>
          {title}
        </NavBar>
      ) : null}
      <div style={{ paddingBottom: footer ? FOOTER_SPACE : 0, ...bodyStyle }}>{children}</div>
      {footer ? (
        <div
          className="cf-page-footer"
          style={{ position: 'fixed', left: 0, right: 0, bottom: 0, background: '#fff', padding: '8px 12px', paddingBottom: 'calc(8px + env(safe-area-inset-bottom))', boxShadow: '0 -1px 4px rgba(0,0,0,0.06)', zIndex: 10 }}
        >
          {footer}
        </div>
      ) : null}
    </div>
  );
}
