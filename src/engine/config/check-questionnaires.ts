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
    const here = `问卷 "${id}"`;
    const path = ['questionnaires', id];
    if (!q || typeof q !== 'object') continue; // the format check reports it
    checkSchemaRef(ctx, APP_FILE, [...path, 'schema'], q.schema, here, 'schema');
    const schema = ctx.config.schemas[q.schema];
    if (!q.scoring || !schema) continue;
    const bands = Array.isArray(q.scoring.bands) ? q.scoring.bands : [];
    bands.forEach((b, i) => {
      if (i > 0 && !(b.max > bands[i - 1].max)) {
        ctx.error(APP_FILE, [...path, 'scoring', 'bands', i, 'max'], `${here}：分数段 "${b.label}" 的最高分要大于前一段的（${bands[i - 1].max}），分数段要从低到高排列`);
      }
    });
    const fields = scoredFields(schema);
    if (!fields.length) ctx.error(APP_FILE, [...path, 'scoring'], `${here}：设置了计分，但 schemas/${q.schema} 里没有哪个字段给分（"x-score"）`);
  }
}
