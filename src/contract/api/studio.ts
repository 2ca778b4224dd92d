/**
 * The admin studio's HTTP contract (issue 13): plain JSON under /api/studio/,
 * not the examinee calls' envelope (these are not spec calls). A session is the
 * HttpOnly cookie STUDIO_SESSION_COOKIE (SameSite=Strict, Secure in production)
 * set by sign-in; every call but sign-in answers 401 { error } without a valid
 * one, and every call that changes something also needs the header
 * STUDIO_CSRF_HEADER equal to the `csrf` the session was given.
 *
 * Failures: 4xx with StudioError. Config problems are ConfigError lists
 * (file relative to CONFIG_DIR, 1-based line and column, a reason an admin reads).
 *
 * Files are the centre's config as text, keyed by their path relative to
 * CONFIG_DIR with forward slashes: 'flows/home.yaml', 'flows/messages.yaml',
 * 'schemas/forms/occupational-questionnaire.json', 'schemas/banks/….json'.
 * The engine's own meta schemas (schemas/meta/) are not config: never listed.
 */

import type { StudioRole } from '../rules/studio-roles';

export const STUDIO_API_PREFIX = '/api/studio';
export const STUDIO_SESSION_COOKIE = 'studio_session';
export const STUDIO_CSRF_HEADER = 'x-studio-csrf';

export interface StudioError {
  error: string;
  /** Seconds until a locked sign-in may be tried again (429). */
  retryAfterSec?: number;
}

export interface StudioConfigError {
  file: string;
  line: number;
  column: number;
  message: string;
  /** The place as written (`on.notice[0].go`): the list's hover (engine/types.ts ConfigError). */
  raw?: string;
}

/** Path (relative to CONFIG_DIR, forward slashes) → file text. */
export type StudioFiles = Record<string, string>;

export interface StudioVersionInfo {
  id: number;
  /** The served config's version hash (what phones see as x-config-version). */
  hash: string;
  /** Admin who published it; 'files' for a version taken from CONFIG_DIR. */
  author: string;
  note: string;
  /** ISO 8601. */
  createdAt: string;
  source: 'files' | 'publish' | 'restore';
  /** For a restore: the version it brought back. */
  restoredFrom?: number | null;
}

// POST /api/studio/login
export interface StudioLoginReq { username: string; password: string }
export interface StudioLoginRes {
  username: string;
  csrf: string;
  /** contract/rules/studio-roles.ts: what this admin may change (the server checks every call). */
  roles: StudioRole[];
}
// → 401 { error: '用户名或密码错误' } | 429 { error, retryAfterSec } (lock-out)

// POST /api/studio/logout → 204

// GET /api/studio/me → StudioLoginRes | 401

// GET /api/studio/config → what is live now
export interface StudioConfigRes {
  live: StudioVersionInfo;
  files: StudioFiles;
}

// POST /api/studio/check { files } → the server's own check of a whole draft (authoritative)
export interface StudioCheckReq { files: StudioFiles }
export interface StudioCheckRes { errors: StudioConfigError[] }

// POST /api/studio/publish → 200 StudioPublishRes | 422 { error, errors } (draft has errors)
//                          | 409 { error } (baseVersion is no longer live: someone published meanwhile)
export interface StudioPublishReq {
  files: StudioFiles;
  note: string;
  /** The live version id the draft started from. */
  baseVersion: number;
}
export interface StudioPublishRes { version: StudioVersionInfo }

// GET /api/studio/versions → newest first
export interface StudioVersionsRes { live: number; versions: StudioVersionInfo[] }

// GET /api/studio/versions/:id → StudioVersionRes
export interface StudioVersionRes { version: StudioVersionInfo; files: StudioFiles }

// POST /api/studio/versions/:id/restore { note? } → StudioPublishRes (a new version, source 'restore')

// GET /api/studio/export → the live version's files as a .tar.gz download
// POST /api/studio/export { } → writes the live version's files into CONFIG_DIR
// (of the instance that answers) and removes the config files it no longer has
export interface StudioExportRes {
  /** Files written because they were new or different on disk (the others already matched). */
  written: string[];
  /** Config files on disk the version does not have, removed (never schemas/meta/ or schemas/api/). */
  removed: string[];
}

