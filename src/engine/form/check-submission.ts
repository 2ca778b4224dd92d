/**
 * A submitted form checked as the phone checked it: visibility first
 * (`x-visibleIf` over the values as sent), hidden values dropped where the
 * schema says so, then the schema — with errors under a hidden field ignored.
 * The server's form rules and questionnaire answers both go through here, so a
 * field the phone never showed is never demanded by the server either.
 */
import type { ValidateFunction } from 'ajv';
import { compileExpr, createFunctionRegistry } from '../expr';
import type { FieldNode } from './schema-model';
import { cleanValues, initialValues, type Values } from './values';
import { validateValues, type FormErrors } from './validate';

const fns = createFunctionRegistry({});

/**
 * A condition over the form alone (what a server knows of a submission). A
 * condition that cannot be evaluated here (it reads a root the server does not
 * have) counts as "not shown": the server then asks less than the phone, never
 * more — a demand the person could not see would be a form nobody can submit.
 */
export function formOnlyCondition(expr: string, form: Values): boolean {
  try {
    return !!compileExpr(expr.replace(/^=/, '')).evaluate({ form }, fns);
  } catch {
    return false;
  }
}

export function checkSubmission(root: FieldNode, values: Values, validate: ValidateFunction): FormErrors {
  const { values: cleaned, hidden, required } = cleanValues(root, initialValues(root, values), formOnlyCondition);
  return validateValues(root, cleaned, hidden, validate, required);
}
