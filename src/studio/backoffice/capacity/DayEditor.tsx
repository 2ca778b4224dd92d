/**
 * One day of one calendar: its slots (time, code, places, booked), places
 * edited, slots added or removed, saved at once (the phone's next calendar
 * shows it); the day closed with a name, or opened. A past day is only read.
 */
import { useEffect, useState } from 'react';
import type { CapacityDay } from '../../../contract/api/backoffice/capacity';
import { slotListProblems } from '../../../contract/rules/capacity-rules';
import { SaidLine } from '../status';
import { capacityApi } from './api';
import { dayTitle } from './month';
import { CloseQuestion, useCalendarChange } from './side-panel';
import { SlotRows, lineProblem, newLine, toDrafts, type SlotLine } from './SlotRows';

interface Props {
  scope: string;
  label: string;
  day: string;
  data: CapacityDay | null;
  today: string;
  canEdit: boolean;
  onChanged(): void;
}

const linesOf = (d: CapacityDay | null): SlotLine[] => (d?.slots ?? []).map((s) => ({ key: s.code, code: s.code, name: s.name, places: String(s.places), booked: s.booked }));

export function DayEditor({ scope, label, day, data, today, canEdit, onChanged }: Props) {
  const [lines, setLines] = useState<SlotLine[]>(() => linesOf(data));
  const [note, setNote] = useState('');
  const { busy, said, say, act, question, setQuestion } = useCalendarChange(onChanged);
  // The day as stored after each save or reload (bookings may have come meanwhile).
  useEffect(() => setLines(linesOf(data)), [data]);
  const editable = canEdit && day >= today;
  const closed = data?.flag === 'T';

  function save() {
    const drafts = toDrafts(lines);
    const own = lines.map(lineProblem).filter((p): p is string => p !== null);
    const all = own.length ? own : slotListProblems(drafts);
    if (all.length) return say({ ok: false, text: `请先修正：\n${all.join('\n')}` });
    void act(async () => {
      const r = await capacityApi.saveDay(scope, day, drafts);
      return `已保存：${r.day?.slots.length ?? 0} 个时段，共 ${r.day?.places ?? 0} 个名额`;
    });
  }

  const close = (keepBookings: boolean) =>
    act(async () => {
      setQuestion('');
      const r = await capacityApi.close([scope], day, day, note, keepBookings);
      return r.kept ? `已关闭，保留已有预约 ${r.kept} 人` : '已关闭';
    });

  return (
    <section className="bo-capacity-panel" aria-label={`${dayTitle(day)} 号源`}>
      <h2>
        {dayTitle(day)} <span className="st-muted">{label}</span>
      </h2>
      <p className="bo-capacity-status">
        {!data ? '尚未开放（没有时段）' : closed ? `休息日${data.note ? `：${data.note}` : ''}（手机端显示休假，不能预约）` : '开放预约'}
        {data ? `　已约 ${data.booked} / 共 ${data.places}` : ''}
      </p>
      {day < today ? <p className="st-muted">已过去的日期，只能查看。</p> : null}
      <SlotRows lines={lines} onChange={setLines} readOnly={!editable} withBooked label="" />
      {editable ? (
        <div className="bo-toolbar bo-capacity-actions">
          <button type="button" className="st-btn" onClick={() => setLines([...lines, newLine()])}>
            添加时段
          </button>
          <button type="button" className="st-btn st-primary" disabled={busy} onClick={save}>
            保存时段
          </button>
        </div>
      ) : null}
      <SaidLine said={said} className="bo-capacity-lines" />
      {editable ? (
        <div className="bo-capacity-close">
          {closed ? (
            <button type="button" className="st-btn" disabled={busy} onClick={() => void act(async () => (await capacityApi.open([scope], day, day), '已开放'))}>
              开放这一天
            </button>
          ) : (
            <>
              <label className="st-field">
                <span>休息日名称（可空）</span>
                <input className="st-input" value={note} maxLength={40} placeholder="如 国庆节" onChange={(e) => setNote(e.target.value)} />
              </label>
              <button type="button" className="st-btn st-danger" disabled={busy} onClick={() => void close(false)}>
                关闭这一天
              </button>
            </>
          )}
          <CloseQuestion question={question} onConfirm={() => void close(true)} onCancel={() => setQuestion('')} />
        </div>
      ) : null}
    </section>
  );
}
