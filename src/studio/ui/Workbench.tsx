/** The signed-in studio: the top bar (views, check state, who), and the view chosen. */
import { lazy, Suspense, useEffect } from 'react';
import { STUDIO_ROLE_LABEL } from '../../contract/rules/studio-roles';
import { draftChanges, studio, useStudio, type View } from '../store';
import { CheckChip } from './CheckChip';
import { EditView } from './EditView';
import { PublishView } from './PublishView';
import { StaleBanner } from './RebaseDialog';
import { VersionsView } from './VersionsView';

const GraphView = lazy(() => import('./GraphView'));
const BuilderView = lazy(() => import('./BuilderView'));
const AdminsView = lazy(() => import('./AdminsView'));
const BackOfficeView = lazy(() => import('../backoffice/BackOfficeView'));

const VIEWS: Array<{ view: View; label: string }> = [
  { view: 'edit', label: '编辑' },
  { view: 'graph', label: '流程图' },
  { view: 'builder', label: '问卷设计' },
  { view: 'publish', label: '预览并发布' },
  { view: 'versions', label: '版本与导出' },
  { view: 'backoffice', label: '业务与运营' },
  { view: 'admins', label: '管理员' },
];

export default function Workbench() {
  const view = useStudio((s) => s.view);
  const user = useStudio((s) => s.user);
  const live = useStudio((s) => s.live);
  const notice = useStudio((s) => s.notice);
  const changes = useStudio((s) => draftChanges(s).length);

  useEffect(() => {
    if (!notice || notice.kind === 'error') return;
    const t = setTimeout(() => studio.dismissNotice(), 6000);
    return () => clearTimeout(t);
  }, [notice]);

  return (
    <div className="st-app">
      <header className="st-top">
        <div className="st-brand">
          配置工作台
          {live ? (
            <span className="st-muted st-live" title={`版本哈希 ${live.live.hash}`}>
              线上版本 #{live.live.id}
            </span>
          ) : null}
        </div>
        <nav className="st-tabs" aria-label="视图">
          {VIEWS.map((v) => (
            <button key={v.view} className={`st-tab${view === v.view ? ' st-tab-on' : ''}`} aria-current={view === v.view ? 'page' : undefined} onClick={() => studio.setView(v.view)}>
              {v.label}
              {v.view === 'publish' && changes ? <span className="st-count">{changes}</span> : null}
            </button>
          ))}
        </nav>
        <div className="st-who">
          <CheckChip />
          <span className="st-muted" title="你的角色决定能修改什么">
            {user?.username}
            {user ? `（${user.roles.map((r) => STUDIO_ROLE_LABEL[r]).join('、')}）` : ''}
          </span>
          <button className="st-btn st-small" onClick={() => void studio.logout()}>
            退出
          </button>
        </div>
      </header>
      <StaleBanner />
      {notice ? (
        <div className={`st-banner st-banner-${notice.kind}`} role={notice.kind === 'error' ? 'alert' : 'status'}>
          <span>{notice.text}</span>
          <button className="st-link" onClick={() => studio.dismissNotice()} aria-label="关闭提示">
            ×
          </button>
        </div>
      ) : null}
      <main className="st-main">
        {/* the editor stays mounted: each file keeps its undo history while the admin looks elsewhere */}
        <div className="st-view" hidden={view !== 'edit'}>
          <EditView />
        </div>
        {view === 'publish' ? <PublishView /> : null}
        {view === 'versions' ? <VersionsView /> : null}
        {view === 'graph' || view === 'builder' ? (
          <Suspense fallback={<div className="st-center">正在载入…</div>}>{view === 'graph' ? <GraphView /> : <BuilderView />}</Suspense>
        ) : null}
        {view === 'admins' || view === 'backoffice' ? (
          <Suspense fallback={<div className="st-center">正在载入…</div>}>{view === 'admins' ? <AdminsView /> : <BackOfficeView />}</Suspense>
        ) : null}
      </main>
    </div>
  );
}
