/**
 * One question of the builder: its text, type, field name, required with its
 * message, options with points, and when it shows. Edits go up as patches
 * (../questionnaire/model.ts writes them into the schema).
 */
import { TYPE_LABELS, questionPath, type QOption, type QType, type Question, type Section } from '../questionnaire/model';
import type { Target } from '../questionnaire/logic';
import { validationWords } from '../questionnaire/validators';
import ConditionEditor, { MoreLogic } from './BuilderLogic';
import ValidatorEditor from './BuilderValidators';
import FormulaEditor from './BuilderFormula';
import RatingEditor from './BuilderRating';
import { CHOICE_SHOWS, choiceShowOf, choiceShowPatch, type ChoiceShow } from '../questionnaire/types-more';

export const TYPES: QType[] = ['single', 'multiple', 'yesno', 'rating', 'text', 'number', 'date', 'description', 'calculated', 'signature'];

/** Types answered by picking (请选择…); the rest are typed or drawn (请填写…). */
const CHOOSE = new Set<QType>(['single', 'multiple', 'yesno', 'rating', 'date']);

export default function QuestionCard({
  n,
  section,
  q,
  targets,
  scaleRow,
  self,
  onChange,
  onMove,
  onDelete,
}: {
  n: number;
  section: Section;
  q: Question;
  targets: Target[];
  /** A row of a scale group: its options are the group's (BuilderScale). */
  scaleRow?: boolean;
  /** This question as a condition names it (its own answer can end the questionnaire); none in a repeatable group. */
  self?: Target;
  onChange: (patch: Partial<Question>) => void;
  onMove: (d: -1 | 1) => void;
  onDelete: () => void;
}) {
  const setOption = (i: number, patch: Partial<QOption>) => onChange({ options: q.options.map((o, j) => (j === i ? { ...o, ...patch } : o)) });
  return (
    <div className="st-question" data-key={questionPath(section, q)}>
      <div className="st-row">
        <span className="st-qn">{n}.</span>
        <input className="st-input st-grow" value={q.label} onChange={(e) => onChange({ label: e.target.value })} aria-label="题目" placeholder={q.type === 'description' ? '给填写人看的说明' : '题目文字'} />
        <select className="st-input" value={q.type} onChange={(e) => onChange({ type: e.target.value as QType })} aria-label="题型" disabled={q.type === 'other' || scaleRow} hidden={scaleRow}>
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
            <label hidden={q.type === 'description'}>
              <input type="checkbox" checked={q.required} onChange={(e) => onChange({ required: e.target.checked, requiredMessage: e.target.checked ? q.requiredMessage : '' })} /> 必填
            </label>
            {q.required ? (
              <input className="st-input st-grow" value={q.requiredMessage} onChange={(e) => onChange({ requiredMessage: e.target.value })} placeholder={`未填写时的提示，例如：请${CHOOSE.has(q.type) ? '选择' : '填写'}${q.label.replace(/^\d+\.\s*/, '')}`} aria-label="必填提示" />
            ) : null}
            {q.type === 'text' ? (
              <label>
                <input type="checkbox" checked={!!q.multiline} onChange={(e) => onChange({ multiline: e.target.checked })} /> 多行
              </label>
            ) : null}
            {q.type === 'single' && !scaleRow ? (
              <label>
                显示为{' '}
                <select className="st-input" value={choiceShowOf(q)} onChange={(e) => onChange(choiceShowPatch(e.target.value as ChoiceShow))} aria-label="显示为">
                  {CHOICE_SHOWS.map((c) => (
                    <option key={c.value} value={c.value}>
                      {c.label}
                    </option>
                  ))}
                </select>
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
          {(q.type === 'single' || q.type === 'multiple') && !scaleRow ? (
            <div className="st-options">
              {q.options.map((o, i) => (
                <div className="st-row" key={i}>
                  <input className="st-input" value={o.value} onChange={(e) => setOption(i, { value: e.target.value })} aria-label={`选项 ${i + 1}`} />
                  {q.type === 'multiple' ? (
                    <label className="st-small-text" title="选它会清掉别的选项，选别的会清掉它（如“以上都没有”）">
                      <input type="checkbox" checked={!!o.exclusive} onChange={(e) => setOption(i, { exclusive: e.target.checked || undefined })} aria-label={`选项 ${i + 1} 只能单独选`} /> 单独选
                    </label>
                  ) : null}
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
          {q.type === 'text' || q.type === 'number' ? (
            <details className="st-validator-box" open={!!validationWords(q.validation)}>
              <summary className="st-small-text">校验{validationWords(q.validation) ? `：${validationWords(q.validation)}` : ''}</summary>
              <ValidatorEditor kind={q.type} validation={q.validation} onChange={(validation) => onChange({ validation })} />
            </details>
          ) : null}
          {q.type === 'rating' ? <RatingEditor q={q} onChange={onChange} /> : null}
          {q.type === 'calculated' ? <FormulaEditor formula={q.formula} targets={targets} onChange={(formula) => onChange({ formula })} /> : null}
          <ConditionEditor condition={q.visibleIf} targets={targets} onChange={(visibleIf) => onChange({ visibleIf })} subject={`题目“${q.label || q.key}”`} />
          {q.type !== 'description' && q.type !== 'calculated' && !section.repeat ? <MoreLogic q={q} targets={targets} self={self} onChange={onChange} subject={`题目“${q.label || q.key}”`} /> : null}
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
