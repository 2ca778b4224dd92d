/** antd-mobile's Dialog and Toast (with react-spring under them): loaded by ./feedback.ts on first use. */
export { Dialog, Toast } from 'antd-mobile';
