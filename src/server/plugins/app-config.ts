/**
 * Serves the checked flow config to the app: `GET /app-config.json` (app.yaml,
 * messages and every step) and `GET /schemas/<path>` (form schemas and
 * question banks, fetched when a step needs one) and `GET /schemas/<path>.js`
 * (a form's pre-compiled validator, see validators.ts). The config is read once,
 * at start (main.ts checks it first and refuses to start on errors), so a
 * centre's edit takes effect on restart, with no rebuild of the app.
 */
import type { FastifyInstance } from 'fastify';
import type { LoadedConfig } from '../../engine/config/assemble';
import { createValidators } from './validators';
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

export function appConfigPlugin(app: FastifyInstance, config: LoadedConfig): void {
  // Serialised at start; each text is compressed on its first request and kept (brotli at
  // its best quality is ≈ 60 ms for the config: not paid by the server's start for all 55).
  const body = JSON.stringify(servedConfig(config));
  const schemas = new Map(Object.entries(config.schemas).map(([path, s]) => [path, JSON.stringify(s)]));
  const compressed = new Map<string, Promise<CompressedText>>();
  const compressedOnce = (key: string, text: () => string | Promise<string>): Promise<CompressedText> => {
    let c = compressed.get(key);
    if (!c) compressed.set(key, (c = Promise.resolve().then(text).then(compressText)));
    return c;
  };
  // Built in the background from now on; a request for one still building waits for it.
  const validators = createValidators(config.schemas);
  void validators.ready.then((r) => {
    app.log.info({ validators: r.count, ms: r.ms, bytes: r.bytes }, 'form validators pre-compiled');
    for (const [path, error] of Object.entries(r.failed)) app.log.error({ path, error }, 'form validator failed to build');
  });

  app.get('/app-config.json', async (req, reply) => sendCompressed(req, reply, await compressedOnce('/app-config.json', () => body), JSON_TYPE));

  // Only paths the loader read are served: no file-system access, no traversal.
  app.get('/schemas/*', async (req, reply) => {
    const path = (req.params as { '*': string })['*'];
    const module = path.endsWith('.js') ? validators.get(path.slice(0, -3)) : undefined;
    if (module) {
      let code: CompressedText;
      try {
        code = await compressedOnce(path, () => module);
      } catch (e) {
        req.log.error({ err: e, path }, 'form validator failed to build');
        reply.code(500);
        return { success: false, returnMsg: '系统异常！', returnData: null };
      }
      return sendCompressed(req, reply, code, 'text/javascript; charset=utf-8');
    }
    const text = schemas.get(path);
    if (text === undefined) {
      reply.code(404);
      return { success: false, returnMsg: '配置不存在', returnData: null };
    }
    return sendCompressed(req, reply, await compressedOnce(path, () => text), JSON_TYPE);
  });
}
