/** Loaded by ./lazy-antd.ts on first use. */
export { DatePicker, Picker, Popup, SearchBar, Stepper } from 'antd-mobile';
