/** The origins this server answers for, besides the request's own host. */

/** PUBLIC_URL's origin (this server, as the browser sees it) and OAUTH_ALLOWED_ORIGINS. */
export function ownOrigins(publicUrl: string, allowed: string[]): string[] {
  let pub: string[] = [];
  try {
    pub = publicUrl ? [new URL(publicUrl).origin] : [];
  } catch {
    /* a malformed PUBLIC_URL is the preflight's to report */
  }
  return [...pub, ...allowed];
}
