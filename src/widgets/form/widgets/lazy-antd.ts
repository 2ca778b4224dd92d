/**
 * The form's heavier antd-mobile pieces, loaded when a field first needs them:
 * the wheels (Picker, DatePicker: a popup with react-spring and gestures) on
 * the first tap, the searchable dropdown's sheet (Popup, SearchBar) on its
 * first opening, the Stepper only where a schema asks for one. A form's first
 * load is its rows, not every control it might open.
 */
import { lazy } from 'react';

const antd = () => import('./antd-heavy');

export const LazyDatePicker = lazy(() => antd().then((m) => ({ default: m.DatePicker })));
export const LazyPicker = lazy(() => antd().then((m) => ({ default: m.Picker })));
export const LazyPopup = lazy(() => antd().then((m) => ({ default: m.Popup })));
export const LazySearchBar = lazy(() => antd().then((m) => ({ default: m.SearchBar })));
export const LazyStepper = lazy(() => antd().then((m) => ({ default: m.Stepper })));
