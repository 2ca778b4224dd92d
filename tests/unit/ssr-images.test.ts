/** The drawn page's first image: small files of the build inline, the rest preloaded (server/plugins/ssr-images.ts). */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { INLINE_IMAGE_MAX, imageInliner, imagePreloadLink } from '../../src/server/plugins/ssr-images';

const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'ssr-images-'));
fs.mkdirSync(path.join(dist, 'banners'));
fs.writeFileSync(path.join(dist, 'banners/small.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
fs.writeFileSync(path.join(dist, 'banners/big.png'), Buffer.alloc(INLINE_IMAGE_MAX + 1));
fs.writeFileSync(path.join(dist, 'notes.txt'), 'not an image');
fs.writeFileSync(path.join(os.tmpdir(), 'outside.svg'), '<svg/>');
const inline = imageInliner(dist);
const page = (html: string) => inline([{ route: '/Index', html }]);

describe('the first image of a drawing', () => {
  it('a small file of the build goes into the page; the images after it stay URLs', () => {
    const d = page('<div><img src="/banners/small.svg" alt=""/><img src="/banners/small.svg"/></div>');
    const b64 = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>').toString('base64');
    expect(d.pages[0].html).toBe(`<div><img src="data:image/svg+xml;base64,${b64}" alt=""/><img src="/banners/small.svg"/></div>`);
    expect(d.preload).toEqual([]);
  });

  it('a large one, another host’s or a missing one stays a URL; the page preloads ours and https ones', () => {
    expect(page('<img src="/banners/big.png">')).toEqual({ pages: [{ route: '/Index', html: '<img src="/banners/big.png">' }], preload: ['/banners/big.png'] });
    expect(page('<img src="https://cdn.example/b.jpg">').preload).toEqual(['https://cdn.example/b.jpg']);
    expect(page('<img src="/banners/none.svg">').pages[0].html).toBe('<img src="/banners/none.svg">');
    expect(page('<img src="http://x/b.svg">').preload).toEqual([]);
  });

  it('never a file outside the build, nor one that is not an image', () => {
    for (const src of ['/../outside.svg', '/%2e%2e/outside.svg', '//evil.example/a.svg', '/notes.txt', '/banners/%E0%A4%A.svg']) {
      expect(page(`<img src="${src}">`).pages[0].html, src).toBe(`<img src="${src}">`);
    }
  });

  it('the Link header names only URLs that cannot break it', () => {
    expect(imagePreloadLink(['/a.png', '/b c.png', '/x>,<y'])).toBe('</a.png>; rel=preload; as=image');
    expect(imagePreloadLink([])).toBeUndefined();
  });
});
