/**
 * The route guard (after-booking §2), pure so it is unit-tested:
 * - an `auth: true` step without a logged-in user stores the wanted path (with its
 *   query) in session.redirectPath and goes to the login step's route `?type=jump`;
 * - after an OAuth return (session.isOauth == 1) with a user present, the flag is
 *   reset and the stored path is entered.
 */
import type { StepWithId } from '../boot';
import { isLoggedIn } from '../session';

export interface GuardInput {
  step: StepWithId;
  /** Path + search of the wanted route, e.g. `/PersonIndex?x=1`. */
  wanted: string;
  loginStep: StepWithId | undefined;
  values: Record<string, unknown>;
}

export type GuardDecision =
  | { kind: 'enter'; set?: Record<string, unknown> }
  | { kind: 'redirect'; to: string; set: Record<string, unknown> };

export const isOauthPending = (v: unknown) => v === 1 || v === '1' || v === true;

export function guard({ step, wanted, loginStep, values }: GuardInput): GuardDecision {
  const isLogin = !!loginStep && step.id === loginStep.id;
  if (!isLogin && isOauthPending(values.isOauth) && isLoggedIn(values.user)) {
    const back = typeof values.redirectPath === 'string' && values.redirectPath ? values.redirectPath : null;
    if (back && back !== wanted) return { kind: 'redirect', to: back, set: { isOauth: '0', redirectPath: '' } };
    return { kind: 'enter', set: { isOauth: '0', redirectPath: '' } };
  }
  if (step.auth && !isLoggedIn(values.user) && loginStep && !isLogin) {
    return { kind: 'redirect', to: `${loginStep.route}?type=jump`, set: { redirectPath: wanted } };
  }
  return { kind: 'enter' };
}
