import { describe, expect, it } from 'vitest';
import { isMobileAgent, signatureCanvasSize } from '../../src/widgets/signature/canvas-size';

describe('signatureCanvasSize (after-booking spec §9)', () => {
  it('portrait phone: width − 40, height min(40 % of height, 300)', () => {
    expect(signatureCanvasSize(375, 667, true)).toEqual({ width: 335, height: 266, landscape: false });
    expect(signatureCanvasSize(414, 900, true)).toEqual({ width: 374, height: 300, landscape: false });
  });

  it('landscape from width/height ≥ 1.2: height − 120 on desktop, − 150 on mobile', () => {
    expect(signatureCanvasSize(667, 375, true)).toEqual({ width: 627, height: 225, landscape: true });
    expect(signatureCanvasSize(1280, 800, false)).toEqual({ width: 1240, height: 680, landscape: true });
    expect(signatureCanvasSize(600, 500, false)).toEqual({ width: 560, height: 380, landscape: true }); // exactly 1.2
    expect(signatureCanvasSize(599, 500, false).landscape).toBe(false);
  });

  it('falls back to the 300×150 default without a window size', () => {
    expect(signatureCanvasSize(0, 0, false)).toEqual({ width: 300, height: 150, landscape: false });
  });

  it('knows the WeChat browser is mobile', () => {
    expect(isMobileAgent('Mozilla/5.0 (Linux; Android 13) MicroMessenger/8.0.47')).toBe(true);
    expect(isMobileAgent('Mozilla/5.0 (X11; Linux x86_64) Chrome/120')).toBe(false);
  });
});
