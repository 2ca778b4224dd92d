/**
 * Vite build plugin: axios as the app uses it, without the parts no call of
 * the app can reach (they sat in the first load of every route that calls).
 *
 * - The fetch adapter: axios picks its adapter from ['xhr', 'http', 'fetch'] in
 *   that order, so in a browser (WeChat's webview included) XMLHttpRequest
 *   always wins and the fetch adapter — with its stream, multipart and data-URL
 *   helpers, about a third of axios (≈6 kB brotli) — is never run. It resolves
 *   to a stand-in that says "not available", as axios's own builds do for the
 *   http adapter in a browser.
 * - The package entry (lib/axios.js) hangs every extra on the default export
 *   (CancelToken, HttpStatusCode's table, toFormData, formToJSON, spread, all,
 *   getAdapter), so none of it can be tree-shaken. The app imports `axios` only
 *   for `axios.create(...)` and the instance's get/post (src/app/api/client.ts),
 *   so `axios` from our sources resolves to an entry with the default instance,
 *   `create`, and the classes and checks that are in the bundle anyway.
 * - Helpers only reached by options or bodies the app never uses, each replaced
 *   by a stand-in that throws if it ever is reached (a clear error, never a
 *   silently different request): the upload/download progress events
 *   (`onUploadProgress`/`onDownloadProgress`), FormData bodies sent as JSON, and
 *   the option validator (it only warns about misspelt or wrongly typed
 *   options; the app's options are fixed in one place).
 * - axios's `utils` is one object of ~60 helpers that every file imports whole,
 *   so none could be dropped; its files import it as a module namespace here,
 *   which lets the bundler keep only the helpers in use (≈0.9 kB brotli). The
 *   one place that used the object itself (the `is…` predicates toFormData hands
 *   to a custom `formSerializer.visitor`, which the app never sets) gets an
 *   empty set. Applied only when axios's files still have the shape it expects;
 *   otherwise axios is bundled as it is, with a warning.
 *
 * What stays as axios ships it: interceptors, config merging, headers and their
 * sanitising, params serialising (with its cycle guard), the XSRF cookie rule,
 * timeouts, errors and cancellation. The client build only: the unit tests and
 * the dev server run axios as it ships.
 */
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { Plugin } from 'vite';

// A path-like id, so the chunk is named after its last part (axios-<hash>.js, as before).
const PREFIX = '\0checkup-axios/';
/** Module of axios/lib (as imported, relative) → the stand-in that replaces it. */
const STAND_INS: Record<string, { from: RegExp; code: string }> = {
  fetch: {
    from: /[\\/]axios[\\/]lib[\\/]adapters[\\/]adapters\.js$/,
    // `fetch: { get: getFetch }` in axios's adapter table: a falsy get means "not in this build".
    code: 'export const getFetch = () => undefined;\nexport default undefined;\n',
  },
  progressEventReducer: {
    from: /[\\/]axios[\\/]lib[\\/]adapters[\\/]xhr\.js$/,
    code: notInThisBuild('progressEventReducer', 'upload/download progress events'),
  },
  formDataToJSON: {
    from: /[\\/]axios[\\/]lib[\\/]defaults[\\/]index\.js$/,
    code: notInThisBuild('default', 'FormData bodies sent as JSON'),
  },
  validator: {
    from: /[\\/]axios[\\/]lib[\\/]core[\\/]Axios\.js$/,
    // Axios.request builds `validators.transitional(validators.boolean)` etc. and hands them to assertOptions.
    code: 'const v = () => v;\nexport default { assertOptions() {}, validators: { transitional: v, boolean: v, function: v, spelling: v } };\n',
  },
};
const SOURCES: Record<string, string> = {
  './fetch.js': 'fetch',
  '../helpers/progressEventReducer.js': 'progressEventReducer',
  '../helpers/formDataToJSON.js': 'formDataToJSON',
  '../helpers/validator.js': 'validator',
};

function notInThisBuild(name: string, what: string): string {
  const fn = `() => { throw new Error('axios: ${what} are not in this build (scripts/vite-axios-xhr.ts)'); }`;
  return name === 'default' ? `export default ${fn};\n` : `export const ${name} = ${fn};\n`;
}

