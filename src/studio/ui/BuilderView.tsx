/**
 * The questionnaire builder: questions, options with points, required with
 * its message, a condition on another answer, sections, and the registry
 * entry (title, owner, 我的问卷, scoring bands). Every change writes the same
 * schema file a person writes by hand (../questionnaire/model.ts) into the
 * draft, and flows/app.yaml's registry entry; the editor, the check, the diff
 * and publishing then work as for any edit.
 */
import { useMemo, useState } from 'react';
import {
  TYPE_LABELS,
  addQuestion,
  addSection,
  allQuestions,
  deleteQuestion,
  deleteSection,
  moveQuestion,
  moveSection,
  problemsOf,
  readQuestionnaire,
  toFileText,
  updateQuestion,
  updateSection,
  writeQuestionnaire,
  type QType,
  type Questionnaire,
  type RegistryEntry,
} from '../questionnaire/model';
import { readRegistry, scoreRange, writeRegistry } from '../questionnaire/registry';
import { PhonePanel, RegistryPanel } from './BuilderRegistry';
import QuestionCard, { TYPES } from './BuilderQuestion';
import { baseName } from '../files';
import { studio, useStudio } from '../store';

const APP = 'flows/app.yaml';
const NO_FILES: Record<string, string> = {};

function parse(text: string | undefined): { schema: Record<string, unknown> | null; error: string } {
  if (text === undefined) return { schema: null, error: '文件不存在' };
  try {
    const v = JSON.parse(text) as unknown;
    if (!v || typeof v !== 'object' || Array.isArray(v)) return { schema: null, error: '文件内容不是一个 JSON 对象' };
    return { schema: v as Record<string, unknown>, error: '' };
  } catch (e) {
    return { schema: null, error: `文件不是有效的 JSON（${(e as Error).message}），请先在编辑器中修正` };
  }
}

export default function BuilderView() {
  const draft = useStudio((s) => s.draft);
  const files = draft?.files ?? NO_FILES;
  const registry = useMemo(() => readRegistry(files[APP] ?? ''), [files]);
  const forms = Object.keys(files)
    .filter((p) => p.startsWith('schemas/forms/') && p.endsWith('.json'))
    .sort();
  const registered = new Map(registry.map((r) => [`schemas/${r.schema}`, r]));
  const [picked, setPicked] = useState<string | null>(null);
  const current = picked && picked in files ? picked : (forms.find((f) => registered.has(f)) ?? forms[0] ?? null);

  return (
    <div className="st-builder">
      <nav className="st-tree" aria-label="问卷">
        <div className="st-group-title">已登记的问卷</div>
        <ul>
          {forms
            .filter((f) => registered.has(f))
            .map((f) => (
              <li key={f}>
                <button className={`st-file${f === current ? ' st-file-on' : ''}`} onClick={() => setPicked(f)}>
                  <span className="st-file-name">{registered.get(f)!.title}</span>
                  <span className="st-muted st-file-title">{baseName(f)}</span>
                </button>
              </li>
            ))}
        </ul>
        <div className="st-group-title">其他表单</div>
        <ul>
          {forms
            .filter((f) => !registered.has(f))
            .map((f) => (
              <li key={f}>
                <button className={`st-file${f === current ? ' st-file-on' : ''}`} onClick={() => setPicked(f)}>
                  <span className="st-file-name">{baseName(f)}</span>
                </button>
              </li>
            ))}
        </ul>
        <NewQuestionnaire existing={Object.keys(files)} taken={registry.map((r) => r.id)} onCreated={setPicked} />
      </nav>
      {current ? <Editor key={current} path={current} text={files[current]} entry={registered.get(current)} /> : <div className="st-center st-muted">还没有表单。</div>}
    </div>
  );
}

function NewQuestionnaire({ existing, taken, onCreated }: { existing: string[]; taken: string[]; onCreated: (p: string) => void }) {
  const [id, setId] = useState('');
  const [title, setTitle] = useState('');
  const path = `schemas/forms/${id}.json`;
  const problem = !id ? '' : !/^[a-z][a-zA-Z0-9-]*$/.test(id) ? '编号用英文字母、数字和连字符，以小写字母开头' : existing.includes(path) || taken.includes(id) ? '已有同名问卷' : '';
  return (
    <form
      className="st-newfile"
      onSubmit={(e) => {
        e.preventDefault();
        if (!id || problem || !title.trim()) return;
        const qn: Questionnaire = { title: title.trim(), sections: [], raw: {} };
        studio.addFile(path, toFileText(writeQuestionnaire(qn)));
        const app = useStudio.getState().draft?.files[APP] ?? '';
        studio.edit(APP, writeRegistry(app, { id, title: title.trim(), schema: `forms/${id}.json`, owner: 'openid', listed: true, bands: [] }));
        studio.setView('builder');
        onCreated(path);
        setId('');
        setTitle('');
      }}
    >
      <strong>新建问卷</strong>
      <label className="st-field">
        <span>编号（文件名）</span>
        <input className="st-input" value={id} onChange={(e) => setId(e.target.value.trim())} placeholder="例如 sleep" />
      </label>
      <label className="st-field">
        <span>标题</span>
        <input className="st-input" value={title} onChange={(e) => setTitle(e.target.value)} placeholder="例如 睡眠质量自评" />
      </label>
      {problem ? <p className="st-error st-small-text">{problem}</p> : null}
      <button className="st-btn st-small st-primary" type="submit" disabled={!id || !!problem || !title.trim()}>
        创建
      </button>
    </form>
  );
}

