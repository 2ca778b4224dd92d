/**
 * What config may name beyond the engine's own words: the app's effects and
 * expression functions. Shared because both sides need it: the app implements
 * exactly these, the server (and check-config) refuses config naming others.
 */
export { EFFECT_MANIFEST, effectOutcomes, EFFECT_NAMES, type EffectName, type EffectManifestEntry } from './effects';
export { APP_FUNCTION_NAMES, APP_FUNCTION_SIGNATURES, type AppFunctionName } from './functions';
export { APP_MESSAGE_KEYS, type AppMessageKey } from './messages';
