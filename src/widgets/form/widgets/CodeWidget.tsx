import { memo, useEffect, useState } from 'react';
import { Button, Input } from 'antd-mobile';
import type { WidgetProps } from '../types';
import { defaultPlaceholder } from '../../../engine/form/display';

/**
 * SMS code: numeric input + send button. The button calls the app through
 * `onAction(x-options.action ?? field name, cleaned values)`; the countdown
 * (x-options.countdown, default 60 s) starts unless the app returns false or throws
 * (e.g. the phone check failed, spec after-booking §5).
 */
export const CodeWidget = memo(function CodeWidget({ id, node, value, onChange, env }: WidgetProps<string>) {
  const o = node.options;
  const [left, setLeft] = useState(0);
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    if (left <= 0) return;
    const t = setTimeout(() => setLeft((n) => n - 1), 1000);
    return () => clearTimeout(t);
  }, [left]);
  async function send() {
    setBusy(true);
    try {
      const ok = await env.onAction((o.action as string | undefined) ?? node.name, env.getValues());
      if (ok !== false) setLeft((o.countdown as number | undefined) ?? 60);
    } catch {
      // The app reports its own failure; no countdown.
    } finally {
      setBusy(false);
    }
  }
  return (
    // A six-digit code stays readable beside the button; on a narrow screen or with larger text the button wraps under it.
    <div style={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: '18px 8px' }}>
      <Input
        id={id}
        style={{ flex: '1 1 5em', minWidth: '5em' }}
        value={value ?? ''}
        inputMode="numeric"
        maxLength={(o.maxLength as number | undefined) ?? (node.schema.maxLength as number | undefined) ?? 6}
        placeholder={node.placeholder ?? defaultPlaceholder(node.label)}
        onChange={(v) => onChange(v.replace(/\D/g, ''))}
      />
      {/* 44 px to the finger without making the row taller than the others (into the row's padding) */}
      <Button size="small" color="primary" fill="outline" disabled={left > 0 || busy} loading={busy} onClick={send} style={{ margin: '-9px 0' }}>
        {left > 0 ? `${left}s后重新获取` : ((o.buttonText as string | undefined) ?? '获取验证码')}
      </Button>
    </div>
  );
});
