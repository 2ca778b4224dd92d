// The official jweixin (npm `weixin-js-sdk`), reached through this file so TypeScript reads
// ./jweixin.d.mts (the parts the app uses) and never the package's own index.d.ts: its
// `declare global` retypes window.WeixinJSBridge as `any`, clashing with the payment effect.
export { default } from 'weixin-js-sdk';
