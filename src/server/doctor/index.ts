/**
 * The production preflight: every setting a production start needs, checked offline (files read, keys and
 * certificates parsed, nothing sent). `npm run doctor` prints it; main.ts runs it at a production start and
 * refuses on any missing, demo, malformed or mismatched setting (ALLOW_DEMO=1 skips it, for demos).
 * It reads the env itself rather than ServerConfig: loadConfig turns a typo into a default, the preflight
 * must see the typo.
 */
import { coreFindings } from './core';
import { databaseFindings } from './database';
import { smsFindings } from './sms';
import { studioFindings } from './studio';
import { wechatMpFindings } from './wechat-mp';
import { wechatPayFindings } from './wechat-pay';
import { refuses, type Env, type Finding, type PreflightOptions } from './types';

export { refuses, type Finding, type Env } from './types';
export { formatReport, formatRefusal } from './report';

export function preflight(env: Env, opts: PreflightOptions = {}): Finding[] {
  const now = opts.now ?? Date.now();
  return [...coreFindings(env), ...wechatMpFindings(env), ...wechatPayFindings(env, now), ...smsFindings(env), ...studioFindings(env), ...databaseFindings(env)];
}

/** The findings that refuse a production start. */
export const refusals = (findings: Finding[]): Finding[] => findings.filter(refuses);

/** What a start does: outside production, or with ALLOW_DEMO=1, no preflight (the demo runs as before). */
export function preflightApplies(env: Env): boolean {
  return env.NODE_ENV === 'production' && !/^(1|true|yes|on)$/i.test((env.ALLOW_DEMO ?? '').trim());
}
