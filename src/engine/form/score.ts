/**
 * A questionnaire's score: the total of the chosen options' points (`x-score`
 * on a field: option value → points; a multiple choice adds each chosen
 * option's), and the label of the first band whose `max` holds the total.
 * Pure: the server stores it with the answer; a screen may show it.
 */
export interface ScoreBand {
  max: number;
  label: string;
}

export interface Score {
  total: number;
  label: string;
}

type Json = Record<string, unknown>;
const isObj = (v: unknown): v is Json => !!v && typeof v === 'object' && !Array.isArray(v);

/** Every field with `x-score`, by its path of property names (`multiple`: a multiple choice, each tick adds). */
export function scoredFields(schema: unknown, base: string[] = []): Array<{ path: string[]; points: Record<string, number>; multiple: boolean }> {
  if (!isObj(schema)) return [];
  const out: Array<{ path: string[]; points: Record<string, number>; multiple: boolean }> = [];
  if (isObj(schema['x-score'])) out.push({ path: base, points: schema['x-score'] as Record<string, number>, multiple: schema.type === 'array' });
  if (isObj(schema.properties)) for (const [k, s] of Object.entries(schema.properties)) out.push(...scoredFields(s, [...base, k]));
  return out;
}

export function scoreAnswers(schema: unknown, answers: unknown, bands: ScoreBand[]): Score {
  let total = 0;
  for (const f of scoredFields(schema)) {
    let v: unknown = answers;
    for (const k of f.path) v = isObj(v) ? v[k] : undefined;
    for (const chosen of Array.isArray(v) ? v : [v]) {
      const p = f.points[String(chosen)];
      if (typeof p === 'number') total += p;
    }
  }
  const band = bands.find((b) => total <= b.max) ?? bands[bands.length - 1];
  return { total, label: band?.label ?? '' };
}
