/**
 * The choice widgets (buttons, boxes, the wheel or searchable list) and the grid (a section with `x-options.matrix`, whose cells are single choices):
 * one chunk, loaded with the first form that has a choice (registry.ts).
 */
export { RadioWidget as radio } from './RadioWidget';
export { CheckboxesWidget as checkboxes } from './CheckboxesWidget';
export { PickerWidget as picker } from './PickerWidget';
export { Matrix as matrix } from './MatrixWidget';
