import { lazy, memo, Suspense, useState } from 'react';

// The pad (signature_pad, a full-screen popup) loads when the examinee taps to sign.
const SignaturePad = lazy(() => import('../../signature/SignaturePad').then((m) => ({ default: m.SignaturePad })));
import type { WidgetProps } from '../types';

/** A drawn signature stored as a PNG data URL; tap to (re-)sign in a full-screen pad. */
export const SignatureWidget = memo(function SignatureWidget({ id, node, value, onChange }: WidgetProps<string>) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <div id={id} role="button" className="cf-signature" onClick={() => setOpen(true)}>
        {value ? (
          <>
            <img className="cf-signature-img" src={value} alt={node.label} />
            <span className="cf-hint">点击重新签名</span>
          </>
        ) : (
          <span className="cf-placeholder">{node.placeholder ?? '点击签名'}</span>
        )}
      </div>
      {open && (
        <Suspense fallback={null}>
        <SignaturePad
          visible={open}
          value={value}
          title={node.label}
          onClose={() => setOpen(false)}
          onConfirm={(png) => {
            onChange(png);
            setOpen(false);
          }}
        />
        </Suspense>
      )}
    </>
  );
});
