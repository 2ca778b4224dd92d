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
