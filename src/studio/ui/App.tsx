/** The studio page: sign-in, then the workbench (loaded only after sign-in). */
import { lazy, Suspense, useEffect } from 'react';
import { studio, useStudio } from '../store';
import { Login } from './Login';

const Workbench = lazy(() => import('./Workbench'));

export function App() {
  const phase = useStudio((s) => s.phase);
  const fatal = useStudio((s) => s.fatal);
  useEffect(() => {
    void studio.boot();
  }, []);
  if (phase === 'login') return <Login />;
  if (phase === 'fatal')
    return (
      <div className="st-center">
        <div className="st-card">
          <h1>无法打开配置工作台</h1>
          <p className="st-error">{fatal}</p>
          <button className="st-btn" onClick={() => location.reload()}>
            重新载入
          </button>
        </div>
      </div>
    );
  const loading = (
    <div className="st-center" role="status">
      正在载入…
    </div>
  );
  if (phase === 'loading') return loading;
  return (
    <Suspense fallback={loading}>
      <Workbench />
    </Suspense>
  );
}
