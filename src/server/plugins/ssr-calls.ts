/**
 * The server's answers to the public calls a drawn first screen's `load` makes (issue 27: "the data
 * that needs no login inlined"; app/ssr/entry-seed.ts decides which calls and when). Each is the call
 * itself, injected into this server (same route, body validation, handler and envelope as the phone's
 * request gets) with a client service token of its own — so nothing is answered here that anyone
 * could not fetch, and only the contract's catalogue reads (calls.ts `catalogue`: nothing changes, no
 * SMS is sent) are made; any other call is refused before any request.
 */
import type { FastifyInstance } from 'fastify';
import { callDefOf, isCatalogueCall, isEnvelope, jsonTextValue, type Envelope } from '../../contract/calls';
import { issueToken, type IssuedToken } from '../services/platform/tokens';
import { CLIENT_SUBJECT_PREFIX } from './call';

/** The service token's subject: a client of its own, as a token holder's log line shows. */
export const DRAWING_SUBJECT = `${CLIENT_SUBJECT_PREFIX}first-screen`;
const TOKEN_TTL_S = 3600;
/** A token is renewed this long before it expires, so no call carries one about to lapse. */
const RENEW_BEFORE_MS = 5 * 60_000;

export type PublicCaller = (name: string, body: Record<string, unknown>) => Promise<Envelope>;

export function publicCaller(app: FastifyInstance): PublicCaller {
  let token: Promise<{ t: IssuedToken; until: number }> | null = null;
  const bearer = async (): Promise<string> => {
    const now = app.deps.clock.now();
    const cur = token && (await token.catch(() => null));
    if (!cur || cur.until - RENEW_BEFORE_MS <= now) {
      token = issueToken(app.deps.db, 'service', DRAWING_SUBJECT, TOKEN_TTL_S, now).then((t) => ({ t, until: now + t.expires_in * 1000 }));
    }
    return (await token!).t.access_token;
  };
  return async (name, body) => {
    const def = isCatalogueCall(name) ? callDefOf(name) : undefined;
    if (!def) throw new Error(`${name} is not a public catalogue call`);
    const res = await app.inject({
      method: 'POST',
      url: `/api/${def.path}`,
      payload: body,
      headers: { authorization: `Bearer ${await bearer()}`, 'content-type': 'application/json' },
    });
    const env = res.json<unknown>();
    if (res.statusCode !== 200 || !isEnvelope(env)) throw new Error(`${name} answered ${res.statusCode}`);
    // As the phone's request layer gives it (api/client.ts): a jsonText answer read by the same rule.
    const returnData = def.jsonText && typeof env.returnData === 'string' ? jsonTextValue(env.returnData) : env.returnData;
    return { success: env.success, returnMsg: env.returnMsg, returnData };
  };
}
