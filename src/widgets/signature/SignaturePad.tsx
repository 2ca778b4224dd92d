/**
 * Full-screen signature pad in a popup (signature_pad draws smooth strokes).
 * On mobile it asks for landscape (`screen.orientation.lock`, which most
 * browsers allow only in fullscreen: failure is fine, the pad then simply fills
 * the portrait screen at the spec's portrait height). Value: PNG data URL.
 */
import { useEffect, useRef, useState } from 'react';
import { Button, Popup } from 'antd-mobile';
import { toast } from '../common/feedback';
import SignaturePadLib from 'signature_pad';
import { SIGNATURE_DEFAULTS, isMobileAgent, signatureCanvasSize, type CanvasSize } from './canvas-size';

export interface SignaturePadProps {
  visible: boolean;
  /** A stored PNG data URL, redrawn when the pad opens. */
  value?: string;
  title?: string;
  onConfirm(png: string): void;
  onClose(): void;
}

function currentSize(): CanvasSize {
  return signatureCanvasSize(window.innerWidth, window.innerHeight, isMobileAgent(navigator.userAgent));
}

export function SignaturePad({ visible, value, title, onConfirm, onClose }: SignaturePadProps) {
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const padRef = useRef<SignaturePadLib | null>(null);
  const [size, setSize] = useState<CanvasSize>(() => (typeof window === 'undefined' ? signatureCanvasSize(0, 0, false) : currentSize()));

  useEffect(() => {
    if (!visible) return;
    const orientation = screen.orientation as ScreenOrientation & { lock?(o: string): Promise<void> };
    if (isMobileAgent(navigator.userAgent)) {
      try {
        orientation.lock?.('landscape')?.catch(() => undefined);
      } catch {
        /* not allowed outside fullscreen: keep portrait */
      }
    }
    const onResize = () => setSize(currentSize());
    window.addEventListener('resize', onResize);
    return () => {
      window.removeEventListener('resize', onResize);
      try {
        orientation.unlock?.();
      } catch {
        /* nothing locked */
      }
    };
  }, [visible]);

  // (Re)create the pad for the current size; keep strokes across a resize.
  useEffect(() => {
    const canvas = canvasRef.current;
    if (!visible || !canvas) return;
    const ratio = Math.max(window.devicePixelRatio || 1, 1);
    const previous = padRef.current?.isEmpty() === false ? padRef.current.toData() : null;
    padRef.current?.off();
    canvas.width = size.width * ratio;
    canvas.height = size.height * ratio;
    canvas.getContext('2d')?.scale(ratio, ratio);
    const pad = new SignaturePadLib(canvas, {
      penColor: SIGNATURE_DEFAULTS.color,
      minWidth: SIGNATURE_DEFAULTS.lineWidth / 2,
      maxWidth: SIGNATURE_DEFAULTS.lineWidth,
      backgroundColor: 'rgb(255,255,255)',
    });
    pad.clear();
    if (previous) pad.fromData(previous);
    else if (value) void pad.fromDataURL(value, { width: size.width, height: size.height }).catch(() => undefined);
    padRef.current = pad;
    return () => pad.off();
  }, [visible, size, value]);

  function confirm() {
    const pad = padRef.current;
    if (!pad || pad.isEmpty()) {
      if (value) return onConfirm(value); // reopened and left as is
      toast('请先签名');
      return;
    }
    onConfirm(pad.toDataURL('image/png'));
  }

  return (
    <Popup visible={visible} onMaskClick={onClose} position="bottom" bodyStyle={{ height: '100vh' }} destroyOnClose>
      <div className="cf-signature-pad" style={{ padding: 20, display: 'flex', flexDirection: 'column', alignItems: 'center', gap: 12 }}>
        <div style={{ alignSelf: 'stretch', display: 'flex', justifyContent: 'space-between' }}>
          <span>{title ?? '签名'}</span>
          <a onClick={onClose}>取消</a>
        </div>
        <canvas
          ref={canvasRef}
          data-testid="signature-canvas"
          style={{ width: size.width, height: size.height, border: '1px dashed #ccc', touchAction: 'none' }}
        />
        <div style={{ display: 'flex', gap: 12, alignSelf: 'stretch' }}>
          <Button block onClick={() => padRef.current?.clear()}>
            清除
          </Button>
          <Button block color="primary" onClick={confirm}>
            确认
          </Button>
        </div>
      </div>
    </Popup>
  );
}
