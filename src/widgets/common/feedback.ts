/**
 * Toasts and confirms for widgets and the app, loaded on first use: antd-mobile's
 * Toast and Dialog bring react-spring (≈16 kB brotli), which no screen needs to
 * paint. A screen that imported Toast statically put it in its first load.
 */
export const loadFeedback = () => import('./feedback-antd');

/** antd's Toast.show (its default duration unless given). */
export function toast(content: string, opts: { icon?: 'success' | 'fail' | 'loading'; duration?: number } = {}): void {
  loadFeedback().then(
    ({ Toast }) => Toast.show({ content, ...(opts.icon ? { icon: opts.icon } : {}), ...(opts.duration !== undefined ? { duration: opts.duration } : {}) }),
    (e: Error) => console.error('toast:', content, e.message),
  );
}