function Editor({ path, text, entry }: { path: string; text: string; entry?: RegistryEntry }) {
  const parsed = useMemo(() => {
    const { schema, error } = parse(text);
    return { qn: schema ? readQuestionnaire(schema) : null, error };
  }, [text]);
  const { qn, error } = parsed;
  const allErrors = useStudio((s) => s.check.errors);
  const checkErrors = useMemo(() => allErrors.filter((e) => e.file === path), [allErrors, path]);
  const [newType, setNewType] = useState<QType>('single');
  if (!qn) return <div className="st-center st-error">{error}</div>;

  const save = (next: Questionnaire) => studio.edit(path, toFileText(writeQuestionnaire(next), text));
  const problems = problemsOf(qn);
  const range = scoreRange(qn);
  const choices = allQuestions(qn).filter((x) => x.question.type === 'single' || x.question.type === 'multiple');

  return (
    <section className="st-builder-main" aria-label="问卷内容">
      <div className="st-row st-builder-head">
        <span className="st-path">{path}</span>
        <button className="st-btn st-small" onClick={() => studio.open(path)}>
          在编辑器中打开
        </button>
        {checkErrors.length ? <span className="st-chip st-chip-bad">检查发现 {checkErrors.length} 个问题</span> : null}
      </div>
      {problems.length ? (
        <ul className="st-box st-box-bad" role="alert">
          {problems.map((p) => (
            <li key={p}>{p}</li>
          ))}
        </ul>
      ) : null}
      <label className="st-field">
        <span>问卷标题</span>
        <input className="st-input" value={qn.title} onChange={(e) => save({ ...qn, title: e.target.value })} aria-label="问卷标题" />
      </label>
      <RegistryPanel path={path} entry={entry} range={range} />
      {entry ? <PhonePanel entry={entry} /> : null}
      {qn.sections.map((s, si) => (
        <fieldset key={si} className="st-section" aria-label={s.key ? `分组 ${s.title}` : '不分组的题目'}>
          <legend>
            {s.key === null ? (
              <span className="st-muted">不分组的题目</span>
            ) : (
              <span className="st-row">
                <input className="st-input" value={s.title} onChange={(e) => save(updateSection(qn, si, { title: e.target.value }))} aria-label="分组标题" />
                <span className="st-muted st-small-text">{s.key}</span>
                <button className="st-btn st-small" onClick={() => save(moveSection(qn, si, -1))} aria-label="分组上移">
                  ↑
                </button>
                <button className="st-btn st-small" onClick={() => save(moveSection(qn, si, 1))} aria-label="分组下移">
                  ↓
                </button>
                <button className="st-btn st-small st-danger" onClick={() => save(deleteSection(qn, si))} disabled={s.questions.length > 0} title={s.questions.length ? '先删除或移走组内题目' : '删除分组'}>
                  删除分组
                </button>
              </span>
            )}
          </legend>
          {s.questions.map((q, qi) => (
            <QuestionCard
              key={qi}
              n={allQuestions(qn).findIndex((x) => x.question === q) + 1}
              section={s}
              q={q}
              choices={choices.filter((c) => c.question !== q)}
              onChange={(patch) => save(updateQuestion(qn, si, qi, patch))}
              onMove={(d) => save(moveQuestion(qn, si, qi, d))}
              onDelete={() => save(deleteQuestion(qn, si, qi))}
            />
          ))}
          <div className="st-row">
            <select className="st-input" value={newType} onChange={(e) => setNewType(e.target.value as QType)} aria-label="新题目的题型">
              {TYPES.map((t) => (
                <option key={t} value={t}>
                  {TYPE_LABELS[t]}
                </option>
              ))}
            </select>
            <button className="st-btn st-small" onClick={() => save(addQuestion(qn, si, newType))}>
              添加题目
            </button>
          </div>
        </fieldset>
      ))}
      <div className="st-row">
        {qn.sections.length === 0 ? (
          <button className="st-btn" onClick={() => save(addQuestion(qn, 0, newType))}>
            添加第一道题
          </button>
        ) : null}
        <button className="st-btn" onClick={() => save(addSection(qn, '新分组'))}>
          添加分组
        </button>
      </div>
    </section>
  );
}
