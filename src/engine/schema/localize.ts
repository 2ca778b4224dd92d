/**
 * Chinese texts for Ajv errors that carry no custom errorMessage. Apart from
 * ajv.ts so the browser, which only runs pre-compiled validators, gets the
 * translations without Ajv's compiler.
 */
import type { ErrorObject } from 'ajv';
import localizeZhI18n from 'ajv-i18n/localize/zh';

/** Translates (in place, and returns) errors that carry no custom errorMessage. */
export function localizeZh(errors: ErrorObject[] | null | undefined): ErrorObject[] {
  if (!errors) return [];
  const plain = errors.filter((e) => e.keyword !== 'errorMessage' && e.keyword !== 'idcardMsg');
  localizeZhI18n(plain);
  return errors;
}
