/**
 * A rating question's range and end labels (评分): 1–5 or 0–10 in one click,
 * any other range typed, and the words under the lowest and highest button.
 * Written as minimum / maximum / x-options by ../questionnaire/types-more.ts.
 */
import { RATING_PRESETS, ratingOf } from '../questionnaire/types-more';
import type { Question } from '../questionnaire/model';

export default function RatingEditor({ q, onChange }: { q: Question; onChange: (patch: Partial<Question>) => void }) {
  const r = ratingOf(q);
  const set = (patch: Partial<typeof r>) => onChange({ rating: { ...r, ...patch } });
  // a typed bound that is not a number yet (cleared to retype) keeps the old one
  const bound = (text: string, old: number) => (text.trim() === '' || !Number.isFinite(Number(text)) ? old : Number(text));
  return (
    <div className="st-row st-small-text" role="group" aria-label="评分范围">
      {RATING_PRESETS.map((p) => (
        <button key={p.label} type="button" className={`st-btn st-small${r.min === p.min && r.max === p.max ? ' st-primary' : ''}`} aria-pressed={r.min === p.min && r.max === p.max} onClick={() => set({ min: p.min, max: p.max })}>
          {p.label}
        </button>
      ))}
      <label>
        最低分 <input className="st-input st-score" type="number" step={1} value={r.min} onChange={(e) => set({ min: bound(e.target.value, r.min) })} aria-label="最低分" />
      </label>
      <label>
        最高分 <input className="st-input st-score" type="number" step={1} value={r.max} onChange={(e) => set({ max: bound(e.target.value, r.max) })} aria-label="最高分" />
      </label>
      <label>
        最低分的说明 <input className="st-input" value={r.minLabel} onChange={(e) => set({ minLabel: e.target.value })} placeholder="例如 很不满意" aria-label="最低分的说明" />
      </label>
      <label>
        最高分的说明 <input className="st-input" value={r.maxLabel} onChange={(e) => set({ maxLabel: e.target.value })} placeholder="例如 非常满意" aria-label="最高分的说明" />
      </label>
    </div>
  );
}
