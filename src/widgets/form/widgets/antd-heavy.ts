/** Loaded by ./lazy-antd.ts on first use. */
export { DatePicker, Picker, Stepper } from 'antd-mobile';
