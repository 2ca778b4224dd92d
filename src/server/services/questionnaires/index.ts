/**
 * Questionnaires (after-booking spec §2 Occupational / Health questionnaire /
 * My questionnaires, §3, §7): answers are stored as the JSON text the client
 * sends, one current row per owner (openId or regno) and kind, plus an
 * append-only history; each save records the questionnaire schema id and
 * version it was given in. One file per concern; this index is what routes import.
 */
export * from './validation';
export * from './versions';
export * from './answers';
export * from './listing';
