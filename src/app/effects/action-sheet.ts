/** antd-mobile's ActionSheet, loaded by ./registry.ts when the sandbox pay sheet opens. */
export { ActionSheet } from 'antd-mobile';