/** lib/axios.js without the extras (same createInstance). */
const entry = (utilsImport: string) => `
${utilsImport} from 'axios/unsafe/utils.js';
import bind from 'axios/unsafe/helpers/bind.js';
import Axios from 'axios/unsafe/core/Axios.js';
import mergeConfig from 'axios/unsafe/core/mergeConfig.js';
import defaults from 'axios/unsafe/defaults/index.js';
import AxiosError from 'axios/unsafe/core/AxiosError.js';
import AxiosHeaders from 'axios/unsafe/core/AxiosHeaders.js';
import CanceledError from 'axios/unsafe/cancel/CanceledError.js';
import isCancel from 'axios/unsafe/cancel/isCancel.js';
import isAxiosError from 'axios/unsafe/helpers/isAxiosError.js';

function createInstance(defaultConfig) {
  const context = new Axios(defaultConfig);
  const instance = bind(Axios.prototype.request, context);
  utils.extend(instance, Axios.prototype, context, { allOwnKeys: true });
  utils.extend(instance, context, null, { allOwnKeys: true });
  instance.create = function create(instanceConfig) {
    return createInstance(mergeConfig(defaultConfig, instanceConfig));
  };
  return instance;
}

const axios = createInstance(defaults);
axios.Axios = Axios;
axios.AxiosError = AxiosError;
axios.AxiosHeaders = AxiosHeaders;
axios.CanceledError = CanceledError;
axios.isCancel = isCancel;
axios.isAxiosError = isAxiosError;
axios.mergeConfig = mergeConfig;
axios.default = axios;
export default axios;
`;

/** `export default { a, b: c, … };` at the end of lib/utils.js → `export { a, c as b, … };`, or null when it has another shape. */
export function utilsAsNamedExports(code: string): string | null {
  const m = /\nexport default \{([^{}]*)\};\s*$/.exec(code);
  if (!m) return null;
  const names: string[] = [];
  for (const raw of m[1].replace(/\/\/[^\n]*/g, '').split(',')) {
    const e = raw.trim();
    if (!e) continue;
    const kv = /^([A-Za-z_$][\w$]*)(?:\s*:\s*([A-Za-z_$][\w$]*))?$/.exec(e);
    if (!kv) return null;
    names.push(kv[2] ? `${kv[2]} as ${kv[1]}` : kv[1]);
  }
  return `${code.slice(0, m.index)}\nexport { ${names.join(', ')} };\n`;
}

const TO_FLAT_UTILS = /utils\.toFlatObject\(utils, \{\}, null, function filter\(prop\) \{\s*return \/\^is\[A-Z\]\/\.test\(prop\);\s*\}\)/;

export function axiosXhrOnly(): Plugin {
  let lib = '';
  let utilsNamed: string | null = null;
  return {
    name: 'checkup-axios-xhr-only',
    // The phone's bundle only: not the dev server (which pre-bundles deps its own way) nor a server-side build.
    apply: (_config, env) => env.command === 'build' && !env.isSsrBuild,
    enforce: 'pre',
    buildStart() {
      lib = path.join(path.dirname(createRequire(import.meta.url).resolve('axios/package.json')), 'lib');
      utilsNamed = utilsAsNamedExports(fs.readFileSync(path.join(lib, 'utils.js'), 'utf8'));
      const uses = fs.readFileSync(path.join(lib, 'helpers/toFormData.js'), 'utf8');
      if (!utilsNamed || !TO_FLAT_UTILS.test(uses)) {
        utilsNamed = null;
        this.warn('axios/lib/utils.js or helpers/toFormData.js changed shape: axios utils bundled whole (scripts/vite-axios-xhr.ts)');
      }
    },
    transform(code, id) {
      if (!utilsNamed || !id.startsWith(lib + path.sep)) return null;
      if (id === path.join(lib, 'utils.js')) return { code: utilsNamed, map: null };
      const out = code
        .replace(/import utils from '(\.{1,2}\/(?:\.\.\/)*utils\.js)';/, (whole, rel: string) =>
          path.resolve(path.dirname(id), rel) === path.join(lib, 'utils.js') ? `import * as utils from '${rel}';` : whole,
        )
        .replace(TO_FLAT_UTILS, '{}');
      return out === code ? null : { code: out, map: null };
    },
    resolveId(source, importer) {
      if (!importer) return null;
      // Our code's axios import (src/app/api/client.ts); axios's own files never import the package by name.
      if (source === 'axios' && !/[\\/]node_modules[\\/]/.test(importer)) return PREFIX + 'axios';
      const key = SOURCES[source];
      return key && STAND_INS[key].from.test(importer) ? PREFIX + key : null;
    },
    load(id) {
      if (!id.startsWith(PREFIX)) return null;
      const key = id.slice(PREFIX.length);
      return key === 'axios' ? entry(utilsNamed ? 'import * as utils' : 'import utils') : STAND_INS[key].code;
    },
  };
}
