/**
 * A scored questionnaire (flows/app.yaml `questionnaires.<id>.scoring`) keeps its
 * total and band label with the answer, as computed when it was saved.
 */
import type { Queryable } from '../db/types';

export async function up(db: Queryable): Promise<void> {
  await db.run('ALTER TABLE questionnaire_answers ADD COLUMN score INTEGER');
  await db.run('ALTER TABLE questionnaire_answers ADD COLUMN score_label TEXT');
}
