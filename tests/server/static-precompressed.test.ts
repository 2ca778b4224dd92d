/**
 * The built app is served precompressed: a phone that accepts br gets the .br
 * file the build wrote, one that accepts only gzip gets the .gz, anything else
 * the plain file; hashed assets are cached for a year, the page is revalidated.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { precompressDir } from '../../scripts/vite-precompress';
import { makeTestApp, type TestApp } from './core-helpers';

let t: TestApp;
let dist: string;
const js = `export const greeting = ${JSON.stringify('体检预约 '.repeat(400))};\n`;

beforeAll(async () => {
  dist = fs.mkdtempSync(path.join(os.tmpdir(), 'cf-dist-'));
  fs.mkdirSync(path.join(dist, 'assets'));
  fs.writeFileSync(path.join(dist, 'index.html'), `<!doctype html><title>t</title>${'<!-- pad -->'.repeat(200)}`);
  fs.writeFileSync(path.join(dist, 'assets/index-abc123.js'), js);
  fs.writeFileSync(path.join(dist, 'assets/tiny-def456.js'), 'export {};\n');
  expect(precompressDir(dist)).toBe(2); // index.html and the big chunk; the tiny one is not worth it
  t = await makeTestApp({ distDir: dist }, { seed: false });
});
afterAll(async () => {
  await t?.close();
  fs.rmSync(dist, { recursive: true, force: true });
});

describe('static assets', () => {
  it('sends the brotli file to a browser that accepts br', async () => {
    const res = await t.app.inject({ url: '/assets/index-abc123.js', headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.rawPayload.length).toBeLessThan(Buffer.byteLength(js) / 5);
    expect(zlib.brotliDecompressSync(res.rawPayload).toString()).toBe(js);
    expect(String(res.headers['content-type'])).toMatch(/javascript/);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('sends gzip when br is not accepted, and the plain file when nothing is', async () => {
    const gz = await t.app.inject({ url: '/assets/index-abc123.js', headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(gz.rawPayload).toString()).toBe(js);
    const plain = await t.app.inject({ url: '/assets/index-abc123.js', headers: { 'accept-encoding': 'identity' } });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.payload).toBe(js);
    const tiny = await t.app.inject({ url: '/assets/tiny-def456.js', headers: { 'accept-encoding': 'br' } });
    expect(tiny.statusCode).toBe(200);
    expect(tiny.headers['content-encoding']).toBeUndefined();
  });

  it('serves the page compressed and makes the browser revalidate it', async () => {
    const res = await t.app.inject({ url: '/', headers: { 'accept-encoding': 'br' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    // `private, no-cache` when a render bundle draws into it (ssr-page.ts): revalidated either way.
    expect(res.headers['cache-control']).toMatch(/^(private, )?no-cache$/);
    expect(zlib.brotliDecompressSync(res.rawPayload).toString()).toMatch(/^<!doctype html>/);
  });
});
