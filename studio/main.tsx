/** The studio page's entry (vite.studio.config.ts builds studio/ into dist/studio/); the code is src/studio. */
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from '../src/studio/ui/App';
import { persistNow } from '../src/studio/store';
import '../src/studio/ui/studio.css';

window.addEventListener('beforeunload', persistNow);
createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
