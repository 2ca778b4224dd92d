/**
 * The first image of a drawn screen, carried by the page itself when it is small (issue 27).
 *
 * The home page's largest paint is its first banner. Fetched, it waits on a connection of its own
 * after the page (on a slow line a handshake and a round trip: ≈ 0.4 s in Lighthouse's mobile
 * simulation), so a small one — the built-in banners are under 1 kB — is written into the drawing
 * as a `data:` URL and paints with the text. A large one (a photo an admin uploaded) would make
 * every page of every route that much heavier: it stays a URL, and the page's Link header preloads it.
 *
 * The phone hydrates the drawing as it is: React keeps a hydrated element's attributes, so the
 * `<img>` keeps its inline picture until the screen renders another banner.
 */
import fs from 'node:fs';
import path from 'node:path';

/** Largest image file carried inline, bytes (before base64, which adds a third). */
export const INLINE_IMAGE_MAX = 4096;

const TYPES: Record<string, string> = {
  '.svg': 'image/svg+xml', '.png': 'image/png', '.jpg': 'image/jpeg', '.jpeg': 'image/jpeg', '.gif': 'image/gif', '.webp': 'image/webp',
};

export interface FirstImages {
  /** The drawings, each with its first image inlined when it could be. */
  pages: Array<{ route: string; html: string }>;
  /** The first images left as URLs: for the page's Link header. */
  preload: string[];
}

/** Inlines each drawing's first image when it is a small file of the build (`dist`); lists the others to preload. */
export function imageInliner(dist: string): (pages: Array<{ route: string; html: string }>) => FirstImages {
  const root = path.resolve(dist);
  const known = new Map<string, string | null>();
  const dataUrl = (src: string): string | null => {
    if (known.has(src)) return known.get(src)!;
    let out: string | null = null;
    // Only a file of the build, by its path on this server: never another host, never outside dist/.
    if (/^\/(?!\/)/.test(src)) {
      let file = '';
      try {
        file = path.join(root, decodeURIComponent(src.split(/[?#]/)[0]));
      } catch {
        /* a malformed escape: left as a URL */
      }
      const type = TYPES[path.extname(file).toLowerCase()];
      if (file.startsWith(root + path.sep) && type) {
        try {
          const st = fs.statSync(file);
          if (st.isFile() && st.size <= INLINE_IMAGE_MAX) out = `data:${type};base64,${fs.readFileSync(file).toString('base64')}`;
        } catch {
          /* no such file: left as a URL (the phone shows its grey ground) */
        }
      }
    }
    if (known.size < 256) known.set(src, out);
    return out;
  };
  return (pages) => {
    const preload: string[] = [];
    const out = pages.map((p) => {
      // The first <img> only (no /g): the one a screen shows at its top.
      const html = p.html.replace(/(<img\b[^>]*?\ssrc=")([^"]*)(")/, (m, pre: string, src: string, post: string) => {
        const url = src.replace(/&amp;/g, '&');
        if (url.startsWith('data:')) return m;
        const inline = dataUrl(url);
        if (inline) return pre + inline + post;
        if (/^(\/(?!\/)|https:\/\/)/.test(url) && !preload.includes(url)) preload.push(url);
        return m;
      });
      return { route: p.route, html };
    });
    return { pages: out, preload };
  };
}

/** A Link header value preloading the images, or undefined. */
export function imagePreloadLink(urls: string[]): string | undefined {
  const safe = urls.filter((u) => !/[<>\s,;]/.test(u));
  return safe.length ? safe.map((u) => `<${u}>; rel=preload; as=image`).join(', ') : undefined;
}
