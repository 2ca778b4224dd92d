/**
 * What the browser tests walked: every route a phone showed and every contract
 * call it made while there (with the envelope's success), appended to
 * test-artifacts/route-walk/*.jsonl. scripts/check-route-coverage.ts reads them
 * after the browser suite and fails when a route of flows/ was never opened, or
 * was opened without the call its step makes ever being sent from it.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { CALLS } from '../../../src/contract/calls';
import { REPO } from './app';

export const WALK_DIR = path.join(REPO, 'test-artifacts/route-walk');

const BY_PATH = new Map(Object.entries(CALLS).map(([name, def]) => [`/api/${def.path}`.toLowerCase(), name]));

export interface WalkRecord {
  file: string;
  route: string;
  /** Call name when the record is a request made on `route`. */
  call?: string;
  /** The envelope's success (undefined when the answer was not JSON). */
  ok?: boolean;
}

const routeOf = (url: string) => {
  const h = new URL(url).hash.replace(/^#/, '');
  return (h.split('?')[0] || '/').replace(/\/+$/, '') || '/';
};

let seq = 0;

export function recordWalk(page: Page, testPath: string): void {
  fs.mkdirSync(WALK_DIR, { recursive: true });
  const file = path.join(WALK_DIR, `${process.pid}-${Date.now()}-${seq++}.jsonl`);
  const rel = testPath ? path.relative(REPO, testPath) : '';
  const write = (r: Omit<WalkRecord, 'file'>) => fs.appendFileSync(file, `${JSON.stringify({ file: rel, ...r })}\n`);
  let last = '';
  page.on('framenavigated', (frame) => {
    if (frame !== page.mainFrame()) return;
    const route = routeOf(frame.url());
    if (route !== last) write({ route });
    last = route;
  });
  // The route a request was sent from (the page may have moved on by the answer).
  const sentFrom = new WeakMap<object, string>();
  page.on('request', (req) => {
    if (BY_PATH.has(new URL(req.url()).pathname.toLowerCase())) sentFrom.set(req, routeOf(page.url()));
  });
  page.on('requestfinished', async (req) => {
    const call = BY_PATH.get(new URL(req.url()).pathname.toLowerCase());
    if (!call) return;
    let ok: boolean | undefined;
    try {
      const body = (await (await req.response())?.json()) as { success?: unknown } | undefined;
      ok = typeof body?.success === 'boolean' ? body.success : undefined;
    } catch {
      ok = undefined;
    }
    write({ route: sentFrom.get(req) ?? routeOf(page.url()), call, ok });
  });
}
