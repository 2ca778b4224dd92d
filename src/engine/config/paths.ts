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
    return `"${path}" 不能用作文件路径（要用相对路径和 /，不能有 "." 或 ".." 这样的部分，不能有 \\ : * ? " < > |）`;
  }
  if (segs[0] === 'flows') {
    if (segs.length === 2 && segs[1].endsWith('.yaml')) return null;
    return `"${path}" 不会被读取：流程文件要直接放在 flows/ 下，写成 flows/<名称>.yaml`;
  }
  if (segs[0] === 'schemas') {
    if ((NOT_CONFIG_SCHEMA_DIRS as readonly string[]).includes(segs[1]) && segs.length > 2) {
      return `"${path}" 不是配置文件：schemas/${segs[1]}/ 属于${segs[1] === 'meta' ? '程序（流程格式）' : '服务器（它的请求格式）'}`;
    }
    if (segs.length >= 2 && path.endsWith('.json')) return null;
    return `"${path}" 不会被读取：表单文件要写成 schemas/<文件夹>/<名称>.json`;
  }
  return `"${path}" 不会被读取：配置文件只放在 flows/（.yaml）和 schemas/（.json）里`;
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

