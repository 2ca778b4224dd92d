/** antd-mobile's Dialog and Toast (with react-spring), loaded by ./ui.ts on first use. */
export { Dialog, Toast } from 'antd-mobile';
