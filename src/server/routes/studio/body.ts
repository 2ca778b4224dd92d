/**
 * A studio request body checked against its schemas/api file (the same files
 * the spec calls use; tests/unit/contract-bodies.test.ts keeps them equal to
 * src/contract/api/studio.ts). A refusal is a 400 with the schema's own words.
 */
import fs from 'node:fs';
import path from 'node:path';
import { compileSchema, firstMessageZh, type ValidateFunction } from '../../../engine/schema/ajv';
import { PACKAGE_SCHEMAS } from '../../paths';
import { StudioFailure } from '../../services/studio/live-sync';

export type StudioBodyName = 'StudioLogin' | 'StudioCheck' | 'StudioPublish' | 'StudioAdminCreate' | 'StudioAdminRoles' | 'StudioPassword';

const compiled = new Map<StudioBodyName, ValidateFunction>();

export function studioBody<T>(name: StudioBodyName, body: unknown): T {
  let validate = compiled.get(name);
  if (!validate) {
    validate = compileSchema(JSON.parse(fs.readFileSync(path.join(PACKAGE_SCHEMAS, 'api', `${name}.json`), 'utf8')) as object);
    compiled.set(name, validate);
  }
  const data = body ?? {};
  if (!validate(data)) throw new StudioFailure(400, firstMessageZh(validate.errors, '请求格式错误'));
  return data as T;
}
