/**
 * Parsed sources → LoadedConfig. Pure. A file that does not parse is left out
 * (its syntax errors are in `errors`). Of two steps with the same id the first
 * (by file name) is kept; the checker reports both places.
 */
import type { AppFile, ConfigError, FlowFile, MessagesFile, Step } from '../types';
import type { Source } from './source';

export type LoadedStep = Step & { id: string; flow: string; file: string };

export interface LoadedConfig {
  app: AppFile;
  messages: Record<string, string>;
  /** flows/messages.yaml `server`: the texts the server answers with, by key (its defaults for keys left out). */
  serverMessages: Record<string, Record<string, string>>;
  flows: Record<string, FlowFile & { file: string }>;
  steps: Record<string, LoadedStep>;
  /** Form schemas by path below schemas/ (`forms/person-order.json`). */
  schemas: Record<string, object>;
  /** Every file read, by relative path, for positions. */
  sources: Record<string, Source>;
}

export interface LoadResult {
  config: LoadedConfig;
  errors: ConfigError[];
}

export const APP_FILE = 'flows/app.yaml';
export const MESSAGES_FILE = 'flows/messages.yaml';

const isObj = (v: unknown): v is Record<string, unknown> => !!v && typeof v === 'object' && !Array.isArray(v);

export function assembleConfig(sources: Source[]): LoadResult {
  const errors: ConfigError[] = [];
  const config: LoadedConfig = {
    app: { start: '', login: '', session: {} },
    messages: {},
    serverMessages: {},
    flows: {},
    steps: {},
    schemas: {},
    sources: {},
  };
  const bySource = Object.fromEntries(sources.map((s) => [s.file, s]));
  config.sources = bySource;
  for (const s of sources) errors.push(...s.errors);
  for (const f of [APP_FILE, MESSAGES_FILE]) if (!bySource[f]) errors.push({ file: f, line: 1, column: 1, message: '缺少这个文件' });

  for (const s of sources) {
    if (s.errors.length || s.value === undefined) continue;
    if (s.file === APP_FILE) {
      if (isObj(s.value)) config.app = { ...config.app, ...(s.value as Partial<AppFile>) };
      if (!isObj(config.app.session)) config.app.session = {};
    } else if (s.file === MESSAGES_FILE) {
      const m = (s.value as Partial<MessagesFile> | null)?.messages;
      if (isObj(m)) config.messages = m as Record<string, string>;
      const sm = (s.value as Partial<MessagesFile> | null)?.server;
      if (isObj(sm)) config.serverMessages = sm as Record<string, Record<string, string>>;
    } else if (s.file.startsWith('flows/')) {
      if (!isObj(s.value)) continue;
      const f = s.value as unknown as FlowFile;
      const id = typeof f.flow === 'string' ? f.flow : s.file.replace(/^flows\/|\.yaml$/g, '');
      config.flows[id] = { ...f, file: s.file };
      for (const [stepId, step] of Object.entries(isObj(f.steps) ? f.steps : {})) {
        if (config.steps[stepId] || !isObj(step)) continue;
        config.steps[stepId] = { ...(step as Step), id: stepId, flow: id, file: s.file };
      }
    } else if (s.file.startsWith('schemas/')) {
      if (isObj(s.value)) config.schemas[s.file.slice('schemas/'.length)] = s.value;
    }
  }
  return { config, errors };
}
