/**
 * The questionnaire builder: questions, options with points, required with
 * its message, a condition on another answer, sections, and the registry
 * entry (title, owner, 我的问卷, scoring bands). Every change writes the same
 * schema file a person writes by hand (../questionnaire/model.ts) into the
 * draft, and flows/app.yaml's registry entry; the editor, the check, the diff
 * and publishing then work as for any edit. Every change goes through the
 * builder's history (BuilderHistory.tsx: 撤销 / 重做, Ctrl+Z); cards are
 * reordered by dragging their handle (BuilderDrag.tsx) or with ↑ ↓.
 */
import { useMemo, useState } from 'react';
import {
  TYPE_LABELS,
  conditionTargets,
  questionPath,
  allQuestions,
  problemsOf,
  readQuestionnaire,
  toFileText,
  writeQuestionnaire,
  type QType,
  type Question,
  type Questionnaire,
  type RegistryEntry,
} from '../questionnaire/model';
import {
  addQuestion,
  addSection,
  deleteQuestion,
  deleteSection,
  moveSection,
  updateQuestion,
  updateSection,
} from '../questionnaire/edit';
import { readRegistry, scoreRange, writeRegistry } from '../questionnaire/registry';
import { moveProblem, moveQuestionTo, stepPlace, type Place } from '../questionnaire/reorder';
import { PhonePanel, RegistryPanel } from './BuilderRegistry';
import QuestionCard, { TYPES } from './BuilderQuestion';
import ConditionEditor from './BuilderLogic';
import ScalePanel from './BuilderScale';
import { addRow, makeScale, setScale, sharedScale, unmakeScale } from '../questionnaire/scale';
import { describePatch } from '../questionnaire/history';
import { BuilderNoticeBar, HistoryButtons, useBuilderHistory, type ChangeHow } from './BuilderHistory';
import { QuestionSlot, useQuestionDrag } from './BuilderDrag';
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
      // a new questionnaire's name is not in the draft yet: Ctrl+Z here is the browser's own
      data-own-undo=""
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
  // one history per questionnaire shown (this Editor is keyed by its path), see BuilderHistory.tsx
  const h = useBuilderHistory();
  const drag = useQuestionDrag();
  if (!qn) return <div className="st-center st-error">{error}</div>;

  const save = (next: Questionnaire, how: ChangeHow) => h.change({ [path]: toFileText(writeQuestionnaire(next), text) }, how);
  const problems = problemsOf(qn);
  const range = scoreRange(qn);
  const all = allQuestions(qn);
  const numberOf = (q: Question) => all.findIndex((x) => x.question === q) + 1;
  const nameOf = (q: Question) => `第 ${numberOf(q)} 题“${q.label || q.key}”`;
  const at = (p: Place) => qn.sections[p.section].questions[p.index];
  /** Drag and drop, ↑ and ↓: a move that would lose a field (its name taken there) is refused, saying why. */
  const move = (from: Place, to: Place, label: string) => {
    const problem = moveProblem(qn, from, to);
    if (problem) h.warn(problem);
    else save(moveQuestionTo(qn, from, to), { label });
  };
  const targets = conditionTargets(qn);

  return (
    // focusable (not in the tab order): a click on its free space keeps the focus in the builder, where Ctrl+Z undoes
    <section className="st-builder-main" aria-label="问卷内容" tabIndex={-1}>
      {/* stays in view while the list scrolls: 撤销 and the notice after deleting the 20th question are at hand */}
      <div className="st-builder-bar">
        <div className="st-row st-builder-head">
          <span className="st-path">{path}</span>
          <HistoryButtons h={h} />
          <button className="st-btn st-small" onClick={() => studio.open(path)}>
            在编辑器中打开
          </button>
          {checkErrors.length ? <span className="st-chip st-chip-bad">检查发现 {checkErrors.length} 个问题</span> : null}
        </div>
        <BuilderNoticeBar h={h} />
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
        <input className="st-input" value={qn.title} onChange={(e) => save({ ...qn, title: e.target.value }, { label: '修改问卷标题', key: 'title' })} aria-label="问卷标题" />
      </label>
      <RegistryPanel path={path} entry={entry} range={range} change={h.change} />
      {entry ? <PhonePanel entry={entry} change={h.change} /> : null}
      {qn.sections.map((s, si) => (
        <fieldset
          key={si}
          className={`st-section${drag.from && drag.over?.section === si && drag.over.index === s.questions.length ? ' st-section-over' : ''}`}
          aria-label={s.key ? `分组 ${s.title}` : '不分组的题目'}
          // a drop on the section's free space: to its end
          {...drag.target({ section: si, index: s.questions.length }, (from, to) => move(from, to, `把${nameOf(at(from))}移到“${s.title || '不分组的题目'}”的末尾`))}
        >
          <legend>
            {s.key === null ? (
              <span className="st-muted">不分组的题目</span>
            ) : (
              <span className="st-row">
                <input className="st-input" value={s.title} onChange={(e) => save(updateSection(qn, si, { title: e.target.value }), { label: `修改分组“${s.key}”的标题`, key: `section.${s.key}.title` })} aria-label="分组标题" />
                <span className="st-muted st-small-text">{s.key}</span>
                {s.repeat ? <span className="st-chip" title="填写人可以添加多条，每条都回答组内的题目">可重复</span> : null}
                <button className="st-btn st-small" onClick={() => save(moveSection(qn, si, -1), { label: `上移分组“${s.title}”` })} aria-label="分组上移">
                  ↑
                </button>
                <button className="st-btn st-small" onClick={() => save(moveSection(qn, si, 1), { label: `下移分组“${s.title}”` })} aria-label="分组下移">
                  ↓
                </button>
                <button className="st-btn st-small st-danger" onClick={() => save(deleteSection(qn, si), { label: `删除分组“${s.title}”`, deleted: `已删除分组“${s.title}”` })} disabled={s.questions.length > 0} title={s.questions.length ? '先删除或移走组内题目' : '删除分组'}>
                  删除分组
                </button>
              </span>
            )}
          </legend>
          {s.key !== null ? (
            <ConditionEditor condition={s.visibleIf} targets={targets.filter((t) => !t.path.startsWith(`${s.key}.`))} onChange={(visibleIf) => save(updateSection(qn, si, { visibleIf }), { label: `修改分组“${s.title}”的显示条件` })} subject={`分组“${s.title}”`} />
          ) : null}
          <ScalePanel section={s} onScale={(options) => save(setScale(qn, si, options), { label: `修改量表“${s.title}”的选项` })} onAddRow={() => save(addRow(qn, si), { label: `给量表“${s.title}”添加一行` })} onMake={() => save(makeScale(qn, si), { label: `把分组“${s.title}”设为量表` })} onUnmake={() => save(unmakeScale(qn, si), { label: `取消分组“${s.title}”的量表` })} />
          {s.questions.map((q, qi) => (
            <QuestionSlot key={qi} place={{ section: si, index: qi }} drag={drag} onMove={(from, to) => move(from, to, `移动${nameOf(at(from))}`)}>
              <QuestionCard
                n={numberOf(q)}
                section={s}
                q={q}
                scaleRow={!!sharedScale(s)}
                targets={s.repeat ? [] : targets.filter((t) => t.path !== questionPath(s, q))}
                self={s.repeat ? undefined : targets.find((t) => t.path === questionPath(s, q))}
                onChange={(patch) => save(updateQuestion(qn, si, qi, patch), describePatch(numberOf(q), q, patch))}
                onMove={(d) => {
                  const to = stepPlace(qn, { section: si, index: qi }, d);
                  if (to) move({ section: si, index: qi }, to, `${d < 0 ? '上移' : '下移'}${nameOf(q)}`);
                }}
                onDelete={() => save(deleteQuestion(qn, si, qi), { label: `删除${nameOf(q)}`, deleted: `已删除“${q.label || q.key}”` })}
              />
            </QuestionSlot>
          ))}
          <div className="st-row">
            <select className="st-input" value={newType} onChange={(e) => setNewType(e.target.value as QType)} aria-label="新题目的题型">
              {TYPES.map((t) => (
                <option key={t} value={t}>
                  {TYPE_LABELS[t]}
                </option>
              ))}
            </select>
            <button className="st-btn st-small" onClick={() => save(addQuestion(qn, si, newType), { label: '添加题目' })}>
              添加题目
            </button>
          </div>
        </fieldset>
      ))}
      <div className="st-row">
        {qn.sections.length === 0 ? (
          <button className="st-btn" onClick={() => save(addQuestion(qn, 0, newType), { label: '添加第一道题' })}>
            添加第一道题
          </button>
        ) : null}
        <button className="st-btn" onClick={() => save(addSection(qn, '新分组'), { label: '添加分组' })}>
          添加分组
        </button>
        <button className="st-btn" onClick={() => save(addSection(qn, '新的可重复分组', true), { label: '添加可重复的分组' })} title="填写人可以填多条，例如既往病史、工作经历">
          添加可重复的分组
        </button>
      </div>
    </section>
  );
}
