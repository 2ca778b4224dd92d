/** Public API of the schema form (see SchemaForm.tsx and docs/decisions-forms.md). */
export { SchemaForm, type SchemaFormProps, type FormHandle } from './SchemaForm';
export { DEFAULT_WIDGETS, createRegistry, resolveWidget, type Registry } from './registry';
export { WIDGET_NAMES, isWidgetName, type WidgetName } from './widget-names';
export { buildFormModel, type FieldNode, type Choice } from './schema-model';
export { cleanValues, initialValues, type Values, type EvalCondition } from './values';
export { validateValues, type FormErrors } from './validate';
export type { WidgetProps, SectionProps, ListProps, OnAction, WidgetEnv } from './types';
