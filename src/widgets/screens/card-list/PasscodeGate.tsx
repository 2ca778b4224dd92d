import { useEffect, useRef, useState } from 'react';
import { NumberKeyboard, PasscodeInput, Popup } from 'antd-mobile';

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
  const mounted = useRef(true);
  useEffect(() => () => void (mounted.current = false), []);

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
    <Popup visible={open} closeOnMaskClick={false} bodyStyle={{ borderTopLeftRadius: 8, borderTopRightRadius: 8, padding: '20px 16px 8px' }}>
      {title ? <div style={{ textAlign: 'center', fontSize: 17, fontWeight: 600, marginBottom: 20 }}>{title}</div> : null}
      <div style={{ display: 'flex', justifyContent: 'center', paddingBottom: 16 }}>
        <PasscodeInput
          length={length}
          value={value}
          onChange={(v) => setValue(v.replace(/\D/g, ''))}
          onFill={fill}
          keyboard={<NumberKeyboard />}
          plain
          seperated
        />
      </div>
    </Popup>
  );
}
