/**
 * 批量设置: a date range, groups of weekdays each with its slots ("周一至周五
 * 07:30-09:30 40、09:30-11:30 30；周六 20"), replacing the slots of every
 * matching day. 预览 asks the server which days and what it would refuse
 * (将影响 N 天); 应用 writes all of them or none.
 */
import { useState } from 'react';
import type { CapacityRule, CapacityRulePreviewRes } from '../../../contract/api/backoffice/capacity';
import { CAPACITY_RULE_MAX_DAYS, WEEK_MONDAY_FIRST, WEEKDAY_SHORT, ruleProblems } from '../../../contract/rules/capacity-rules';
import { SaidLine, useAction } from '../status';
import { capacityApi } from './api';
import { dayTitle } from './month';
import { DayRange } from './side-panel';
import { SlotRows, lineProblem, newLine, toDrafts, type SlotLine } from './SlotRows';

interface Group {
  key: number;
  weekdays: number[];
  lines: SlotLine[];
}

interface Props {
  scope: string;
  label: string;
  today: string;
  onApplied(): void;
}

let groupSeq = 0;
const group = (weekdays: number[], lines: SlotLine[]): Group => ({ key: ++groupSeq, weekdays, lines });

export function RuleEditor({ scope, label, today, onApplied }: Props) {
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const [groups, setGroups] = useState<Group[]>(() => [group([1, 2, 3, 4, 5], [newLine('07:30-09:30', '')])]);
  const [preview, setPreview] = useState<{ rule: string; res: CapacityRulePreviewRes } | null>(null);
  const { busy, said, say, run } = useAction();

  const rule: CapacityRule = { scope, from, to, groups: groups.map((g) => ({ weekdays: g.weekdays, slots: toDrafts(g.lines) })) };
  const ruleKey = JSON.stringify(rule);
  const fresh = preview?.rule === ruleKey ? preview.res : null;
  const setGroup = (key: number, patch: Partial<Group>) => setGroups(groups.map((g) => (g.key === key ? { ...g, ...patch } : g)));

  function problems(): string[] {
    const own = groups.flatMap((g, i) => g.lines.map(lineProblem).filter((p): p is string => p !== null).map((p) => (groups.length > 1 ? `第 ${i + 1} 组：${p}` : p)));
    return own.length ? own : ruleProblems(rule, today);
  }

  function act(f: () => Promise<string | void>) {
    const found = problems();
    if (found.length) return say({ ok: false, text: `请先修正：\n${found.join('\n')}` });
    return run(f);
  }

  const doPreview = () => act(async () => setPreview({ rule: ruleKey, res: await capacityApi.preview(rule) }));
  const doApply = () =>
    act(async () => {
      const r = await capacityApi.apply(rule);
      setPreview(null);
      onApplied();
      return `已应用：${r.summary}`;
    });

  return (
    <section className="bo-capacity-panel" aria-label="批量设置">
      <h2>
        批量设置 <span className="st-muted">{label}</span>
      </h2>
      <p className="st-muted">范围内符合星期的日期，时段全部换成下面的设置（已有预约的时段不能少于已约人数）；其他日期不变，休息日仍然关闭。最长 {CAPACITY_RULE_MAX_DAYS} 天。</p>
      <DayRange from={from} to={to} today={today} onFrom={setFrom} onTo={setTo} toLabel="结束日期" />
      {groups.map((g, i) => (
        <fieldset key={g.key} className="bo-capacity-group" aria-label={`第 ${i + 1} 组`}>
          <legend>第 {i + 1} 组</legend>
          <div className="bo-capacity-weekdays">
            {WEEK_MONDAY_FIRST.map((d) => (
              <label key={d}>
                <input
                  type="checkbox"
                  checked={g.weekdays.includes(d)}
                  onChange={(e) => setGroup(g.key, { weekdays: e.target.checked ? [...g.weekdays, d] : g.weekdays.filter((x) => x !== d) })}
                />
                {WEEKDAY_SHORT[d]}
              </label>
            ))}
          </div>
          <SlotRows lines={g.lines} onChange={(lines) => setGroup(g.key, { lines })} label={`第 ${i + 1} 组`} />
          <div className="bo-toolbar">
            <button type="button" className="st-btn" onClick={() => setGroup(g.key, { lines: [...g.lines, newLine()] })}>
              添加时段
            </button>
            {groups.length > 1 ? (
              <button type="button" className="st-link" onClick={() => setGroups(groups.filter((x) => x.key !== g.key))}>
                删除这一组
              </button>
            ) : null}
          </div>
        </fieldset>
      ))}
      <div className="bo-toolbar">
        <button type="button" className="st-btn" onClick={() => setGroups([...groups, group([], [newLine()])])}>
          添加一组
        </button>
        <button type="button" className="st-btn" disabled={busy} onClick={() => void doPreview()}>
          预览
        </button>
        <button type="button" className="st-btn st-primary" disabled={busy || !fresh || fresh.problems.length > 0 || fresh.affected === 0} onClick={() => void doApply()}>
          应用
        </button>
      </div>
      <SaidLine said={said} className="bo-capacity-lines" />
      {fresh ? <Preview res={fresh} /> : null}
    </section>
  );
}

function Preview({ res }: { res: CapacityRulePreviewRes }) {
  return (
    <div className="bo-capacity-preview" aria-label="预览结果">
      <p className="bo-capacity-affected" role="status">
        将影响 {res.affected} 天{res.problems.length ? `，其中 ${res.problems.length} 处不能修改` : ''}
      </p>
      {res.problems.length ? (
        <ul className="st-error bo-capacity-problems">
          {res.problems.map((p) => (
            <li key={`${p.day}|${p.code}`}>
              {dayTitle(p.day)} {p.name}：{p.reason}
            </li>
          ))}
        </ul>
      ) : null}
      <table className="bo-table">
        <thead>
          <tr>
            <th>日期</th>
            <th className="bo-num">现有名额</th>
            <th className="bo-num">已约</th>
            <th className="bo-num">设置后</th>
            <th>说明</th>
          </tr>
        </thead>
        <tbody>
          {res.days.map((d) => (
            <tr key={d.day}>
              <td>{dayTitle(d.day)}</td>
              <td className="bo-num">{d.placesBefore}</td>
              <td className="bo-num">{d.booked}</td>
              <td className="bo-num">{d.placesAfter}</td>
              <td>{[d.isNew ? '新开' : '', d.closed ? '休息日，仍关闭' : ''].filter(Boolean).join('，')}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
