/**
 * The explicit widget registry: `x-widget` name → component. Config names a
 * widget; an unknown name throws (rjsf's message) when the form is built, not
 * when an examinee happens to reach the field.
 */
import type { Registry } from './types';
import { WIDGET_NAMES, type WidgetName } from '../../engine/form/widget-names';
import { TextWidget } from './widgets/TextWidget';
import { TextAreaWidget } from './widgets/TextAreaWidget';
import { NumberWidget } from './widgets/NumberWidget';
import { RadioWidget } from './widgets/RadioWidget';
import { CheckboxesWidget } from './widgets/CheckboxesWidget';
import { PickerWidget } from './widgets/PickerWidget';
import { RatingWidget } from './widgets/RatingWidget';
import { DateWidget } from './widgets/DateWidget';
import { DisplayWidget } from './widgets/DisplayWidget';
import { SignatureWidget } from './widgets/SignatureWidget';
import { CodeWidget } from './widgets/CodeWidget';
import { SectionWidget } from './widgets/SectionWidget';
import { ListWidget } from './widgets/ListWidget';

export type { Registry };

export const DEFAULT_WIDGETS: Record<WidgetName, Registry[string]> = {
  text: TextWidget,
  textarea: TextAreaWidget,
  number: NumberWidget,
  radio: RadioWidget,
  checkboxes: CheckboxesWidget,
  picker: PickerWidget,
  rating: RatingWidget,
  date: DateWidget,
  list: ListWidget,
  display: DisplayWidget,
  signature: SignatureWidget,
  code: CodeWidget,
  section: SectionWidget,
};

/** The defaults plus an app's extra/overriding widgets. */
export function createRegistry(extra?: Registry): Registry {
  return extra ? { ...DEFAULT_WIDGETS, ...extra } : DEFAULT_WIDGETS;
}

export function resolveWidget(registry: Registry, name: string, type: string): Registry[string] {
  const w = Object.prototype.hasOwnProperty.call(registry, name) ? registry[name] : undefined;
  if (!w) throw new Error(`No widget '${name}' for type '${type}'`);
  return w;
}

export { WIDGET_NAMES };