// GET /api/studio/check-context → what the browser needs to run the engine's
// React-free checker on a draft as the admin types (the same check the server
// makes on publish): the registries (calls, screen kinds' props schemas,
// widgets, effects, functions, the app's and the server's message keys), the
// engine's flow meta schema, and the editor schemas (schemas/meta/editor/*)
// that drive completion and hover.
export interface StudioCheckContextRes {
  /** The engine's Registries (src/engine/types.ts), plain JSON. */
  registries: {
    calls: string[];
    screens: Record<string, object>;
    widgets: string[];
    effects: Record<string, { outcomes: string[] }>;
    functions: string[];
    messages?: string[];
    serverMessages?: string[];
  };
  /** schemas/meta/flow.schema.json */
  meta: object;
  /** schemas/meta/editor/<name>.schema.json by name: flow, form, question-bank. */
  editor: Record<string, object>;
}

// ——— Admin accounts (managed in the studio; names and passwords follow
// src/contract/rules/studio-admin.ts, the same rule as STUDIO_ADMIN_PASSWORD) ———

export interface StudioAdminInfo {
  username: string;
  /** ISO 8601. */
  createdAt: string;
  /** The admin who added it in the studio; null for the first admin (STUDIO_ADMIN_USER) or the demo seed. */
  createdBy: string | null;
  /** ISO 8601 of the last sign-in; null: not signed in since this was recorded. */
  lastLoginAt: string | null;
  roles: StudioRole[];
}

// GET /api/studio/admins → every admin, oldest first (never a password hash)
export interface StudioAdminsRes { admins: StudioAdminInfo[] }

// POST /api/studio/admins { username, password, roles } → 201 { admin: StudioAdminInfo }
//   | 400 { error } (a name or password the rule refuses, or roles studioRolesProblem refuses:
//     none, unknown, 只读 with another) | 409 { error: '用户名已存在' }
export interface StudioAdminCreateReq { username: string; password: string; roles: StudioRole[] }
export interface StudioAdminCreateRes { admin: StudioAdminInfo }

// POST /api/studio/admins/:name/roles { roles } → another admin's (or your own) roles → StudioAdminRolesRes;
// they apply at that admin's next call (roles are read with the session on every request)
//   | 400 { error } (studioRolesProblem) | 404 { error } (no such admin)
//   | 409 { error: STUDIO_LAST_CONFIG } (it would leave no 配置 admin: nobody could manage admins or config)
export interface StudioAdminRolesReq { roles: StudioRole[] }
export interface StudioAdminRolesRes { admin: StudioAdminInfo }
/** The refusal of a change that would leave no admin with 配置 (a role change, a removal). */
export const STUDIO_LAST_CONFIG = '至少要保留一个「配置」管理员';

// POST /api/studio/password { current, next } → the signed-in admin's own password;
// every other session of that admin ends, this one stays → StudioPasswordRes
//   | 401 { error: STUDIO_WRONG_CURRENT } (counted like a failed sign-in) | 429 { error, retryAfterSec } (locked)
//   | 400 { error } (the new password breaks the rule, or equals the current one)
export interface StudioPasswordReq { current: string; next: string }
export interface StudioPasswordRes {
  /** How many other sessions of this admin (other browsers) were signed out. */
  endedSessions: number;
}
/** The 401 of a wrong current password (the page tells it from a lost session's 401 by this text). */
export const STUDIO_WRONG_CURRENT = '当前密码错误';

// POST /api/studio/admins/:name/remove { } → another admin removed, their sessions ended → StudioAdminRemoveRes
//   | 409 { error } (yourself, the last admin, or the last 配置 admin: STUDIO_LAST_CONFIG) | 404 { error } (no such admin)
export interface StudioAdminRemoveRes {
  removed: string;
  /** How many of their sessions were signed out. */
  endedSessions: number;
}
