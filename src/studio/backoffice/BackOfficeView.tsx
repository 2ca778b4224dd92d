/**
 * The back office (issue 23): the centre's business data and its operations,
 * one area a tab, each area's code in its own folder and loaded when opened
 * (the chart library with the operations view only). Every admin reads; what
 * an admin may change follows their roles (useRoles) — the server refuses the
 * rest anyway (routes/studio/index.ts).
 */
import { lazy, Suspense, useState, type ComponentType, type LazyExoticComponent } from 'react';
import './backoffice.css';

type Area = 'operations' | 'catalogue' | 'capacity' | 'groups' | 'imports' | 'exports' | 'results' | 'audit';

const AREAS: Array<{ area: Area; label: string; view: LazyExoticComponent<ComponentType> }> = [
  { area: 'operations', label: '运营看板', view: lazy(() => import('./operations/OperationsView')) },
  { area: 'catalogue', label: '院区与套餐', view: lazy(() => import('./catalogue/CatalogueView')) },
  { area: 'capacity', label: '号源容量', view: lazy(() => import('./capacity/CapacityView')) },
  { area: 'groups', label: '团体单位', view: lazy(() => import('./groups/GroupsView')) },
  { area: 'imports', label: '导入', view: lazy(() => import('./imports/ImportsView')) },
  { area: 'exports', label: '导出', view: lazy(() => import('./exports/ExportsView')) },
  { area: 'results', label: '问卷统计', view: lazy(() => import('./results/ResultsView')) },
  { area: 'audit', label: '操作日志', view: lazy(() => import('./audit/AuditView')) },
];

export default function BackOfficeView() {
  const [area, setArea] = useState<Area>('operations');
  const current = AREAS.find((a) => a.area === area)!;
  const View = current.view;
  return (
    <div className="bo-shell">
      <nav className="bo-nav" aria-label="业务与运营">
        {AREAS.map((a) => (
          <button key={a.area} className={`bo-nav-item${a.area === area ? ' bo-nav-on' : ''}`} aria-current={a.area === area ? 'page' : undefined} onClick={() => setArea(a.area)}>
            {a.label}
          </button>
        ))}
      </nav>
      <section className="bo-area" aria-label={current.label}>
        <h1 className="bo-title">{current.label}</h1>
        <Suspense fallback={<p className="st-muted" role="status">正在载入…</p>}>
          <View />
        </Suspense>
      </section>
    </div>
  );
}
