/**
 * The live phone preview beside the editor: a 375×667 frame (/studio/preview.html)
 * that renders the step being edited with the app's own code and the draft's
 * checked config, re-rendered ~500 ms after the draft, the cursor's step or a
 * session fact changes; the picker sets the facts that branch the flows.
 */
import { useEffect, useLayoutEffect, useRef, useState, type RefObject } from 'react';
import { useStudio } from '../store';
import { FACT_CHOICES, type PreviewRender, type PreviewReport } from './protocol';
import { previewPanel, usePreviewPanel } from './panel-store';
import { stepAt } from './step-at';

export const PREVIEW_DELAY_MS = 500;
const FRAME_URL = `${import.meta.env.BASE_URL}preview.html`;
/** The phone's CSS size (the frame keeps it: the app lays out at 375×667), plus its 1px border. */
export const PHONE = { width: 375, height: 667, border: 1 };

/**
 * The scale that fits the phone in the space the panel leaves it (never above 1):
 * on a short window (1366×820, 1280×720) the frame's box is scaled down with a CSS
 * transform, keeping its aspect and the app's CSS pixels.
 */
export function phoneScale(availWidth: number, availHeight: number): number {
  if (availWidth <= 0 || availHeight <= 0) return 1;
  // the border is not scaled
  return Math.max(0.3, Math.min(1, (availWidth - 2 * PHONE.border) / PHONE.width, (availHeight - 2 * PHONE.border) / PHONE.height));
}

/** The scale for the stage element's current size, updated as the window resizes. */
function useFitScale(stage: RefObject<HTMLDivElement | null>): number {
  const [scale, setScale] = useState(1);
  useLayoutEffect(() => {
    const el = stage.current;
    if (!el) return;
    const measure = () => setScale(phoneScale(el.clientWidth, el.clientHeight));
    measure();
    const ro = new ResizeObserver(measure);
    ro.observe(el);
    return () => ro.disconnect();
  }, [stage]);
  return scale;
}

export function PreviewPanel() {
  const frame = useRef<HTMLIFrameElement>(null);
  const stage = useRef<HTMLDivElement>(null);
  const scale = useFitScale(stage);
  const [ready, setReady] = useState(false);
  const [status, setStatus] = useState<{ kind: 'waiting' | 'shown' | 'failed'; text: string }>({ kind: 'waiting', text: '正在载入预览…' });
  const seq = useRef(0);
  const lastStep = useRef<string | null>(null);
  const config = useStudio((s) => s.check.preview);
  const openFile = useStudio((s) => s.openFile);
  const text = useStudio((s) => (s.openFile ? s.draft?.files[s.openFile] : undefined));
  const cursor = usePreviewPanel((s) => s.cursor);
  const facts = usePreviewPanel((s) => s.facts);

  const line = cursor && cursor.file === openFile ? cursor.line : null;
  const found = stepAt(openFile, text, line, config);
  const stepId = found ?? (lastStep.current && config?.steps[lastStep.current] ? lastStep.current : (config?.app.start ?? null));

  useEffect(() => {
    const onMessage = (e: MessageEvent) => {
      if (e.origin !== window.location.origin || e.source !== frame.current?.contentWindow) return;
      const m = e.data as PreviewReport;
      if (m?.type === 'checkup-preview:ready') setReady(true);
      else if (m?.type === 'checkup-preview:rendered' && m.seq === seq.current) setStatus({ kind: 'shown', text: `正在预览步骤 ${m.stepId}` });
      else if (m?.type === 'checkup-preview:failed' && m.seq === seq.current) setStatus({ kind: 'failed', text: `预览失败：${m.message}` });
    };
    window.addEventListener('message', onMessage);
    return () => window.removeEventListener('message', onMessage);
  }, []);

  useEffect(() => {
    if (!ready || !config || !stepId) return;
    const t = setTimeout(() => {
      lastStep.current = stepId;
      const m: PreviewRender = { type: 'checkup-preview:render', seq: ++seq.current, config, stepId, facts };
      frame.current?.contentWindow?.postMessage(m, window.location.origin);
    }, PREVIEW_DELAY_MS);
    return () => clearTimeout(t);
  }, [ready, config, stepId, facts]);

  return (
    <aside className="st-preview" aria-label="手机预览" data-testid="preview-panel">
      <div className="st-preview-head">
        <strong>手机预览</strong>
        <span className="st-muted st-preview-step" data-testid="preview-status" data-step={stepId ?? ''}>
          {status.kind === 'shown' || status.kind === 'failed' ? status.text : stepId ? `步骤 ${stepId}` : '没有可预览的步骤'}
        </span>
      </div>
      <div className="st-preview-facts">
        {FACT_CHOICES.map((c) => (
          <label key={c.key} className="st-preview-fact">
            <span>{c.label}</span>
            <select className="st-input" aria-label={`预览：${c.label}`} value={facts[c.key]} onChange={(e) => previewPanel.setFact(c.key, e.target.value)}>
              {c.options.map((o) => (
                <option key={o.value} value={o.value}>
                  {o.label}
                </option>
              ))}
            </select>
          </label>
        ))}
        <label className="st-preview-fact st-preview-check">
          <input type="checkbox" checked={facts.loggedIn} onChange={(e) => previewPanel.setFact('loggedIn', e.target.checked)} aria-label="预览：已登录" />
          <span>已登录</span>
        </label>
      </div>
      <div className="st-preview-stage" ref={stage}>
        {/* the box takes the scaled size; the frame inside keeps 375×667 CSS pixels, scaled by a transform */}
        <div
          className="st-preview-phone"
          data-testid="preview-phone"
          data-scale={scale.toFixed(3)}
          style={{ width: PHONE.width * scale + 2 * PHONE.border, height: PHONE.height * scale + 2 * PHONE.border }}
        >
          <iframe
            ref={frame}
            title="手机预览"
            src={FRAME_URL}
            width={PHONE.width}
            height={PHONE.height}
            data-testid="preview-frame"
            style={scale < 1 ? { transform: `scale(${scale})`, transformOrigin: '0 0' } : undefined}
          />
        </div>
      </div>
      <p className="st-muted st-small-text">预览使用线上数据，只读：提交、支付、授权等操作不会执行。</p>
    </aside>
  );
}
