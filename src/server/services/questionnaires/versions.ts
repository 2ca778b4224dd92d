/** Questionnaire schema versions: each saved answer is tagged with its schema's id and content hash, and every version is archived so an old answer opens with the schema it was given in. */
import type { Db, Queryable } from '../../db/types';
import { CurrentSchema, DEFAULT_QUESTIONNAIRES, FormSchemaValidator, archivedSchemaPath, schemaIdOf, type QuestionnaireId } from './validation';

/**
 * The tag an answer is saved with: the server's current schema (id + content
 * hash), archived in the same transaction; the client's schemaId/schemaVersion
 * only when the server has no schema for the kind (structural checks only).
 */
export async function tagAndArchive(
  tx: Queryable,
  kind: QuestionnaireId,
  given: { schemaId?: string; schemaVersion?: string },
  schemas: FormSchemaValidator,
  now: number,
): Promise<{ schemaId: string; schemaVersion: string | null }> {
  const cur = schemas.current?.(kind) ?? null;
  if (cur) {
    await archiveSchema(tx, cur, now);
    return { schemaId: cur.schemaId, schemaVersion: cur.hash };
  }
  const d = schemas.describe(kind);
  return {
    schemaId: d?.schemaId ?? given.schemaId ?? schemaIdOf(schemas.registry ?? DEFAULT_QUESTIONNAIRES, kind),
    schemaVersion: d?.schemaVersion ?? given.schemaVersion ?? null,
  };
}

export async function archiveSchema(tx: Queryable, cur: CurrentSchema, now: number): Promise<void> {
  await tx.run(
    `INSERT INTO questionnaire_schema_versions (schema_id, hash, body, created_at) VALUES ($1, $2, $3, $4) ON CONFLICT (schema_id, hash) DO NOTHING`,
    [cur.schemaId, cur.hash, cur.text, now],
  );
}

/** Archives the current schemas (at start), so the current version is servable before any save. */
export async function archiveCurrentSchemas(db: Db, schemas: FormSchemaValidator, now: number): Promise<void> {
  for (const kind of Object.keys(schemas.registry ?? DEFAULT_QUESTIONNAIRES)) {
    const cur = schemas.current?.(kind);
    if (cur) await archiveSchema(db, cur, now);
  }
}

/** The archived schema text for `versions/<id>@<hash>.json`, or null. */
export async function archivedSchemaText(db: Db, schemaId: string, hash: string): Promise<string | null> {
  const r = await db.one<{ body: string }>(`SELECT body FROM questionnaire_schema_versions WHERE schema_id = $1 AND hash = $2`, [schemaId, hash]);
  return r?.body ?? null;
}

export function schemaPathOf(schemaId: string | null, version: string | null): string | null {
  return schemaId && version && /^[0-9a-f]{16}$/.test(version) && /^[A-Za-z0-9_.-]{1,100}$/.test(schemaId) ? archivedSchemaPath(schemaId, version) : null;
}
