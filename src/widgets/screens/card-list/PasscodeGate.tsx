import { useEffect, useRef, useState } from 'react';
import './passcode-gate.css';

export interface PasscodeGateProps {
  open: boolean;
  title?: string;
  length: number;
  /** Called when all digits are entered; the gate clears the input when it resolves (a wrong code keeps it open). */
  onFill(value: string): Promise<void>;
}

/**
 * A non-closable sheet with a numeric passcode (director review / token
 * management): submitted automatically at full length, stays open until the
 * step says it may close (`open` becomes false).
 *
 * One native input (inputmode numeric: the phone's own number pad, the one an
 * older approver knows) under a row of cells that show its digits. antd's
 * PasscodeInput + NumberKeyboard + Popup did the same with a drawn keyboard,
 * a nested input that had to be disabled for screen readers, and react-spring
 * and gestures (≈25 kB brotli) in the first load of both approver routes.
 */
export function PasscodeGate({ open, title, length, onFill }: PasscodeGateProps) {
  const [value, setValue] = useState('');
  const [checking, setChecking] = useState(false);
  const [focused, setFocused] = useState(false);
  const mounted = useRef(true);
  useEffect(() => () => void (mounted.current = false), []);
  const input = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (open) input.current?.focus();
    else input.current?.blur(); // the number pad goes with the gate
  }, [open]);

  const change = async (raw: string) => {
    const v = raw.replace(/\D/g, '').slice(0, length);
    setValue(v);
    if (v.length < length || checking) return;
    setChecking(true);
    try {
      await onFill(v);
    } finally {
      if (mounted.current) {
        setChecking(false);
        setValue('');
      }
    }
  };

  if (!open) return null;
  return (
    <div className="cf-gate-mask">
      <div className="cf-gate" role="dialog" aria-modal="true" aria-label={title ?? '密码'}>
        {title ? <div className="cf-gate-title">{title}</div> : null}
        <label className="cf-gate-cells">
          {Array.from({ length }, (_, i) => (
            <span key={i} aria-hidden="true" className={`cf-gate-cell${focused && i === Math.min(value.length, length - 1) ? ' cf-gate-cell-focus' : ''}`}>
              {value[i] ?? ''}
            </span>
          ))}
          <input
            ref={input}
            className="cf-gate-input"
            type="text"
            inputMode="numeric"
            pattern="[0-9]*"
            autoComplete="one-time-code"
            maxLength={length}
            value={value}
            disabled={checking}
            aria-label={title ?? '密码'}
            onChange={(e) => void change(e.target.value)}
            onFocus={() => setFocused(true)}
            onBlur={() => setFocused(false)}
          />
        </label>
        <div aria-live="polite" className="cf-gate-count">
          {checking ? '正在验证…' : `已输入 ${value.length}/${length} 位`}
        </div>
      </div>
    </div>
  );
}
