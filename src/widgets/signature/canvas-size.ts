/**
 * Signature canvas sizes (after-booking spec §9 "Signature canvas"). Pure, so
 * the numbers are unit-tested without a DOM.
 */
export const SIGNATURE_DEFAULTS = { width: 300, height: 150, lineWidth: 3, color: 'black' } as const;

export interface CanvasSize {
  width: number;
  height: number;
  landscape: boolean;
}

/**
 * Full-screen width is the window width − 40. Landscape (width/height ≥ 1.2):
 * height = window height − 120, − 150 on mobile (browser bars take more there).
 * Portrait: min(40 % of the window height, 300). Unknown window → 300×150.
 */
export function signatureCanvasSize(w: number, h: number, isMobile: boolean): CanvasSize {
  if (!(w > 0) || !(h > 0)) return { width: SIGNATURE_DEFAULTS.width, height: SIGNATURE_DEFAULTS.height, landscape: false };
  const landscape = w / h >= 1.2;
  const height = landscape ? h - (isMobile ? 150 : 120) : Math.min(h * 0.4, 300);
  // Never below 1 px: a zero-sized canvas throws in toDataURL.
  return { width: Math.max(1, Math.floor(w - 40)), height: Math.max(1, Math.floor(height)), landscape };
}

export function isMobileAgent(ua: string): boolean {
  return /Android|iPhone|iPad|iPod|Mobile|MicroMessenger/i.test(ua);
}
