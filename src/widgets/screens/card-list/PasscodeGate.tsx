import { useEffect, useRef, useState, type CSSProperties } from 'react';
import { NumberKeyboard, PasscodeInput, Popup } from 'antd-mobile';
import type { PasscodeInputRef } from 'antd-mobile';

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
 */
export function PasscodeGate({ open, title, length, onFill }: PasscodeGateProps) {
  const [value, setValue] = useState('');
  const [checking, setChecking] = useState(false);
  const [typing, setTyping] = useState(false);
  const mounted = useRef(true);
  useEffect(() => () => void (mounted.current = false), []);
  // The number keyboard is its own sheet: it must go when the gate does (it covered the list).
  const input = useRef<PasscodeInputRef>(null);
  useEffect(() => {
    if (!open) input.current?.blur();
  }, [open]);

  const fill = async (v: string) => {
    if (checking) return;
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

  return (
    <Popup
      visible={open}
      closeOnMaskClick={false}
      // While the number keyboard (its own sheet at the bottom) is up, the cells and the count sit above it.
      bodyStyle={{ borderTopLeftRadius: 8, borderTopRightRadius: 8, padding: `20px 12px ${typing ? KEYBOARD_HEIGHT + 12 : 12}px`, transition: 'padding-bottom .2s' }}
    >
      {title ? <div style={{ textAlign: 'center', fontSize: 17, fontWeight: 600, marginBottom: 16 }}>{title}</div> : null}
      <div style={{ display: 'flex', justifyContent: 'center' }}>
        <PasscodeInput
          ref={input}
          length={length}
          value={value}
          onChange={(v) => setValue(v.replace(/\D/g, ''))}
          onFill={fill}
          onFocus={() => setTyping(true)}
          onBlur={() => setTyping(false)}
          keyboard={<NumberKeyboard />}
          plain
          seperated
          // six cells and their gaps fit a 320 px screen (6 × 38 + 5 × 6 = 258 px)
          style={{ '--cell-size': '38px', '--cell-gap': '6px' } as CSSProperties}
          aria-label={title ?? '密码'}
        />
      </div>
      <div aria-live="polite" style={{ textAlign: 'center', fontSize: 14, color: '#666', marginTop: 10 }}>
        {checking ? '正在验证…' : `已输入 ${value.length}/${length} 位`}
      </div>
    </Popup>
  );
}

/** antd-mobile's NumberKeyboard: four rows of 48 px keys plus its padding. */
const KEYBOARD_HEIGHT = 236;
