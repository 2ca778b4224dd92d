/**
 * The app's expression function names (flows call them by name). The
 * implementations are src/app/functions.ts, typed against this list, so the
 * two cannot drift; the engine's built-ins (fmtMoney, …) are not listed here.
 */
export const APP_FUNCTION_NAMES = ['idCardSex', 'idCardError', 'phoneOk', 'weekday', 'orderStateLabel', 'payFlagLabel', 'canCancel'] as const;

export type AppFunctionName = (typeof APP_FUNCTION_NAMES)[number];
