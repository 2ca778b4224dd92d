/**
 * Which step the live preview shows: the step whose YAML the cursor is in
 * (a flow file's `steps:` entries), else the file's first step; for a form
 * schema, the first step whose form uses it; otherwise none (the panel keeps
 * the step it showed, or the start step).
 */
import type { PreviewConfig } from '../check/run';

export function stepAt(file: string | null, text: string | undefined, line: number | null, cfg: PreviewConfig | undefined): string | null {
  if (!file || text === undefined || !cfg) return null;
  const known = (id: string | null | undefined) => (id && cfg.steps[id] ? id : null);
  if (/^flows\/.+\.ya?ml$/.test(file)) {
    const lines = text.split('\n');
    const stepsAt = lines.findIndex((l) => /^steps:\s*(#.*)?$/.test(l));
    if (stepsAt < 0) return null;
    let indent = -1;
    let first: string | null = null;
    let atCursor: string | null = null;
    for (let i = stepsAt + 1; i < lines.length; i++) {
      const l = lines[i];
      if (/^\S/.test(l) && !l.startsWith('#')) break; // the next top-level key
      const m = /^( +)([A-Za-z_][\w-]*)\s*:\s*(#.*)?$/.exec(l);
      if (!m) continue;
      if (indent < 0) indent = m[1].length;
      if (m[1].length !== indent) continue;
      first ??= m[2];
      if (line !== null && i + 1 <= line) atCursor = m[2];
    }
    return known(atCursor) ?? known(first);
  }
  const schema = /^schemas\/(.+)$/.exec(file)?.[1];
  if (schema) {
    for (const [id, s] of Object.entries(cfg.steps)) {
      const form = (s as { form?: { schema?: string } }).form;
      if (form?.schema && (form.schema === schema || form.schema.includes(`'${schema}'`))) return id;
    }
  }
  return null;
}
