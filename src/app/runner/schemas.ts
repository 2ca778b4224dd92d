/** Form schemas, fetched on first use from GET schemas/<path> and cached for the page's life. */
const cache = new Map<string, Promise<object>>();

export function loadSchema(path: string, fetchImpl: typeof fetch = fetch): Promise<object> {
  const clean = path.replace(/^\/+/, '').replace(/^schemas\//, '');
  let p = cache.get(clean);
  if (!p) {
    p = fetchImpl(`schemas/${clean}`, { credentials: 'include' }).then(async (r) => {
      if (!r.ok) throw new Error(`schemas/${clean}: HTTP ${r.status}`);
      return (await r.json()) as object;
    });
    p.catch(() => cache.delete(clean));
    cache.set(clean, p);
  }
  return p;
}

/** Synchronous peek (already loaded), so a revisit renders without a flash. */
const done = new Map<string, object>();
export function loadedSchema(path: string): object | undefined {
  return done.get(path);
}
export async function loadSchemaRemember(path: string): Promise<object> {
  const s = await loadSchema(path);
  done.set(path, s);
  return s;
}

/**
 * Replaces every cached schema with `byPath` (paths below schemas/): the
 * studio's live phone preview (src/studio/preview/main.tsx) calls it with the
 * draft's schemas on each update. The examinee app never calls it (its build
 * drops it).
 */
export function replaceSchemas(byPath: Record<string, object>): void {
  cache.clear();
  done.clear();
  for (const [path, schema] of Object.entries(byPath)) {
    cache.set(path, Promise.resolve(schema));
    done.set(path, schema);
  }
}

/**
 * A form schema's validate function: the server's pre-compiled ES module
 * (GET schemas/<path>.js, src/server/plugins/validators.ts). index.html's CSP
 * (`script-src 'self'`, no 'unsafe-eval') forbids compiling schemas here; a
 * same-origin module import is allowed. Resolved against the page like the
 * schema fetches above; cached for the page's life (a failure is retried).
 */
export type Validator = import('../../engine/schema/ajv').ValidateFunction;
const validators = new Map<string, Promise<Validator>>();

export function validatorUrl(path: string, base: string = document.baseURI): string {
  const clean = path.replace(/^\/+/, '').replace(/^schemas\//, '');
  return new URL(`schemas/${clean}.js`, base).href;
}

export function loadValidator(path: string): Promise<Validator> {
  const url = validatorUrl(path);
  let p = validators.get(url);
  if (!p) {
    // A run-time URL: @vite-ignore keeps Vite from trying to bundle it.
    p = import(/* @vite-ignore */ url).then((m: { default?: Validator }) => {
      if (typeof m.default !== 'function') throw new Error(`${url}: no validate function`);
      return m.default;
    });
    p.catch(() => validators.delete(url));
    validators.set(url, p);
  }
  return p;
}
