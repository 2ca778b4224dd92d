/**
 * The request layer as the app holds it: client.ts and axios arrive together, as
 * one chunk, with the first call (issue 27: a page without load calls — the
 * home page, the sign-in forms, the questionnaires — loads neither). The
 * progress bar shows from the call, chunk load included; a chunk that does not
 * arrive fails that call as a lost connection would (the spec's
 * 网络异常！请稍后再试) and is asked for again by the next one.
 */
import type { Api, ApiDeps, CallOpts } from './client';
import { RequestError, messageForStatus } from './errors';
import { loading as pageLoading } from './loading';

type ClientModule = Pick<typeof import('./client'), 'createApi'>;

export function createLazyApi(deps: ApiDeps, load: () => Promise<ClientModule> = () => import('./client')): Api {
  let real: Promise<Api> | null = null;
  const api = (name: string): Promise<Api> =>
    (real ??= load().then((m) => m.createApi(deps))).catch((e: unknown) => {
      real = null;
      (deps.log ?? console.warn)('request layer did not load', name, (e as Error)?.message);
      throw new RequestError(messageForStatus(null, deps.messages), null, name);
    });
  return {
    call<T>(name: string, body?: Record<string, unknown>, opts?: CallOpts) {
      const done = opts?.noLoading ? () => {} : (deps.loading ?? pageLoading).start();
      return api(name)
        .then((a) => a.call<T>(name, body, opts))
        .finally(done);
    },
    fetchTokenByPassword: () => api('GetToken').then((a) => a.fetchTokenByPassword()),
    fetchTokenByOpenid: (openid) => api('GetToken').then((a) => a.fetchTokenByOpenid(openid)),
    ensureToken: () => api('GetToken').then((a) => a.ensureToken()),
    http: () => api('').then((a) => a.http()),
  };
}
