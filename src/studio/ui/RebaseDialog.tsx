/**
 * Someone else published while the admin edited: the banner offers to keep the
 * admin's changes on the newest live version (src/studio/rebase-store.ts) or
 * to drop the draft; files both changed in overlapping ways are settled here,
 * one choice per file (保留我的 / 采用线上的), with both versions side by side.
 */
import { useEffect } from 'react';
import { studio, useStudio } from '../store';
import { rebase, useRebase } from '../rebase-store';
import { DiffView } from './PublishView';

const LIVE_CHECK_MS = 30_000;

export function StaleBanner() {
  const stale = useStudio((s) => s.stale);
  const draft = useStudio((s) => s.draft);
  const live = useStudio((s) => s.live);
  const phase = useRebase((s) => s.phase);

  // Someone else's publish shows while the admin works: checked when the page is looked at again, and every 30 s.
  useEffect(() => {
    const check = () => void rebase.checkLive();
    const t = setInterval(check, LIVE_CHECK_MS);
    window.addEventListener('focus', check);
    document.addEventListener('visibilitychange', check);
    return () => {
      clearInterval(t);
      window.removeEventListener('focus', check);
      document.removeEventListener('visibilitychange', check);
    };
  }, []);

  // A reload in the middle of choosing: back to the choices made so far.
  useEffect(() => {
    if (stale && phase === 'idle' && rebase.hasSavedChoices()) void rebase.start();
  }, [stale]);

  if (!stale || !draft || !live) return null;
  return (
    <>
      <div className="st-banner st-banner-warn" role="alert" data-testid="stale-banner">
        <span>
          你的草稿是基于版本 #{draft.baseVersion} 修改的，线上已是版本 #{live.live.id}（有人发布了新版本）。
        </span>
        <button className="st-btn st-small st-primary" disabled={phase === 'loading'} onClick={() => void rebase.start()}>
          {phase === 'loading' ? '正在合并…' : '在线上最新版本上保留我的改动'}
        </button>
        <button className="st-btn st-small" disabled={phase === 'loading'} onClick={() => void studio.startFromLive()}>
          放弃草稿，从线上最新版本开始
        </button>
      </div>
      {phase === 'choosing' ? <RebaseDialog /> : null}
    </>
  );
}

function RebaseDialog() {
  const plan = useRebase((s) => s.plan);
  const live = useRebase((s) => s.live);
  const from = useRebase((s) => s.from);
  const choices = useRebase((s) => s.choices);
  const shown = useRebase((s) => s.shown);
  if (!plan || !live) return null;
  const open = plan.conflicts.filter((c) => !choices[c.path]).length;
  const conflict = plan.conflicts.find((c) => c.path === shown) ?? plan.conflicts[0];
  const kept = plan.outcomes.filter((o) => o.outcome !== 'conflict');
  const label: Record<string, string> = { mine: '保留我的', theirs: '采用线上的', 'both-same': '双方相同', merged: '已自动合并', unchanged: '' };
  return (
    <div className="st-overlay">
      <section className="st-rebase" role="dialog" aria-modal="true" aria-labelledby="st-rebase-title" data-testid="rebase-dialog">
        <header className="st-rebase-head">
          <h2 id="st-rebase-title">在线上最新版本 #{live.live.id} 上保留我的改动</h2>
          <p className="st-muted">
            你的草稿基于版本 #{from}。下面的文件你和线上版本都改动了相同的地方，请逐个选择保留哪一方；其余改动已自动处理。
          </p>
        </header>
        <div className="st-rebase-body">
          <div className="st-rebase-side">
            <h3>冲突的文件</h3>
            <ul className="st-changes" aria-label="冲突的文件">
              {plan.conflicts.map((c) => (
                <li key={c.path} className={`st-rebase-file${c.path === conflict.path ? ' st-file-on' : ''}`} data-path={c.path}>
                  <button className="st-file" onClick={() => rebase.show(c.path)}>
                    <span className="st-file-name">{c.path}</span>
                    {choices[c.path] ? <span className="st-mark st-mark-added">{label[choices[c.path]]}</span> : <span className="st-mark st-mark-removed">待选择</span>}
                  </button>
                  <p className="st-muted st-small-text">{c.reason}</p>
                  <div className="st-row" role="group" aria-label={`${c.path} 保留哪一方`}>
                    <button className={`st-btn st-small${choices[c.path] === 'mine' ? ' st-primary' : ''}`} aria-pressed={choices[c.path] === 'mine'} onClick={() => rebase.choose(c.path, 'mine')}>
                      保留我的
                    </button>
                    <button className={`st-btn st-small${choices[c.path] === 'theirs' ? ' st-primary' : ''}`} aria-pressed={choices[c.path] === 'theirs'} onClick={() => rebase.choose(c.path, 'theirs')}>
                      采用线上的
                    </button>
                  </div>
                </li>
              ))}
            </ul>
            {kept.length ? (
              <>
                <h3>自动处理的文件</h3>
                <ul className="st-changes st-small-text" aria-label="自动处理的文件">
                  {kept.map((o) => (
                    <li key={o.path} className="st-rebase-auto">
                      <span className="st-file-name">{o.path}</span>
                      <span className="st-muted">{label[o.outcome]}</span>
                    </li>
                  ))}
                </ul>
              </>
            ) : null}
          </div>
          <div className="st-rebase-diff">
            {conflict.mine === null || conflict.theirs === null ? (
              <p className="st-muted">{conflict.mine === null ? '我的草稿删除了这个文件（左边是线上的内容）。' : '线上版本删除了这个文件（右边是我的内容）。'}</p>
            ) : null}
            <DiffView file={conflict.path} before={conflict.theirs ?? ''} after={conflict.mine ?? ''} heads={[`线上版本 #${live.live.id}`, '我的草稿']} />
          </div>
        </div>
        <footer className="st-rebase-foot">
          <span className="st-muted">{open ? `还有 ${open} 个文件未选择` : '都已选择，完成后草稿基于线上最新版本'}</span>
          <button className="st-btn" onClick={() => rebase.cancel()}>
            取消
          </button>
          <button className="st-btn st-primary" disabled={open > 0} onClick={() => rebase.finish()} data-testid="rebase-finish">
            完成合并
          </button>
        </footer>
      </section>
    </div>
  );
}
