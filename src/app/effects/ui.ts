/**
 * Dialogs and toasts (antd-mobile), with the spec's defaults. antd-mobile's
 * Dialog/Toast (and react-spring under them) load on the first dialog or toast,
 * not with the first page.
 */

/** after-booking §9: "Toast default duration 5000 ms". */
export const TOAST_DEFAULT_MS = 5000;

import { loadFeedback as antd, toast } from '../../widgets/common/feedback';

export async function showAlert(text: string): Promise<void> {
  const { Dialog } = await antd();
  await Dialog.alert({ content: text, confirmText: '确定' });
}

export async function showConfirm(text: string, okText?: string, cancelText?: string): Promise<boolean> {
  const { Dialog } = await antd();
  return Dialog.confirm({ content: text, confirmText: okText || '确定', cancelText: cancelText || '取消' });
}

export function showToast(text: string, opts: { icon?: 'success' | 'fail' | 'loading'; duration?: number } = {}): void {
  toast(text, { icon: opts.icon, duration: opts.duration ?? TOAST_DEFAULT_MS });
}
