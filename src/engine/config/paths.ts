/**
 * Which paths are the centre's config, and their order: flows/<name>.yaml
 * (directly in flows/) and schemas/**\/*.json except schemas/meta/ (the
 * engine's own format) and schemas/api/ (the server's request schemas). No
 * imports: the studio page checks a new file's path with it without loading
 * the checker (and Ajv) into its first chunk.
 */

/** Top-level folders of schemas/ that are not the centre's config. */
export const NOT_CONFIG_SCHEMA_DIRS = ['meta', 'api'] as const;

// A segment an admin may name on any disk: no separators, reserved characters, control characters or leading dot.
const SEGMENT = /^[^\\/:*?"<>|\x00-\x1f.][^\\/:*?"<>|\x00-\x1f]*$/;

/** Why `path` is not a config file path (null when it is one). */
export function configPathProblem(path: string): string | null {
  const segs = path.split('/');
  if (path.length > 200 || segs.some((s) => !SEGMENT.test(s) || s.endsWith('.') || s.endsWith(' '))) {
    return `"${path}" is not a usable file path (relative, forward slashes, no "." or ".." parts, no \\ : * ? " < > |)`;
  }
  if (segs[0] === 'flows') {
    if (segs.length === 2 && segs[1].endsWith('.yaml')) return null;
    return `"${path}" is not read: flow files are flows/<name>.yaml, directly in flows/`;
  }
  if (segs[0] === 'schemas') {
    if ((NOT_CONFIG_SCHEMA_DIRS as readonly string[]).includes(segs[1]) && segs.length > 2) {
      return `"${path}" is not config: schemas/${segs[1]}/ belongs to the ${segs[1] === 'meta' ? 'engine (the flow format)' : 'server (its request schemas)'}`;
    }
    if (segs.length >= 2 && path.endsWith('.json')) return null;
    return `"${path}" is not read: schema files are schemas/<folder>/<name>.json`;
  }
  return `"${path}" is not read: config files live in flows/ (.yaml) and schemas/ (.json)`;
}

export function isConfigPath(path: string): boolean {
  return configPathProblem(path) === null;
}

/**
 * Segment by segment, as a recursive sorted directory walk meets them (the
 * order steps and schemas are assembled in, and what the version hash sees).
 */
export function compareConfigPaths(a: string, b: string): number {
  const x = a.split('/');
  const y = b.split('/');
  for (let i = 0; i < Math.min(x.length, y.length); i++) {
    if (x[i] !== y[i]) return x[i] < y[i] ? -1 : 1;
  }
  return x.length - y.length;
}

