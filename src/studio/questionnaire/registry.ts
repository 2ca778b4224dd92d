/**
 * The builder's registry entry: flows/app.yaml `questionnaires.<id>` (title,
 * owner, listed, scoring bands) read and written with the rest of the file
 * and its comments kept; and the score range a questionnaire can reach.
 */
import { parseDocument } from 'yaml';
import { allQuestions, type Questionnaire, type RegistryEntry } from './model';

type Json = Record<string, unknown>;
const isObj = (v: unknown): v is Json => !!v && typeof v === 'object' && !Array.isArray(v);


export function readRegistry(appYaml: string): RegistryEntry[] {
  let v: unknown;
  try {
    v = parseDocument(appYaml).toJS();
  } catch {
    return [];
  }
  const qs = isObj(v) && isObj(v.questionnaires) ? v.questionnaires : {};
  return Object.entries(qs).map(([id, d]) => {
    const e = isObj(d) ? d : {};
    const bands = isObj(e.scoring) && Array.isArray(e.scoring.bands) ? (e.scoring.bands as unknown[]).filter(isObj).map((b) => ({ max: Number(b.max), label: String(b.label ?? '') })) : [];
    return { id, title: String(e.title ?? ''), schema: String(e.schema ?? ''), owner: e.owner === 'regno' ? 'regno' : 'openid', listed: e.listed === true, bands };
  });
}

/** flows/app.yaml with `questionnaires.<id>` set (comments and the rest of the file kept). */
export function writeRegistry(appYaml: string, entry: RegistryEntry): string {
  const doc = parseDocument(appYaml);
  const value: Json = { title: entry.title, schema: entry.schema, owner: entry.owner };
  if (entry.listed) value.listed = true;
  if (entry.bands.length) value.scoring = { bands: entry.bands.map((b) => ({ max: b.max, label: b.label })) };
  const existing = doc.getIn(['questionnaires', entry.id], true) as { toJSON?: () => unknown } | undefined;
  const old = existing?.toJSON?.();
  if (isObj(old)) {
    // keep keys the builder does not manage
    for (const [k, v] of Object.entries(old)) if (!['title', 'schema', 'owner', 'listed', 'scoring'].includes(k)) value[k] = v;
    for (const k of ['title', 'schema', 'owner', 'listed', 'scoring']) {
      if (k in value) doc.setIn(['questionnaires', entry.id, k], doc.createNode(value[k]));
      else doc.deleteIn(['questionnaires', entry.id, k]);
    }
  } else {
    if (!doc.has('questionnaires')) doc.set('questionnaires', doc.createNode({}));
    doc.setIn(['questionnaires', entry.id], doc.createNode(value));
  }
  // band lists read best on one line each: { max: 4, label: 良好 }
  const bands = doc.getIn(['questionnaires', entry.id, 'scoring', 'bands'], true) as { items?: Array<{ flow?: boolean }> } | undefined;
  for (const b of bands?.items ?? []) b.flow = true;
  // lineWidth 0: long lines stay as the admin wrote them (no folding)
  return doc.toString({ lineWidth: 0 });
}

/** The score range a questionnaire can reach (for the bands' hint). */
export function scoreRange(qn: Questionnaire): { min: number; max: number } {
  let min = 0;
  let max = 0;
  for (const { section, question: q } of allQuestions(qn)) {
    if (section.repeat) continue; // the score does not count list entries (engine/form/score.ts)
    const pts = q.options.map((o) => o.score ?? 0);
    if (!pts.length) continue;
    if (q.type === 'single') {
      min += Math.min(...pts);
      max += Math.max(...pts);
    } else if (q.type === 'multiple') {
      min += pts.filter((p) => p < 0).reduce((a, b) => a + b, 0);
      max += pts.filter((p) => p > 0).reduce((a, b) => a + b, 0);
    }
  }
  return { min, max };
}
