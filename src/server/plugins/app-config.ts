/**
 * Serves the checked flow config to the app: `GET /app-config.json` (app.yaml,
 * messages and every step) and `GET /schemas/<path>` (form schemas and
 * question banks, fetched when a step needs one) and `GET /schemas/<path>.js`
 * (a form's pre-compiled validator, see validators.ts), always of the config
 * version LiveConfig serves now (config-live.ts: an edit of the files goes live
 * without a restart once it checks clean), and `x-config-version` on every answer.
 */
import type { FastifyInstance } from 'fastify';
import type { LoadedConfig } from '../../engine/config/assemble';
import { createValidators } from './validators';
import type { LiveConfig } from '../config-live';
import { compressText, sendCompressed, type CompressedText } from './compressed';

const JSON_TYPE = 'application/json; charset=utf-8';

export interface ServedConfig {
  app: LoadedConfig['app'];
  messages: LoadedConfig['messages'];
  steps: LoadedConfig['steps'];
}

export function servedConfig(config: LoadedConfig): ServedConfig {
  return { app: config.app, messages: config.messages, steps: config.steps };
}

interface Served {
  body: string;
  schemas: Map<string, string>;
  validators: ReturnType<typeof createValidators>;
  compressed: Map<string, Promise<CompressedText>>;
}

export function appConfigPlugin(app: FastifyInstance, live: LiveConfig): void {
  // Serialised per config version; each text is compressed on its first request and kept (brotli at
  // its best quality is ≈ 60 ms for the config: not paid by the server's start for all 55).
  const serve = (config: LoadedConfig): Served => {
    // Built in the background from now on; a request for one still building waits for it.
    const validators = createValidators(config.schemas);
    void validators.ready.then((r) => {
      app.log.info({ validators: r.count, ms: r.ms, bytes: r.bytes }, 'form validators pre-compiled');
      for (const [path, error] of Object.entries(r.failed)) app.log.error({ path, error }, 'form validator failed to build');
    });
    return {
      body: JSON.stringify(servedConfig(config)),
      schemas: new Map(Object.entries(config.schemas).map(([path, s]) => [path, JSON.stringify(s)])),
      validators,
      compressed: new Map(),
    };
  };
  // One object per version, swapped whole: a request reads one version throughout.
  let served = serve(live.current.config);
  live.onSwap((s) => {
    served = serve(s.config);
  });
  const compressedOnce = (cur: Served, key: string, text: () => string | Promise<string>): Promise<CompressedText> => {
    let c = cur.compressed.get(key);
    if (!c) cur.compressed.set(key, (c = Promise.resolve().then(text).then(compressText)));
    return c;
  };

  // Every answer says which config version the server serves: an open app reloads on its next step when it changed.
  app.addHook('onSend', async (_req, reply) => {
    reply.header('x-config-version', live.current.version);
  });

  // The admin's "reload now" (besides the file watch): from the server's own machine only.
  app.post('/api/admin/reload-config', async (req, reply) => {
    if (!isLoopback(req.socket.remoteAddress)) {
      reply.code(403);
      return { success: false, returnMsg: '仅限本机调用', returnData: null };
    }
    const r = await live.reload();
    return r.ok
      ? { success: true, returnMsg: r.changed ? 'config reloaded' : 'config unchanged', returnData: { version: r.version } }
      : { success: false, returnMsg: 'config has errors: still serving the last good version', returnData: { version: live.current.version, errors: r.errors } };
  });

  app.get('/app-config.json', async (req, reply) => {
    const cur = served;
    return sendCompressed(req, reply, await compressedOnce(cur, '/app-config.json', () => cur.body), JSON_TYPE);
  });

  // Only paths the loader read are served: no file-system access, no traversal.
  app.get('/schemas/*', async (req, reply) => {
    const cur = served;
    const path = (req.params as { '*': string })['*'];
    const module = path.endsWith('.js') ? cur.validators.get(path.slice(0, -3)) : undefined;
    if (module) {
      let code: CompressedText;
      try {
        code = await compressedOnce(cur, path, () => module);
      } catch (e) {
        req.log.error({ err: e, path }, 'form validator failed to build');
        reply.code(500);
        return { success: false, returnMsg: '系统异常！', returnData: null };
      }
      return sendCompressed(req, reply, code, 'text/javascript; charset=utf-8');
    }
    const text = cur.schemas.get(path);
    if (text === undefined) {
      reply.code(404);
      return { success: false, returnMsg: '配置不存在', returnData: null };
    }
    return sendCompressed(req, reply, await compressedOnce(cur, path, () => text), JSON_TYPE);
  });
}

function isLoopback(addr: string | undefined): boolean {
  return addr === '127.0.0.1' || addr === '::1' || addr === '::ffff:127.0.0.1';
}
