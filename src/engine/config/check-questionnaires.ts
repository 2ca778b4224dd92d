/**
 * The questionnaire registry (flows/app.yaml `questionnaires`): each names an
 * existing form schema; a scored one has bands in rising order and a schema
 * with `x-score` points on at least one field, each naming options the field has.
 */
import { APP_FILE } from './assemble';
import { checkSchemaRef } from './check-actions';
import type { CheckContext } from './context';
import { scoredFields } from '../form/score';

export function checkQuestionnaires(ctx: CheckContext): void {
  const reg = ctx.config.app.questionnaires ?? {};
  for (const [id, q] of Object.entries(reg)) {
    const here = `questionnaire "${id}"`;
    const path = ['questionnaires', id];
    if (!q || typeof q !== 'object') continue; // the format check reports it
    checkSchemaRef(ctx, APP_FILE, [...path, 'schema'], q.schema, here, 'schema');
    const schema = ctx.config.schemas[q.schema];
    if (!q.scoring || !schema) continue;
    const bands = Array.isArray(q.scoring.bands) ? q.scoring.bands : [];
    bands.forEach((b, i) => {
      if (i > 0 && !(b.max > bands[i - 1].max)) {
        ctx.error(APP_FILE, [...path, 'scoring', 'bands', i, 'max'], `${here}: band "${b.label}" must end above the band before it (${bands[i - 1].max}); bands go from low to high`);
      }
    });
    const fields = scoredFields(schema);
    if (!fields.length) ctx.error(APP_FILE, [...path, 'scoring'], `${here}: scored, but no field of schemas/${q.schema} gives points ("x-score")`);
  }
}
