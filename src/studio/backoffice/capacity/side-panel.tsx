/**
 * What the side panel's editors (DayEditor, RuleEditor, ClosedDays) share: the
 * range of days they act on, and a change to a calendar — useAction, then
 * `onChanged` (the month grid reloads). Closing days that have bookings is a
 * question the server asks (409 ending in CAPACITY_CONFIRM_CLOSE): it is shown
 * with 仍然关闭 / 取消 (CloseQuestion) instead of being said as a refusal.
 */
import { useState } from 'react';
import { useAction } from '../status';
import { closeQuestion } from './api';

export function useCalendarChange(onChanged: () => void) {
  const action = useAction();
  const [question, setQuestion] = useState('');
  const asked = (e: unknown) => {
    const q = closeQuestion(e);
    if (q) setQuestion(q);
    return q !== null;
  };
  /** Runs the change `f` (resolving to what to say), then onChanged. */
  const act = (f: () => Promise<string>) =>
    action.run(
      async () => {
        const text = await f();
        onChanged();
        return text;
      },
      { onRefused: asked },
    );
  return { ...action, question, setQuestion, act };
}

/** 开始日期 and 结束日期, neither before today. */
export function DayRange(p: { from: string; to: string; today: string; onFrom: (d: string) => void; onTo: (d: string) => void; toLabel: string }) {
  return (
    <div className="bo-capacity-range">
      <label className="st-field">
        <span>开始日期</span>
        <input type="date" className="st-input" value={p.from} min={p.today} onChange={(e) => p.onFrom(e.target.value)} />
      </label>
      <label className="st-field">
        <span>{p.toLabel}</span>
        <input type="date" className="st-input" value={p.to} min={p.from || p.today} onChange={(e) => p.onTo(e.target.value)} />
      </label>
    </div>
  );
}

export function CloseQuestion({ question, onConfirm, onCancel }: { question: string; onConfirm: () => void; onCancel: () => void }) {
  if (!question) return null;
  return (
    <div className="bo-capacity-confirm" role="alertdialog" aria-label="确认关闭">
      <p>{question}</p>
      <button type="button" className="st-btn st-danger" onClick={onConfirm}>
        仍然关闭
      </button>
      <button type="button" className="st-btn" onClick={onCancel}>
        取消
      </button>
    </div>
  );
}
