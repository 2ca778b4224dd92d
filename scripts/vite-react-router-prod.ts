/**
 * React Router's production build in `vite build`.
 *
 * react-router 7's package.json sends every import condition to `dist/development/`
 * (remix-run/react-router#12532, #14102: meant to be temporary), so a production bundle
 * carried its development build: dev-only warnings switched on (`ENABLE_DEV_WARNINGS = true`)
 * and their texts, ≈ 1 kB brotli more on every route (issue 27's 100 kB budget). The package
 * ships `dist/production/` beside it with the same exports; a build resolves `react-router`
 * and `react-router/dom` (which react-router-dom re-exports) there. The dev server keeps the
 * development build and its warnings.
 *
 * And what the app does not use is left out: the build's components are made by top-level calls
 * (`var Link = React10.forwardRef(…)`, contexts by `React.createContext(…)`) without a pure mark,
 * then named (`Link.displayName = "Link"`), so a bundler must keep every one — Link, NavLink, Form,
 * their prefetching and form-submission code, the RSC error handler — though the app uses none
 * (≈ 12 kB of its 38 kB). Marking those calls pure (they are: they build an object and touch
 * nothing) and dropping the names (read by React's developer tools only) lets tree-shaking do it.
 */
import { createRequire } from 'node:module';
import path from 'node:path';
import type { Plugin } from 'vite';

const require = createRequire(import.meta.url);

export function reactRouterProduction(): Plugin {
  const dir = path.join(path.dirname(require.resolve('react-router/package.json')), 'dist/production');
  const files: Record<string, string> = {
    'react-router': path.join(dir, 'index.mjs'),
    'react-router/dom': path.join(dir, 'dom-export.mjs'),
  };
  return {
    name: 'checkup-react-router-production',
    apply: 'build',
    enforce: 'pre',
    resolveId(source) {
      return Object.hasOwn(files, source) ? files[source] : null;
    },
    transform(code, id) {
      if (!id.startsWith(dir + path.sep) || !id.endsWith('.mjs')) return null;
      return {
        code: code
          .replace(/^[A-Za-z_$][\w$]*\.displayName = "[^"\n]*";\n/gm, '')
          .replace(/^var ([\w$]+) = (React\d*\.(?:forwardRef|memo|createContext))\(/gm, 'var $1 = /* @__PURE__ */ $2('),
        map: null,
      };
    },
  };
}
