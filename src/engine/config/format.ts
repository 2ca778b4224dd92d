import type { ConfigError } from '../types';

/** Sorted by file, then line, then column. */
export function sortErrors(errors: ConfigError[]): ConfigError[] {
  return [...errors].sort((a, b) => a.file.localeCompare(b.file) || a.line - b.line || a.column - b.column || a.message.localeCompare(b.message));
}

/**
 * One line per error: `file:line:column  message  [raw]`. The CLI and the
 * server's log have no hover, and whoever reads them (IT) knows the paths:
 * the place as written follows the words, in brackets that no message uses.
 */
export function formatErrors(errors: ConfigError[]): string {
  return sortErrors(errors).map((e) => `${e.file}:${e.line}:${e.column}  ${e.message}${e.raw ? `  [${e.raw}]` : ''}`).join('\n');
}
