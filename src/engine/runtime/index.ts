export { runActions, assign } from './actions';
export { callsOnEntry } from './entry-calls';
export { formatMessage, placeholdersOf, PLACEHOLDER_RE } from './messages';
export { resolveNext } from './next';
export { setIn, splitTarget } from './path';
export { SET_TARGETS, type ActionContext, type CallResult, type Effects, type RunResult, type RuntimeScope, type SetTarget } from './types';
