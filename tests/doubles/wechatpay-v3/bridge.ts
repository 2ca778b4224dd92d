/**
 * The WeChat browser's payment sheet, for page tests: bridgeScript() installs window.WeixinJSBridge; its
 * getBrandWCPayRequest posts the params to POST /__double/bridge/pay, where the double checks them as WeChat
 * does (paySign by the merchant key, prepay_id of a trade of this double, appId) and then pays the trade.
 */
import { createPublicKey, verify } from 'node:crypto';
import type http from 'node:http';
import { obj } from './answers.ts';
import { markPaid } from './books.ts';
import { findTrade, type DoubleContext } from './context.ts';
import { sendPayNotify } from './notifies.ts';

export const BRIDGE_PATH = '/__double/bridge/pay';

function cors(req: http.IncomingMessage): Record<string, string> {
  return {
    'Access-Control-Allow-Origin': req.headers.origin ?? '*',
    'Access-Control-Allow-Methods': 'POST, OPTIONS',
    'Access-Control-Allow-Headers': req.headers['access-control-request-headers'] ?? 'content-type',
    // Chromium asks before a page reaches a more private address; allow it rather than depend on the page's origin.
    'Access-Control-Allow-Private-Network': 'true',
    'Access-Control-Max-Age': '600',
    Vary: 'Origin',
  };
}

/** Why WeChat would refuse these getBrandWCPayRequest params, or null. */
function refusal(ctx: DoubleContext, p: Record<string, unknown>): string | null {
  const [appId, timeStamp, nonceStr, pkg, signType, paySign] = ['appId', 'timeStamp', 'nonceStr', 'package', 'signType', 'paySign'].map((k) =>
    p[k] === undefined || p[k] === null ? '' : String(p[k]),
  );
  if (appId !== ctx.opts.appid) return `appId ${appId || '(missing)'} is not ${ctx.opts.appid}`;
  if (signType !== 'RSA') return `signType must be RSA, got ${signType || '(missing)'}`;
  if (!timeStamp || !nonceStr) return 'timeStamp and nonceStr are required';
  const m = /^prepay_id=(.+)$/.exec(pkg);
  if (!m) return `package must be prepay_id=…, got ${pkg || '(missing)'}`;
  const trade = [...ctx.trades.values()].find((t) => t.prepayId === m[1]);
  if (!trade) return `prepay_id ${m[1]} is not a prepay of this double`;
  if (trade.appid !== appId) return `prepay ${m[1]} was made for appid ${trade.appid}`;
  const message = `${appId}\n${timeStamp}\n${nonceStr}\n${pkg}\n`;
  let good = false;
  try {
    good = verify('sha256', Buffer.from(message, 'utf8'), createPublicKey(ctx.opts.merchant.publicKeyPem), Buffer.from(paySign, 'base64'));
  } catch {
    good = false;
  }
  if (!good) return 'paySign does not verify with the merchant public key over appId\\ntimeStamp\\nnonceStr\\npackage\\n';
  if (trade.state !== 'NOTPAY') return `trade ${trade.outTradeNo} is ${trade.state}`;
  return null;
}

export async function handleBridge(ctx: DoubleContext, req: http.IncomingMessage, res: http.ServerResponse, text: string): Promise<void> {
  const headers = cors(req);
  if (req.method === 'OPTIONS') {
    res.writeHead(204, headers);
    res.end();
    return;
  }
  const reply = (status: number, body: unknown): void => {
    const out = JSON.stringify(body);
    res.writeHead(status, { ...headers, 'Content-Type': 'application/json; charset=utf-8', 'Content-Length': Buffer.byteLength(out) });
    res.end(out);
  };
  if (req.method !== 'POST' || (req.url ?? '').split('?')[0] !== BRIDGE_PATH) return reply(404, { ok: false, error: 'unknown double endpoint' });
  let body: Record<string, unknown>;
  try {
    body = obj(JSON.parse(text));
  } catch {
    return reply(400, { ok: false, error: 'body is not JSON' });
  }
  const params = obj(body.params);
  const why = refusal(ctx, params);
  ctx.bridgeRequests.push({ params, ok: why === null, ...(why ? { error: why } : {}) });
  if (why) return reply(200, { ok: false, error: why });
  const pkg = String(params.package);
  const trade = findTrade(ctx, pkg.slice('prepay_id='.length));
  if (!trade) return reply(200, { ok: false, error: 'trade vanished' });
  markPaid(ctx, trade);
  // The page hears back only after our server has answered the notify, so a page test can rely on it.
  const notify = body.notify === false ? null : await sendPayNotify(ctx, trade.outTradeNo);
  return reply(200, { ok: true, notify });
}

export interface BridgeScriptOptions {
  choice?: 'ok' | 'cancel';
  notify?: boolean;
}

/** Text for page.addInitScript(): a WeixinJSBridge stand-in that pays through this double. */
export function bridgeScript(baseUrl: string, opts: BridgeScriptOptions = {}): string {
  const config = JSON.stringify({ endpoint: `${baseUrl}${BRIDGE_PATH}`, choice: opts.choice ?? 'ok', notify: opts.notify !== false });
  return `(() => {
  const config = ${config};
  const calls = (window.__wxBridgeCalls = window.__wxBridgeCalls || []);
  const later = (cb, res) => setTimeout(() => { if (typeof cb === 'function') cb(res); }, 0);
  function invoke(name, params, cb) {
    calls.push({ name: name, params: params });
    if (name !== 'getBrandWCPayRequest') return later(cb, { err_msg: name + ':ok' });
    if (config.choice === 'cancel') return later(cb, { err_msg: 'get_brand_wcpay_request:cancel' });
    fetch(config.endpoint, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ params: params, notify: config.notify }) })
      .then((r) => r.json())
      .then((j) => later(cb, j.ok ? { err_msg: 'get_brand_wcpay_request:ok' } : { err_msg: 'get_brand_wcpay_request:fail', err_desc: j.error }))
      .catch((e) => later(cb, { err_msg: 'get_brand_wcpay_request:fail', err_desc: String(e) }));
  }
  window.WeixinJSBridge = { invoke: invoke, call: invoke, on: function () {}, log: function () {} };
  const ready = () => document.dispatchEvent(new Event('WeixinJSBridgeReady'));
  if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', () => setTimeout(ready, 0));
  else setTimeout(ready, 0);
})();
`;
}
