/** Files on the left, the editor in the middle, every problem of the draft below. */
import { useMemo, useState } from 'react';
import type { StudioConfigError } from '../../contract/api/studio';
import { baseName, fileGroups, newFileProblem, templateFor } from '../files';
import { draftChanges, studio, useChanges, useStudio } from '../store';
import { EditorPane } from './EditorPane';
import { PreviewPanel } from '../preview/PreviewPanel';
import { previewPanel, usePreviewPanel } from '../preview/panel-store';

/** The live phone preview (a side panel the editor's header toggles). */
function PreviewSlot() {
  const open = usePreviewPanel((s) => s.open);
  return open ? <PreviewPanel /> : null;
}

function PreviewToggle() {
  const open = usePreviewPanel((s) => s.open);
  return (
    <button className={`st-btn st-small${open ? ' st-primary' : ''}`} aria-pressed={open} onClick={previewPanel.toggle}>
      手机预览
    </button>
  );
}

export function EditView() {
  return (
    <div className="st-edit">
      <FileTree />
      <section className="st-editor-col">
        <EditorHeader />
        <div className="st-editor-host">
          <EditorPane />
        </div>
        <ProblemsPanel />
      </section>
      <PreviewSlot />
    </div>
  );
}

function FileTree() {
  const draft = useStudio((s) => s.draft);
  const openFile = useStudio((s) => s.openFile);
  const errors = useStudio((s) => s.check.errors);
  const changes = useChanges();
  const flows = useStudio((s) => s.check.graph.flows);
  const [filter, setFilter] = useState('');
  const [adding, setAdding] = useState(false);
  const paths = Object.keys(draft?.files ?? {});
  const errorCount = useMemo(() => {
    const m: Record<string, number> = {};
    for (const e of errors) m[e.file] = (m[e.file] ?? 0) + 1;
    return m;
  }, [errors]);
  const status = Object.fromEntries(changes.map((c) => [c.path, c.status]));
  const flowTitle = Object.fromEntries(flows.map((f) => [f.file, f.title]));
  const shown = filter ? paths.filter((p) => p.toLowerCase().includes(filter.toLowerCase()) || (flowTitle[p] ?? '').includes(filter)) : paths;
  return (
    <nav className="st-tree" aria-label="配置文件">
      <div className="st-tree-tools">
        <input className="st-input" placeholder="查找文件" aria-label="查找文件" value={filter} onChange={(e) => setFilter(e.target.value)} />
        <button className="st-btn st-small" onClick={() => setAdding((x) => !x)}>
          新建
        </button>
      </div>
      {adding ? <NewFile existing={paths} onDone={() => setAdding(false)} /> : null}
      {fileGroups(shown).map((g) => (
        <div key={g.id} className="st-group">
          <div className="st-group-title" title={g.hint}>
            {g.title}
          </div>
          <ul>
            {g.files.map((p) => (
              <li key={p}>
                <button className={`st-file${p === openFile ? ' st-file-on' : ''}`} onClick={() => studio.open(p)} title={p} data-path={p}>
                  <span className="st-file-name">{baseName(p)}</span>
                  {flowTitle[p] ? <span className="st-muted st-file-title">{flowTitle[p]}</span> : null}
                  {status[p] ? <span className={`st-mark st-mark-${status[p]}`}>{status[p] === 'added' ? '新' : status[p] === 'removed' ? '删' : '改'}</span> : null}
                  {errorCount[p] ? <span className="st-errcount" aria-label={`${errorCount[p]} 个问题`}>{errorCount[p]}</span> : null}
                </button>
              </li>
            ))}
          </ul>
        </div>
      ))}
      {changes.some((c) => c.status === 'removed') ? (
        <div className="st-group">
          <div className="st-group-title">已删除（发布后生效）</div>
          <ul>
            {changes
              .filter((c) => c.status === 'removed')
              .map((c) => (
                <li key={c.path} className="st-file st-file-removed">
                  <span className="st-file-name">{baseName(c.path)}</span>
                  <button className="st-link" onClick={() => studio.revertFile(c.path)}>
                    恢复
                  </button>
                </li>
              ))}
          </ul>
        </div>
      ) : null}
    </nav>
  );
}

