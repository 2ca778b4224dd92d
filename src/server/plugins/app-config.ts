/**
 * Serves the checked flow config to the app: `GET /app-config.json` (app.yaml,
 * messages and every step) and `GET /schemas/<path>` (form schemas and
 * question banks, fetched when a step needs one). The config is read once,
 * at start (main.ts checks it first and refuses to start on errors), so a
 * centre's edit takes effect on restart, with no rebuild of the app.
 */
import type { FastifyInstance } from 'fastify';
import type { LoadedConfig } from '../../engine/config/assemble';

export interface ServedConfig {
  app: LoadedConfig['app'];
  messages: LoadedConfig['messages'];
  steps: LoadedConfig['steps'];
}

export function servedConfig(config: LoadedConfig): ServedConfig {
  return { app: config.app, messages: config.messages, steps: config.steps };
}

export function appConfigPlugin(app: FastifyInstance, config: LoadedConfig): void {
  // Serialised once: every page load asks for it.
  const body = JSON.stringify(servedConfig(config));
  const schemas = new Map(Object.entries(config.schemas).map(([path, s]) => [path, JSON.stringify(s)]));

  app.get('/app-config.json', async (_req, reply) => {
    reply.header('cache-control', 'no-cache').type('application/json; charset=utf-8');
    return body;
  });

  // Only paths the loader read are served: no file-system access, no traversal.
  app.get('/schemas/*', async (req, reply) => {
    const path = (req.params as { '*': string })['*'];
    const text = schemas.get(path);
    if (text === undefined) {
      reply.code(404);
      return { success: false, returnMsg: '配置不存在', returnData: null };
    }
    reply.header('cache-control', 'no-cache').type('application/json; charset=utf-8');
    return text;
  });
}
