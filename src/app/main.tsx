/** Entry: boot (config, version guard, flows, token), then the router. */
import { createRoot } from 'react-dom/client';
import './app.css';
import { boot } from './boot';
import { App } from './App';

const el = document.getElementById('root')!;
const root = createRoot(el);

boot().then(
  (r) => {
    if (r.kind === 'ready') root.render(<App runtime={r.runtime} />);
  },
  (e: Error) => {
    console.error('boot failed', e);
    root.render(<div className="cf-boot">网络异常！请稍后再试</div>);
  },
);
