/**
 * Vite build plugin: axios without its fetch adapter. axios picks its adapter
 * from ['xhr', 'http', 'fetch'] in that order, so in a browser (WeChat's
 * webview included) XMLHttpRequest always wins and the fetch adapter — with its
 * stream, multipart and data-URL helpers, about a third of axios (≈6 kB brotli)
 * — is never run, yet it sat in the first load of every route that makes a call.
 * Here it resolves to a stand-in that says "not available", as axios's own
 * builds do for the http adapter in a browser.
 */
import type { Plugin } from 'vite';

const STAND_IN = '\0checkup-axios-no-fetch';

export function axiosXhrOnly(): Plugin {
  return {
    name: 'checkup-axios-xhr-only',
    enforce: 'pre',
    resolveId(source, importer) {
      if (source === './fetch.js' && importer && /[\\/]axios[\\/]lib[\\/]adapters[\\/]adapters\.js$/.test(importer)) return STAND_IN;
      return null;
    },
    load(id) {
      // `fetch: { get: getFetch }` in axios's adapter table: a falsy get means "not in this build".
      return id === STAND_IN ? 'export const getFetch = () => undefined;\nexport default undefined;\n' : null;
    },
  };
}
