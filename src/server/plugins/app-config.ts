/**
 * Serves the checked flow config to the app: `GET /app-config.json` (app.yaml,
 * messages and every step) and `GET /schemas/<path>` (form schemas and
 * question banks, fetched when a step needs one) and `GET /schemas/<path>.js`
 * (a form's pre-compiled validator, see validators.ts), always of the config
 * version LiveConfig serves now (config-live.ts: an edit of the files goes live
 * without a restart once it checks clean), and `x-config-version` on every answer.
 * An open app asks for that header with a HEAD of /app-config.json on each step
 * change (app/config-version.ts): headers only, never the config itself.
 */
import type { FastifyInstance } from 'fastify';
import type { LoadedConfig } from '../../engine/config/assemble';
import { createValidators } from './validators';
import type { ConfigState, LiveConfig } from '../config-live';
import { compressText, sendCompressed, type CompressedText } from './compressed';

const JSON_TYPE = 'application/json; charset=utf-8';
/** The config's key among the compressed texts (the others are schema paths). */
const APP_CONFIG = '/app-config.json';

export const CONFIG_VERSION_HEADER = 'x-config-version';

export interface ServedConfig {
  app: LoadedConfig['app'];
  messages: LoadedConfig['messages'];
  steps: LoadedConfig['steps'];
  /**
   * The version this body belongs to (also its `x-config-version`). In the body, so the body (and its ETag)
   * changes with every version: a 304 always means "the version you hold", whatever a cache does with headers.
   */
  version?: string;
}

export function servedConfig(config: LoadedConfig, version?: string): ServedConfig {
  return { app: config.app, messages: config.messages, steps: config.steps, ...(version ? { version } : {}) };
}

interface Served {
  version: string;
  body: string;
  schemas: Map<string, string>;
  validators: ReturnType<typeof createValidators>;
  compressed: Map<string, Promise<CompressedText>>;
}

export function appConfigPlugin(app: FastifyInstance, live: LiveConfig): void {
  // Serialised per config version; each text is compressed on its first request and kept (brotli at
  // its best quality is ≈ 60 ms for the config: not paid by the server's start for all 55).
  const serve = ({ config, version }: ConfigState, prev?: Served): Served => {
    const schemas = new Map(Object.entries(config.schemas).map(([path, s]) => [path, JSON.stringify(s)]));
    // An edit that leaves every schema as it was (a message, a step, a `server:` text) keeps the validators
    // and the compressed schemas: ~55 esbuild bundles are seconds of CPU on a small box that is serving.
    if (prev && prev.schemas.size === schemas.size && [...schemas].every(([path, text]) => prev.schemas.get(path) === text)) {
      const compressed = new Map([...prev.compressed].filter(([key]) => key !== APP_CONFIG));
      return { version, body: JSON.stringify(servedConfig(config, version)), schemas: prev.schemas, validators: prev.validators, compressed };
    }
    // Built in the background from now on; a request for one still building waits for it.
    const validators = createValidators(config.schemas);
    void validators.ready.then((r) => {
      app.log.info({ validators: r.count, ms: r.ms, bytes: r.bytes }, 'form validators pre-compiled');
      for (const [path, error] of Object.entries(r.failed)) app.log.error({ path, error }, 'form validator failed to build');
    });
    return { version, body: JSON.stringify(servedConfig(config, version)), schemas, validators, compressed: new Map() };
  };
  // One object per version, swapped whole: a request reads one version throughout.
  let served = serve(live.current);
  live.onSwap((s) => {
    served = serve(s, served);
  });
  const compressedOnce = (cur: Served, key: string, text: () => string | Promise<string>): Promise<CompressedText> => {
    let c = cur.compressed.get(key);
    if (!c) cur.compressed.set(key, (c = Promise.resolve().then(text).then((t) => compressText(t))));
    return c;
  };

  // Every answer says which config version the server serves: an open app reloads on its next step when it changed.
  // The config and schema routes set the version of what they send (read at the start: a swap meanwhile must
  // not pair the old body with the new version); every other answer names the version served now.
  app.addHook('onSend', async (_req, reply) => {
    if (!reply.hasHeader(CONFIG_VERSION_HEADER)) reply.header(CONFIG_VERSION_HEADER, live.current.version);
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
    reply.header(CONFIG_VERSION_HEADER, cur.version);
    return sendCompressed(req, reply, await compressedOnce(cur, APP_CONFIG, () => cur.body), JSON_TYPE);
  });

  // Only paths the loader read are served: no file-system access, no traversal.
  app.get('/schemas/*', async (req, reply) => {
    const cur = served;
    reply.header(CONFIG_VERSION_HEADER, cur.version);
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
