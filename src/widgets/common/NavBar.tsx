import type React from 'react';
import { LeftOutline } from 'antd-mobile-icons';

export interface NavBarProps {
  /** The page title (the step's title). */
  children?: React.ReactNode;
  /** Shows the back button when given. */
  onBack?: () => void;
  /** The back button's accessible name (it shows only an arrow). */
  backLabel?: string;
  className?: string;
  style?: React.CSSProperties;
}

/**
 * The top bar: a back button and the page title. antd-mobile's NavBar is not
 * used: its left part is a `role="button"` without a name (even when there is
 * no back arrow) around a clickable div that is not a button. Here the arrow is
 * a real <button> named 返回, 44×44 px, and the title is the page's heading. The
 * adm-nav-bar class names are kept (antd's look, tests' hooks).
 */
export function NavBar({ children, onBack, backLabel = '返回', className, style }: NavBarProps) {
  return (
    <div className={`adm-nav-bar${className ? ` ${className}` : ''}`} style={{ display: 'flex', alignItems: 'center', minHeight: 45, padding: '0 12px', ...style }}>
      <div className="adm-nav-bar-left" style={{ flex: 1, display: 'flex', alignItems: 'center', minWidth: 0 }}>
        {onBack ? (
          <button
            type="button"
            className="adm-nav-bar-back"
            aria-label={backLabel}
            onClick={onBack}
            style={{
              display: 'flex',
              alignItems: 'center',
              justifyContent: 'flex-start',
              minWidth: 44,
              minHeight: 44,
              // the arrow stays where antd drew it (12 px in); the button reaches the screen edge
              margin: '0 0 0 -12px',
              padding: '0 0 0 12px',
              border: 0,
              background: 'none',
              color: 'inherit',
              font: 'inherit',
              cursor: 'pointer',
              WebkitTapHighlightColor: 'transparent',
            }}
          >
            <span className="adm-nav-bar-back-arrow" aria-hidden="true" style={{ fontSize: 24, display: 'flex' }}>
              <LeftOutline />
            </span>
          </button>
        ) : null}
      </div>
      <h1
        className="adm-nav-bar-title"
        style={{ flex: 'auto', margin: 0, padding: '0 12px', textAlign: 'center', fontSize: 'var(--adm-font-size-10, 18px)', fontWeight: 'normal', lineHeight: 1.3, whiteSpace: 'nowrap', overflow: 'hidden', textOverflow: 'ellipsis' }}
      >
        {children}
      </h1>
      <div className="adm-nav-bar-right" style={{ flex: 1 }} />
    </div>
  );
}
