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
  // antd's PasscodeInput keeps a native <input> inside its own focusable box (role button) even
  // with a custom keyboard, where it is never used: a focusable control nested in another one.
  // Disabled, it is out of the focus order and of the accessibility tree's controls.
  const box = (el: HTMLDivElement | null) =>
    el?.querySelectorAll<HTMLInputElement>('input.adm-passcode-input-native-input').forEach((i) => {
      i.disabled = true;
      i.tabIndex = -1;
    });

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
      <div ref={box} style={{ display: 'flex', justifyContent: 'center' }}>
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
          // six 44 px cells (a finger's size) and their gaps fit a 320 px screen (6 × 44 + 5 × 5 = 289 px)
          style={{ '--cell-size': '44px', '--cell-gap': '5px' } as CSSProperties}
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
