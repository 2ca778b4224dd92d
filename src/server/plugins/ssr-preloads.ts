/**
 * What the page's inline script preloads for the route it opens (issue 27): the chunks of the step's screen
 * and form code, with their own imports, and the form's schema — asked together with the entry script (after
 * the first paint, ssr-frame.ts) instead of after the entry has run. Chunks come from the build's manifest
 * (vite.config.ts `build.manifest`); what the entry brings itself (its imports) is left out.
 */
import fs from 'node:fs';
import path from 'node:path';

type Manifest = Record<string, { file: string; imports?: string[]; isEntry?: boolean }>;

/** The route's needs as the render bundle states them (app/ssr/ssr-entry.tsx RouteNeeds). */
export interface RouteNeeds {
  title: string;
  modules: string[];
  schema?: string;
}

/** Per route (lower case): [title, URLs to preload]. The inline script's data (`#cf-routes`). */
export type RoutePreloads = Record<string, [string, string[]]>;

export function readManifest(dist: string): Manifest | null {
  try {
    return JSON.parse(fs.readFileSync(path.join(dist, '.vite/manifest.json'), 'utf8')) as Manifest;
  } catch {
    return null;
  }
}

export function routePreloads(manifest: Manifest | null, routes: Record<string, RouteNeeds>): RoutePreloads {
  const closure = (keys: string[], into = new Set<string>()) => {
    for (const k of keys) {
      if (into.has(k) || !manifest?.[k]) continue;
      into.add(k);
      closure(manifest[k].imports ?? [], into);
    }
    return into;
  };
  const loaded = closure(Object.entries(manifest ?? {}).filter(([, c]) => c.isEntry).map(([k]) => k));
  const out: RoutePreloads = {};
  for (const [route, needs] of Object.entries(routes)) {
    const chunks = [...closure(needs.modules)].filter((k) => !loaded.has(k)).map((k) => manifest![k].file);
    out[route] = [needs.title, [...chunks, ...(needs.schema ? [`schemas/${needs.schema}`] : [])]];
  }
  return out;
}
