/**
 * Pre-compiled form validators for the app: `GET /schemas/<path>.js` (e.g.
 * /schemas/forms/person-order.json.js) is a self-contained ES module whose
 * default export is the Ajv validate function of `schemas/<path>`.
 *
 * Why: index.html's CSP (`script-src 'self'`, no 'unsafe-eval') forbids the
 * `new Function` Ajv compiles with, so the browser cannot compile a schema. The
 * server, with the same Ajv set-up (createAjv: formats, ajv-errors, idcardMsg),
 * generates standalone code (ajv/dist/standalone) and bundles it with esbuild
 * (its `require`s of ajv's runtime, the formats and checkIdCard included); the
 * app `import()`s it (same origin: allowed by `script-src 'self'`).
 *
 * The schema JSON stays the one source of truth: it is also served as is
 * (rendering) and used by the server's own body validation.
 */
import { resolve } from 'node:path';
import { PACKAGE_ROOT } from '../paths';
import { build } from 'esbuild';
import standaloneCode from 'ajv/dist/standalone';
import type Ajv from 'ajv';
import { createAjv, STANDALONE_MODULES } from '../../engine/schema/ajv';

const REPO_ROOT = PACKAGE_ROOT;
const ALIAS: Record<string, string> = {
  [STANDALONE_MODULES.formats]: resolve(REPO_ROOT, 'src/engine/schema/formats.ts'),
  [STANDALONE_MODULES.idcard]: resolve(REPO_ROOT, 'src/contract/rules/idcard.ts'),
};

/** The Ajv standalone source of one schema (ES module, still with `require`s). */
export function standaloneSource(schema: object, ajv = createAjv({ standalone: true })): string {
  const validate = ajv.compile(schema);
  try {
    return standaloneCode(ajv, validate);
  } finally {
    // Schemas of different files may share an $id: keep the shared instance empty.
    ajv.removeSchema(schema);
  }
}

/** One minified, self-contained ES module (browser) exporting the validate function as default. */
export async function buildValidatorModule(schema: object, ajv?: Ajv): Promise<string> {
  const source = standaloneSource(schema, ajv);
  const out = await build({
    stdin: { contents: source, resolveDir: REPO_ROOT, sourcefile: 'validator.mjs', loader: 'js' },
    bundle: true,
    write: false,
    format: 'esm',
    platform: 'browser',
    target: 'es2019',
    minify: true,
    legalComments: 'none',
    alias: ALIAS,
    logLevel: 'silent',
  });
  return out.outputFiles[0].text;
}

/** Which served schemas get a validator: forms (question banks are data; api/ is the server's own). */
export function needsValidator(path: string): boolean {
  return path.endsWith('.json') && !path.startsWith('questionnaires/') && !path.startsWith('api/');
}

export interface ValidatorsReport {
  count: number;
  /** Wall time from creation until every module was built. */
  ms: number;
  bytes: number;
  failed: Record<string, string>;
}

export interface Validators {
  /** The module's text, or undefined when `path` has no validator. Rejects when it does not build. */
  get(path: string): Promise<string> | undefined;
  /** Every validator built (or failed): for the start-up log and tests. */
  ready: Promise<ValidatorsReport>;
}

/**
 * Builds a validator for each form schema, one after the other starting on the
 * next tick (so the server's start is not held up; each schema blocks the
 * event loop for a few ms to tens of ms), and keeps the modules for the
 * process's life. A request for one not built yet builds it at once.
 */
export function createValidators(schemas: Record<string, object>): Validators {
  const t0 = performance.now();
  const paths = Object.keys(schemas).filter(needsValidator);
  const built = new Map<string, Promise<string>>();
  let ajv: Ajv | undefined;
  const get = (path: string): Promise<string> | undefined => {
    if (!paths.includes(path)) return undefined;
    let p = built.get(path);
    if (!p) {
      ajv ??= createAjv({ standalone: true });
      p = buildValidatorModule(schemas[path], ajv);
      p.catch(() => undefined); // reported on request and by `ready`
      built.set(path, p);
    }
    return p;
  };
  const ready = (async (): Promise<ValidatorsReport> => {
    await new Promise((r) => setImmediate(r));
    const failed: Record<string, string> = {};
    let bytes = 0;
    for (const path of paths) {
      try {
        bytes += (await get(path)!).length;
      } catch (e) {
        failed[path] = String((e as Error)?.message ?? e);
      }
    }
    return { count: paths.length, ms: Math.round(performance.now() - t0), bytes, failed };
  })();
  return { get, ready };
}
