/**
 * The JSON-Schema form model: fields from a schema, values, visibility and
 * validation. React-free: the widgets render it, the server validates
 * submissions with it and the config checker reads it.
 */
export { buildFormModel, walkFields, conditionDeps, orderNames, type FieldNode, type Choice, type Problem } from './schema-model';
export { formModelProblems } from './model-problems';
export { cleanValues, initialValues, isUnderHidden, type Values, type EvalCondition } from './values';
export { validateValues, type FormErrors } from './validate';
export { checkSubmission, formOnlyCondition } from './check-submission';
export { formatDisplay, fieldId } from './display';
export { WIDGET_NAMES, isWidgetName, type WidgetName } from './widget-names';
export { scoreAnswers, scoredFields, type Score, type ScoreBand } from './score';
