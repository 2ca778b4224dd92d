/**
 * Before publishing: every changed file with its diff against what is live
 * (side by side, unchanged stretches folded), the note, and the publish button
 * — disabled, saying why, while the draft has problems. A refused publish
 * shows the server's own errors (422) or says someone else published (409).
 */
import { useEffect, useMemo, useRef, useState } from 'react';
import { MergeView } from '@codemirror/merge';
import { EditorState } from '@codemirror/state';
import { EditorView } from '@codemirror/view';
import { syntaxHighlighting, defaultHighlightStyle } from '@codemirror/language';
import { chinesePhrases, languageOf } from '../editor/codemirror';
import { lineStats } from '../draft';
import { publishBlocker, studio, useChanges, useStudio } from '../store';
import { rebase } from '../rebase-store';
import { ProblemList } from './EditView';
import { CheckChip } from './CheckChip';
import { NEEDS_CONFIG, useCanConfig } from './admins-can';

/** Two versions of a file side by side (read-only); `heads` names them (线上版本 / 草稿 by default). */
export function DiffView({ file, before, after, heads = ['线上版本', '草稿'] }: { file: string; before: string; after: string; heads?: [string, string] }) {
  const host = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (!host.current) return;
    const ro = [chinesePhrases, EditorState.readOnly.of(true), EditorView.editable.of(false), languageOf(file), syntaxHighlighting(defaultHighlightStyle), EditorView.lineWrapping];
    const mv = new MergeView({
      a: { doc: before, extensions: ro },
      b: { doc: after, extensions: ro },
      parent: host.current,
      collapseUnchanged: { margin: 3, minSize: 6 },
      highlightChanges: true,
      gutter: true,
    });
    return () => mv.destroy();
  }, [file, before, after]);
  return (
    <div className="st-diff" data-testid="diff" data-file={file}>
      <div className="st-diff-heads">
        <span>{heads[0]}</span>
        <span>{heads[1]}</span>
      </div>
      <div ref={host} />
    </div>
  );
}

export function PublishView() {
  const state = useStudio();
  const changes = useChanges();
  const [pick, setPick] = useState<string | null>(null);
  const canConfig = useCanConfig();
  const blocker = canConfig ? publishBlocker(state, state.note) : NEEDS_CONFIG;
  const { live, draft, check, publishErrors, conflict, busy, note } = state;
  const selected = pick && changes.some((c) => c.path === pick) ? pick : (changes[0]?.path ?? null);
  const stats = useMemo(
    () => Object.fromEntries(changes.map((c) => [c.path, lineStats(live?.files[c.path] ?? '', draft?.files[c.path] ?? '')])),
    [changes, live, draft],
  );

  const publish = () => void studio.publish(note);

  return (
    <div className="st-publish">
      <section className="st-publish-main">
        <h2>
          草稿的改动 <span className="st-muted">（对比线上版本 #{live?.live.id}）</span>
        </h2>
        {changes.length === 0 ? (
          <p className="st-muted">草稿与线上版本相同。在“编辑”里修改后，这里会列出每个改动。</p>
        ) : (
          <div className="st-publish-grid">
            <ul className="st-changes" aria-label="改动的文件">
              {changes.map((c) => (
                <li key={c.path}>
                  <button className={`st-file${c.path === selected ? ' st-file-on' : ''}`} onClick={() => setPick(c.path)}>
                    <span className={`st-mark st-mark-${c.status}`}>{c.status === 'added' ? '新' : c.status === 'removed' ? '删' : '改'}</span>
                    <span className="st-file-name">{c.path}</span>
                    <span className="st-muted st-stats">
                      +{stats[c.path]?.added ?? 0} −{stats[c.path]?.removed ?? 0}
                    </span>
                  </button>
                </li>
              ))}
            </ul>
            {selected ? <DiffView file={selected} before={live?.files[selected] ?? ''} after={draft?.files[selected] ?? ''} /> : null}
          </div>
        )}
      </section>
      <aside className="st-publish-side">
        <h2>发布</h2>
        <div className="st-row">
          草稿检查：<CheckChip />
        </div>
        {check.errors.length && check.revision === state.revision ? (
          <>
            <p className="st-muted">点击问题跳到所在行：</p>
            <ProblemList errors={check.errors.slice(0, 50)} />
          </>
        ) : null}
        <label className="st-field">
          <span>修改说明（会记在版本记录里）</span>
          <textarea className="st-input" rows={3} maxLength={500} value={note} onChange={(e) => studio.setNote(e.target.value)} placeholder="例如：修改健康问卷的提示文字" />
        </label>
        <button className="st-btn st-primary st-wide" disabled={!!blocker || busy} title={blocker || '发布到线上'} onClick={publish} data-testid="publish-button">
          {busy ? '正在发布…' : '发布到线上'}
        </button>
        {blocker ? (
          <p className="st-why" data-testid="publish-blocker">
            {blocker}
          </p>
        ) : (
          <p className="st-muted st-small-text">发布后，正在使用的手机在下一步即换用新配置，无需重启。</p>
        )}
        {conflict ? (
          <div className="st-box st-box-warn" role="alert">
            <p>在你修改期间，有人发布了新版本。你的草稿不能直接发布。</p>
            <div className="st-row">
              <button className="st-btn st-small st-primary" onClick={() => void rebase.start()}>
                在线上最新版本上保留我的改动
              </button>
              <button className="st-btn st-small" onClick={() => void studio.startFromLive()}>
                载入线上最新版本（放弃我的草稿）
              </button>
            </div>
          </div>
        ) : null}
        {publishErrors.length ? (
          <div className="st-box st-box-bad" role="alert">
            <p>服务器检查发现以下问题，未发布：</p>
            <ProblemList errors={publishErrors} />
          </div>
        ) : null}
      </aside>
    </div>
  );
}
