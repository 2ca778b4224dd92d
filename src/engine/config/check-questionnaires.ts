/**
 * The questionnaire registry (flows/app.yaml `questionnaires`): each names an
 * existing form schema; a scored one has bands in rising order and a schema
 * with `x-score` points on at least one field, each naming options the field
 * has; no band starts above the highest score the questionnaire can give.
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
    if (!fields.length) {
      ctx.error(APP_FILE, [...path, 'scoring'], `${here}：设置了计分，但 schemas/${q.schema} 里没有哪个字段给分（"x-score"）`);
      continue;
    }
    // A band starts just above the one before it: past the highest possible total, nobody is ever in it.
    const top = highestScore(fields);
    bands.forEach((b, i) => {
      if (i > 0 && bands[i - 1].max >= top && bands[i - 1].max < b.max) {
        ctx.error(APP_FILE, [...path, 'scoring', 'bands', i], `${here}：分数段 "${b.label}" 永远不会出现：这份问卷最高只能得 ${top} 分，前一段 "${bands[i - 1].label}" 已经到 ${bands[i - 1].max} 分（请删掉这一段，或调低前一段的最高分）`);
      }
    });
  }
}

/** The most points the answers can add up to: each single choice's best option, every positive tick of a multiple choice. */
function highestScore(fields: ReturnType<typeof scoredFields>): number {
  let top = 0;
  for (const f of fields) {
    const pts = Object.values(f.points).filter((p): p is number => typeof p === 'number');
    top += f.multiple ? pts.filter((p) => p > 0).reduce((a, b) => a + b, 0) : Math.max(0, ...pts);
  }
  return top;
}
