/** Dialogs and toasts (antd-mobile), with the spec's defaults. */
import { Dialog, Toast } from 'antd-mobile';

/** after-booking §9: "Toast default duration 5000 ms". */
export const TOAST_DEFAULT_MS = 5000;

export async function showAlert(text: string): Promise<void> {
  await Dialog.alert({ content: text, confirmText: '确定' });
}

export function showConfirm(text: string, okText?: string, cancelText?: string): Promise<boolean> {
  return Dialog.confirm({ content: text, confirmText: okText || '确定', cancelText: cancelText || '取消' });
}

export function showToast(text: string, opts: { icon?: 'success' | 'fail' | 'loading'; duration?: number } = {}): void {
  Toast.show({ content: text, icon: opts.icon, duration: opts.duration ?? TOAST_DEFAULT_MS });
}
