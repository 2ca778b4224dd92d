/**
 * What `react-router-dom` resolves to in the app build (vite.config.ts
 * `routerShim`): the real package, with `useBlocker` working under the
 * component router too (./blocker.ts). Only this file imports the real package
 * through the alias-free path.
 */
export * from 'react-router-dom';
export { useBlocker } from './blocker';
