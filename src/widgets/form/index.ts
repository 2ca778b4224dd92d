/** Public API of the schema form (see SchemaForm.tsx and docs/decisions-forms.md). Validation (engine/form/validate) loads with the first check, not from here. */
export { SchemaForm, type SchemaFormProps, type FormHandle } from './SchemaForm';
export { createRegistry, loadFormWidgets, loadWidgets, missingFormWidgets, resolveWidget, type Registry } from './registry';
export { widgetModules } from './widget-files';
export { WIDGET_NAMES, isWidgetName, type WidgetName } from '../../engine/form/widget-names';
export { buildFormModel, type FieldNode, type Choice } from '../../engine/form/schema-model';
export { cleanValues, initialValues, type Values, type EvalCondition } from '../../engine/form/values';
export type { WidgetProps, SectionProps, ListProps, OnAction, WidgetEnv } from './types';
