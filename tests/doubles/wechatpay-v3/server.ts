/**
 * The HTTP side of the double: reads each request, records it, checks the Authorization, answers as
 * api.mch.weixin.qq.com does (signed Wechatpay-* headers and a Request-ID on every answer, 204 included).
 */
import http from 'node:http';
import { randomUUID } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { fail, paramError, type RouteAnswer, type RouteRequest } from './answers.ts';
import { handleBridge } from './bridge.ts';
import type { DoubleContext } from './context.ts';
import { listCertificates } from './routes-certs.ts';
import { closeTrade, prepay, queryByOutTradeNo, queryByTransactionId } from './routes-pay.ts';
import { createRefund, queryRefund } from './routes-refund.ts';
import { checkAuthorization, signedHeaders } from './signing.ts';

interface Route {
  method: 'GET' | 'POST';
  pattern: RegExp;
  handle(ctx: DoubleContext, req: RouteRequest): RouteAnswer;
}

const ROUTES: Route[] = [
  { method: 'POST', pattern: /^\/v3\/pay\/transactions\/jsapi$/, handle: prepay },
  { method: 'GET', pattern: /^\/v3\/pay\/transactions\/out-trade-no\/([^/]+)$/, handle: queryByOutTradeNo },
  { method: 'GET', pattern: /^\/v3\/pay\/transactions\/id\/([^/]+)$/, handle: queryByTransactionId },
  { method: 'POST', pattern: /^\/v3\/pay\/transactions\/out-trade-no\/([^/]+)\/close$/, handle: closeTrade },
  { method: 'POST', pattern: /^\/v3\/refund\/domestic\/refunds$/, handle: createRefund },
  { method: 'GET', pattern: /^\/v3\/refund\/domestic\/refunds\/([^/]+)$/, handle: queryRefund },
  { method: 'GET', pattern: /^\/v3\/certificates$/, handle: (ctx) => listCertificates(ctx) },
];

/** failNext(): the first pending failure whose matcher fits this request, removed as it is used. */
function takeFailure(ctx: DoubleContext, pathname: string, url: string): RouteAnswer | null {
  const i = ctx.failures.findIndex(({ match }) => (typeof match === 'string' ? match === pathname || match === url : match.test(url)));
  if (i < 0) return null;
  const [{ error }] = ctx.failures.splice(i, 1);
  return fail(error.status, error.code, error.message);
}

function route(ctx: DoubleContext, method: string, pathname: string, query: URLSearchParams, body: unknown): RouteAnswer {
  let pathKnown = false;
  for (const r of ROUTES) {
    const m = r.pattern.exec(pathname);
    if (!m) continue;
    pathKnown = true;
    if (r.method === method) return r.handle(ctx, { params: m.slice(1), query, body });
  }
  return pathKnown ? fail(405, 'INVALID_REQUEST', '不支持的HTTP方法') : fail(404, 'NOT_FOUND', '请求的资源不存在');
}

function answerApi(ctx: DoubleContext, req: http.IncomingMessage, text: string): RouteAnswer {
  const method = req.method ?? 'GET';
  const url = req.url ?? '/';
  const parsedUrl = new URL(url, 'http://double.invalid');
  const auth = checkAuthorization(ctx, method, url, text, req.headers.authorization);
  let body: unknown;
  let jsonOk = true;
  if (text) {
    try {
      body = JSON.parse(text);
    } catch {
      body = text;
      jsonOk = false;
    }
  }
  ctx.requests.push({ method, path: url, body, authOk: auth.ok, ...(auth.ok ? {} : { authError: auth.reason }) });
  if (!auth.ok) return fail(401, 'SIGN_ERROR', auth.message);
  const injected = takeFailure(ctx, parsedUrl.pathname, url);
  if (injected) return injected;
  if (!jsonOk) return paramError('请求体不是合法的JSON');
  return route(ctx, method, parsedUrl.pathname, parsedUrl.searchParams, body);
}

function writeSigned(ctx: DoubleContext, res: http.ServerResponse, answer: RouteAnswer): void {
  const text = answer.status === 204 || answer.body === undefined ? '' : JSON.stringify(answer.body);
  const headers: Record<string, string | number> = { 'Request-ID': randomUUID(), ...signedHeaders(ctx, text), 'Content-Length': Buffer.byteLength(text) };
  if (text) headers['Content-Type'] = 'application/json; charset=utf-8';
  res.writeHead(answer.status, headers);
  res.end(text);
}

export interface RunningServer {
  baseUrl: string;
  close(): Promise<void>;
}

export async function startServer(ctx: DoubleContext): Promise<RunningServer> {
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const text = Buffer.concat(chunks).toString('utf8');
      if ((req.url ?? '').startsWith('/__double/')) {
        handleBridge(ctx, req, res, text).catch((err) => {
          if (!res.headersSent) res.writeHead(500, { 'Content-Type': 'text/plain' });
          res.end(String(err));
        });
        return;
      }
      let answer: RouteAnswer;
      try {
        answer = answerApi(ctx, req, text);
      } catch (err) {
        answer = fail(500, 'SYSTEM_ERROR', `系统异常，请稍后重试（${String(err)}）`);
      }
      writeSigned(ctx, res, answer);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
