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
  questionPath,
  readQuestionnaire,
  toFileText,
  updateQuestion,
  updateSection,
  writeQuestionnaire,
  type QType,
  type Question,
  type Questionnaire,
  type RegistryEntry,
  type Section,
} from '../questionnaire/model';
import { readRegistry, scoreRange, writeRegistry } from '../questionnaire/registry';
import { PhonePanel, RegistryPanel } from './BuilderRegistry';
import { baseName } from '../files';
import { studio, useStudio } from '../store';

const APP = 'flows/app.yaml';
const TYPES: QType[] = ['single', 'multiple', 'text', 'number', 'date'];
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

function QuestionCard({
  n,
  section,
  q,
  choices,
  onChange,
  onMove,
  onDelete,
}: {
  n: number;
  section: Section;
  q: Question;
  choices: Array<{ question: Question; path: string }>;
  onChange: (patch: Partial<Question>) => void;
  onMove: (d: -1 | 1) => void;
  onDelete: () => void;
}) {
  const cond = q.visibleIf && !('raw' in q.visibleIf) ? q.visibleIf : null;
  const source = cond ? choices.find((c) => c.path === cond.question) : undefined;
  const setOption = (i: number, patch: Partial<{ value: string; score?: number }>) => onChange({ options: q.options.map((o, j) => (j === i ? { ...o, ...patch } : o)) });
  return (
    <div className="st-question" data-key={questionPath(section, q)}>
      <div className="st-row">
        <span className="st-qn">{n}.</span>
        <input className="st-input st-grow" value={q.label} onChange={(e) => onChange({ label: e.target.value })} aria-label="题目" placeholder="题目文字" />
        <select className="st-input" value={q.type} onChange={(e) => onChange({ type: e.target.value as QType })} aria-label="题型" disabled={q.type === 'other'}>
          {(q.type === 'other' ? ['other' as QType] : TYPES).map((t) => (
            <option key={t} value={t}>
              {TYPE_LABELS[t]}
            </option>
          ))}
        </select>
        <button className="st-btn st-small" onClick={() => onMove(-1)} aria-label="上移">
          ↑
        </button>
        <button className="st-btn st-small" onClick={() => onMove(1)} aria-label="下移">
          ↓
        </button>
        <button className="st-btn st-small st-danger" onClick={onDelete} aria-label="删除题目">
          删除
        </button>
      </div>
      {q.type === 'other' ? (
        <p className="st-muted st-small-text">这道题的类型（{String(q.raw['x-widget'] ?? q.raw.type ?? '')}）需在编辑器中修改；这里保留原样。</p>
      ) : (
        <>
          <div className="st-row st-small-text">
            <label>
              字段名 <input className="st-input st-key" value={q.key} onChange={(e) => onChange({ key: e.target.value.trim() })} aria-label="字段名" />
            </label>
            <label>
              <input type="checkbox" checked={q.required} onChange={(e) => onChange({ required: e.target.checked, requiredMessage: e.target.checked ? q.requiredMessage : '' })} /> 必填
            </label>
            {q.required ? (
              <input className="st-input st-grow" value={q.requiredMessage} onChange={(e) => onChange({ requiredMessage: e.target.value })} placeholder={`未填写时的提示，例如：请选择${q.label.replace(/^\d+\.\s*/, '')}`} aria-label="必填提示" />
            ) : null}
            {q.type === 'text' ? (
              <label>
                <input type="checkbox" checked={!!q.multiline} onChange={(e) => onChange({ multiline: e.target.checked })} /> 多行
              </label>
            ) : null}
            {q.type === 'single' ? (
              <label>
                <input type="checkbox" checked={!!q.picker} onChange={(e) => onChange({ picker: e.target.checked })} /> 下拉选择
              </label>
            ) : null}
          </div>
          {q.type === 'text' || q.type === 'number' ? (
            <div className="st-row st-small-text">
              <label className="st-grow">
                输入框提示 <input className="st-input" value={q.placeholder ?? ''} onChange={(e) => onChange({ placeholder: e.target.value })} aria-label="输入框提示" />
              </label>
            </div>
          ) : null}
          {q.type === 'single' || q.type === 'multiple' ? (
            <div className="st-options">
              {q.options.map((o, i) => (
                <div className="st-row" key={i}>
                  <input className="st-input" value={o.value} onChange={(e) => setOption(i, { value: e.target.value })} aria-label={`选项 ${i + 1}`} />
                  <label className="st-small-text">
                    分数{' '}
                    <input
                      className="st-input st-score"
                      type="number"
                      value={o.score ?? ''}
                      onChange={(e) => setOption(i, { score: e.target.value === '' ? undefined : Number(e.target.value) })}
                      aria-label={`选项 ${i + 1} 的分数`}
                    />
                  </label>
                  <button className="st-btn st-small" onClick={() => onChange({ options: swap(q.options, i, i - 1) })} aria-label="选项上移" disabled={i === 0}>
                    ↑
                  </button>
                  <button className="st-btn st-small" onClick={() => onChange({ options: q.options.filter((_, j) => j !== i) })} aria-label={`删除选项 ${i + 1}`}>
                    ×
                  </button>
                </div>
              ))}
              <button className="st-btn st-small" onClick={() => onChange({ options: [...q.options, { value: `选项${q.options.length + 1}` }] })}>
                添加选项
              </button>
            </div>
          ) : null}
          <div className="st-row st-small-text">
            显示条件：
            {q.visibleIf && 'raw' in q.visibleIf ? (
              <>
                <code>{q.visibleIf.raw}</code>
                <button className="st-link" onClick={() => onChange({ visibleIf: undefined })}>
                  清除
                </button>
              </>
            ) : (
              <>
                <select
                  className="st-input"
                  value={cond?.question ?? ''}
                  onChange={(e) => {
                    const c = choices.find((x) => x.path === e.target.value);
                    onChange({ visibleIf: c ? { question: c.path, equals: c.question.options[0]?.value ?? '' } : undefined });
                  }}
                  aria-label="显示条件的题目"
                >
                  <option value="">始终显示</option>
                  {choices.map((c) => (
                    <option key={c.path} value={c.path}>
                      当“{c.question.label || c.path}”
                    </option>
                  ))}
                </select>
                {cond && source ? (
                  <>
                    {source.question.type === 'multiple' ? '选了' : '选'}
                    <select className="st-input" value={cond.equals} onChange={(e) => onChange({ visibleIf: { question: cond.question, equals: e.target.value } })} aria-label="显示条件的选项">
                      {source.question.options.map((o) => (
                        <option key={o.value} value={o.value}>
                          {o.value}
                        </option>
                      ))}
                    </select>
                    时显示
                  </>
                ) : null}
              </>
            )}
          </div>
        </>
      )}
    </div>
  );
}

function swap<T>(list: T[], i: number, j: number): T[] {
  if (j < 0 || j >= list.length) return list;
  const out = [...list];
  [out[i], out[j]] = [out[j], out[i]];
  return out;
}
