/**
 * What a centre's config may name, for the server's config check (and
 * check-config): the contract's calls, the engine's widgets and built-in
 * functions, the app's effects, functions and own messages (src/contract/vocabulary) and the
 * config directory's screen kinds.
 */
import { CALL_NAMES } from '../contract/calls';
import { APP_FUNCTION_NAMES, APP_MESSAGE_KEYS, effectOutcomes } from '../contract/vocabulary';
import { loadScreenSchemas } from '../engine/config/screens';
import { BUILTIN_FUNCTION_NAMES } from '../engine/expr/functions';
import { WIDGET_NAMES } from '../engine/form';
import type { Registries } from '../engine/types';
import { serverMessageKeys } from './messages';
// The tables of the server's texts (each registers its area on import).
import './services/orders/model';
import './services/orders/payrecords';
import './services/questionnaires/validation';
import './services/approvals/approvals';
import './services/reports/sms';
import './services/reports/reports';

export function registriesFor(configDir: string): Registries {
  return {
    calls: [...CALL_NAMES],
    screens: loadScreenSchemas(configDir),
    widgets: [...WIDGET_NAMES],
    effects: effectOutcomes,
    functions: [...new Set([...BUILTIN_FUNCTION_NAMES, ...APP_FUNCTION_NAMES])],
    messages: [...APP_MESSAGE_KEYS],
    // The server's own texts that reach the phone (flows/messages.yaml `server`).
    serverMessages: serverMessageKeys(),
  };
}
