/**
 * One source of truth for a form's rules: the server checks a request's form
 * fields with the same JSON Schema file the app renders and validates
 * (schemas/forms/…), and answers the same first message in the same order
 * (required fields first, then `x-checkOrder`) — the client's check is a
 * convenience, this one decides.
 */
import fs from 'node:fs';
import path from 'node:path';
import { PACKAGE_SCHEMAS } from '../../paths';
import { compileSchema } from '../../../engine/schema/ajv';
import { buildFormModel, type FieldNode } from '../../../engine/form/schema-model';
import type { Values } from '../../../engine/form/values';
import { checkSubmission } from '../../../engine/form/check-submission';

const REPO_SCHEMAS = PACKAGE_SCHEMAS;

export type FormSchemas = Record<string, object>;

const models = new WeakMap<object, FieldNode>();
const fileCache = new Map<string, object>();

/** The schema at `schemas/<rel>`: from the served config when given, else the repository's file. */
function schemaOf(rel: string, schemas?: FormSchemas): object {
  const served = schemas?.[rel];
  if (served) return served;
  let s = fileCache.get(rel);
  if (!s) {
    s = JSON.parse(fs.readFileSync(path.join(REPO_SCHEMAS, rel), 'utf8')) as object;
    fileCache.set(rel, s);
  }
  return s;
}

/** The first message for `values` under the form schema `rel` (e.g. forms/person-order.json), or null. */
export function formMessage(rel: string, values: Values, schemas?: FormSchemas): string | null {
  const schema = schemaOf(rel, schemas);
  let root = models.get(schema);
  if (!root) models.set(schema, (root = buildFormModel(schema)));
  return checkSubmission(root, values, compileSchema(schema)).first;
}
