/**
 * A scale group's shared options (../questionnaire/scale.ts): edited once
 * here for every row, as PHQ-9's 完全不会 / 好几天 / 一半以上的天数 / 几乎每天.
 * A group of single choices that is not one yet offers to become one.
 */
import type { QOption, Section } from '../questionnaire/model';
import { canBeScale, sharedScale } from '../questionnaire/scale';

export default function ScalePanel({
  section,
  onScale,
  onAddRow,
  onMake,
  onUnmake,
}: {
  section: Section;
  onScale: (options: QOption[]) => void;
  onAddRow: () => void;
  onMake: () => void;
  /** Back to ordinary questions (no longer a grid on the phone); absent: not offered. */
  onUnmake?: () => void;
}) {
  const scale = sharedScale(section);
  if (!scale) {
    return canBeScale(section) ? (
      <button className="st-btn st-small st-scale-make" onClick={onMake} title="组内每道题共用一组选项和分数，例如 PHQ-9">
        设为量表（各题共用选项）
      </button>
    ) : null;
  }
  const set = (i: number, patch: Partial<QOption>) => onScale(scale.map((o, j) => (j === i ? { ...o, ...patch } : o)));
  return (
    <div className="st-scale" aria-label={`量表“${section.title}”的选项`}>
      <div className="st-small-text st-muted">量表：下面 {section.questions.length} 道题共用这组选项和分数，改一次全部生效；手机上画成一张表（表头是选项，每题一行）。</div>
      <div className="st-row st-scale-options">
        {scale.map((o, i) => (
          <span className="st-scale-option" key={i}>
            <input className="st-input" value={o.value} onChange={(e) => set(i, { value: e.target.value })} aria-label={`量表选项 ${i + 1}`} />
            <input
              className="st-input st-score"
              type="number"
              value={o.score ?? ''}
              onChange={(e) => set(i, { score: e.target.value === '' ? undefined : Number(e.target.value) })}
              aria-label={`量表选项 ${i + 1} 的分数`}
            />
            <button className="st-btn st-small" onClick={() => onScale(scale.filter((_, j) => j !== i))} disabled={scale.length <= 2} aria-label={`删除量表选项 ${i + 1}`}>
              ×
            </button>
          </span>
        ))}
        <button className="st-btn st-small" onClick={() => onScale([...scale, { value: `选项${scale.length + 1}`, score: scale.length }])}>
          添加量表选项
        </button>
      </div>
      <button className="st-btn st-small" onClick={onAddRow}>
        添加一行
      </button>
      {onUnmake ? (
        <button className="st-btn st-small" onClick={onUnmake} title="各题保留现在的选项，以后分别修改；手机上逐题显示">
          取消量表
        </button>
      ) : null}
    </div>
  );
}
