/**
 * Studio admin accounts: the one password rule (the env's first admin, an admin
 * added in the studio, a changed password) and the rule for a name given in the
 * studio. The server enforces them; the page runs the same functions to say what
 * is wrong next to the field before anything is sent. Counted in characters
 * (code points), so a Chinese pass phrase counts as it reads.
 */

export const STUDIO_PASSWORD_MIN = 12;
/** The sign-in body's limit (schemas/api/StudioLogin.json): a longer password could never sign in. */
export const STUDIO_PASSWORD_MAX = 256;
export const STUDIO_NAME_MIN = 2;
export const STUDIO_NAME_MAX = 32;
/** Letters, digits, _ - . and Chinese characters (Han script). */
const NAME_CHARS = /^[\p{Script=Han}A-Za-z0-9_.-]+$/u;

/** null when the password may be used, else what to tell the admin. */
export function studioPasswordProblem(password: string): string | null {
  const n = [...password].length;
  if (n < STUDIO_PASSWORD_MIN) return `密码至少 ${STUDIO_PASSWORD_MIN} 个字符`;
  if (n > STUDIO_PASSWORD_MAX) return `密码最多 ${STUDIO_PASSWORD_MAX} 个字符`;
  return null;
}

/** null when a new admin may have this name, else what to tell the admin. */
export function studioNameProblem(name: string): string | null {
  const n = [...name].length;
  if (n < STUDIO_NAME_MIN || n > STUDIO_NAME_MAX) return `用户名为 ${STUDIO_NAME_MIN}–${STUDIO_NAME_MAX} 个字符`;
  if (!NAME_CHARS.test(name)) return '用户名只能包含字母、数字、汉字和 _ - .';
  return null;
}
