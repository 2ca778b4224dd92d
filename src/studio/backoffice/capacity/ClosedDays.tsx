/**
 * 休息日: a date or a range closed with a name (国庆节) — on this calendar or on
 * every calendar at once — or opened again. The phone shows a closed day as 休假
 * and never offers it. Days that already have bookings are closed only after
 * the admin read how many there are: those bookings stay valid.
 */
import { useState } from 'react';
import type { CapacityScopeInfo } from '../../../contract/api/backoffice/capacity';
import { CAPACITY_NOTE_MAX, rangeProblem } from '../../../contract/rules/capacity-rules';
import { SaidLine } from '../status';
import { capacityApi } from './api';
import { CloseQuestion, DayRange, useCalendarChange } from './side-panel';

interface Props {
  scope: CapacityScopeInfo;
  scopes: CapacityScopeInfo[];
  today: string;
  onChanged(): void;
}

export function ClosedDays({ scope, scopes, today, onChanged }: Props) {
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const [note, setNote] = useState('');
  const [all, setAll] = useState(false);
  const { busy, said, say, act: change, question, setQuestion } = useCalendarChange(onChanged);
  const targets = all ? scopes.map((s) => s.scope) : [scope.scope];
  const until = to || from;

  /** A change of the chosen days, once the range is right (the server's own rangeProblem). */
  function forRange(f: () => Promise<string>) {
    setQuestion('');
    const p = rangeProblem(from, until, today);
    if (p) return say({ ok: false, text: p });
    return change(f);
  }

  const close = (keep: boolean) =>
    forRange(async () => {
      const r = await capacityApi.close(targets, from, until, note.trim(), keep);
      return `已关闭 ${r.days} 天${r.kept ? `，保留已有预约 ${r.kept} 人` : ''}`;
    });
  const open = () => forRange(async () => `已开放 ${(await capacityApi.open(targets, from, until)).days} 天`);

  return (
    <section className="bo-capacity-panel" aria-label="休息日">
      <h2>休息日</h2>
      <p className="st-muted">关闭的日期在手机端显示“休假”，不能预约；已有的预约仍然有效。</p>
      <DayRange from={from} to={to} today={today} onFrom={setFrom} onTo={setTo} toLabel="结束日期（可空）" />
      <label className="st-field">
        <span>名称（可空）</span>
        <input className="st-input" value={note} maxLength={CAPACITY_NOTE_MAX} placeholder="如 国庆节" onChange={(e) => setNote(e.target.value)} />
      </label>
      <fieldset className="bo-capacity-which">
        <legend>日历</legend>
        <label>
          <input type="radio" name="bo-capacity-which" checked={!all} onChange={() => setAll(false)} />
          仅{scope.label}
        </label>
        <label>
          <input type="radio" name="bo-capacity-which" checked={all} onChange={() => setAll(true)} />
          全部日历（{scopes.length} 个）
        </label>
      </fieldset>
      <div className="bo-toolbar">
        <button type="button" className="st-btn st-danger" disabled={busy} onClick={() => void close(false)}>
          关闭这些日期
        </button>
        <button type="button" className="st-btn" disabled={busy} onClick={() => void open()}>
          重新开放
        </button>
      </div>
      <CloseQuestion question={question} onConfirm={() => void close(true)} onCancel={() => setQuestion('')} />
      <SaidLine said={said} />
    </section>
  );
}