function NewFile({ existing, onDone }: { existing: string[]; onDone: () => void }) {
  const [path, setPath] = useState('schemas/forms/');
  const problem = newFileProblem(path, existing);
  return (
    <form
      className="st-newfile"
      onSubmit={(e) => {
        e.preventDefault();
        if (problem) return;
        studio.addFile(path, templateFor(path));
        onDone();
      }}
    >
      <label className="st-field">
        <span>新文件路径</span>
        <input className="st-input" value={path} onChange={(e) => setPath(e.target.value)} autoFocus />
      </label>
      {path && problem ? <p className="st-error st-small-text">{problem}</p> : null}
      <div className="st-row">
        <button className="st-btn st-small st-primary" type="submit" disabled={!!problem}>
          创建
        </button>
        <button className="st-btn st-small" type="button" onClick={onDone}>
          取消
        </button>
      </div>
    </form>
  );
}

function EditorHeader() {
  const file = useStudio((s) => s.openFile);
  const status = useStudio((s) => (s.openFile ? draftChanges(s).find((c) => c.path === s.openFile)?.status : undefined));
  const [confirmDelete, setConfirmDelete] = useState(false);
  if (!file)
    return (
      <div className="st-editor-head">
        <span className="st-grow" />
        <PreviewToggle />
      </div>
    );
  return (
    <div className="st-editor-head">
      <span className="st-path">{file}</span>
      {status ? <span className={`st-mark st-mark-${status}`}>{status === 'added' ? '新文件' : '已修改'}</span> : <span className="st-muted">与线上相同</span>}
      <span className="st-grow" />
      <PreviewToggle />
      {status === 'modified' ? (
        <button className="st-btn st-small" onClick={() => studio.revertFile(file)}>
          撤销本文件的改动
        </button>
      ) : null}
      {confirmDelete ? (
        <>
          <span className="st-muted">删除 {baseName(file)}？</span>
          <button
            className="st-btn st-small st-danger"
            onClick={() => {
              studio.removeFile(file);
              setConfirmDelete(false);
            }}
          >
            确认删除
          </button>
          <button className="st-btn st-small" onClick={() => setConfirmDelete(false)}>
            取消
          </button>
        </>
      ) : file !== 'flows/app.yaml' && file !== 'flows/messages.yaml' ? (
        <button className="st-btn st-small" onClick={() => setConfirmDelete(true)}>
          删除文件
        </button>
      ) : null}
    </div>
  );
}

export function ProblemList({ errors, onPick }: { errors: StudioConfigError[]; onPick?: (e: StudioConfigError) => void }) {
  return (
    <ul className="st-problems-list">
      {errors.map((e, i) => (
        <li key={`${e.file}:${e.line}:${e.column}:${i}`}>
          <button className="st-problem" onClick={() => (onPick ?? ((x) => studio.open(x.file, x.line, x.column)))(e)}>
            <span className="st-loc">
              {e.file}:{e.line}:{e.column}
            </span>
            {/* The words for the admin; the path or expression as written on hover. */}
            <span className="st-msg" title={e.raw}>
              {e.message}
            </span>
          </button>
        </li>
      ))}
    </ul>
  );
}

function ProblemsPanel() {
  const check = useStudio((s) => s.check);
  const revision = useStudio((s) => s.revision);
  const current = check.revision === revision && check.status === 'done';
  return (
    <section className="st-problems" aria-label="问题">
      <div className="st-problems-head">
        <strong>问题</strong>
        <span className="st-muted">
          {check.status === 'failed'
            ? `检查未能完成：${check.message ?? ''}`
            : current
              ? check.errors.length
                ? `共 ${check.errors.length} 个，点击跳到所在行`
                : `没有问题（检查用时 ${((check.ms ?? 0) / 1000).toFixed(1)} 秒）`
              : '检查中…'}
        </span>
      </div>
      {check.errors.length ? <ProblemList errors={check.errors} /> : null}
    </section>
  );
}
