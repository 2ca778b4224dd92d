/**
 * Where the server finds the files it ships with: under the package root (the
 * folder holding package.json), found from the code's location — never the
 * working directory — so `tsx src/…` and the compiled `build/server/` agree.
 */
import path from 'node:path';
import { REPO_ROOT } from '../engine/config/repo-root';

export const PACKAGE_ROOT = REPO_ROOT;
/** The repository's schemas/: request schemas (api/), forms, the flow format (meta/). */
export const PACKAGE_SCHEMAS = path.join(PACKAGE_ROOT, 'schemas');
