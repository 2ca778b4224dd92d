/**
 * A list of time slots being edited (the day editor's and each bulk-rule
 * group's): time, places, and for a day's own slots their code and what is
 * booked. The checks are the server's (contract/rules/capacity-rules.ts),
 * shown next to the slot while the admin types; a booked slot cannot be
 * removed (its button says why).
 */
import type { CapacitySlotDraft } from '../../../contract/api/backoffice/capacity';
import { belowBookedReason, normalizeSlotName, placesProblem, removeBookedReason } from '../../../contract/rules/capacity-rules';

export interface SlotLine {
  key: string;
  /** Set for a slot the day already has (its time is then fixed). */
  code?: string;
  name: string;
  places: string;
  booked: number;
}

let seq = 0;
export const newLine = (name = '', places = ''): SlotLine => ({ key: `n${++seq}`, name, places, booked: 0 });

const placesOf = (text: string) => (/^\d+$/.test(text.trim()) ? Number(text.trim()) : NaN);

/** The line's own problem (the list's, such as overlaps, come from slotListProblems on the drafts). */
export function lineProblem(l: SlotLine): string | null {
  if (!normalizeSlotName(l.name)) return '时间须写成 07:30-09:30，开始早于结束';
  const n = placesOf(l.places);
  const p = placesProblem(n);
  if (p) return p;
  if (n < l.booked) return belowBookedReason(l.booked);
  return null;
}

export const toDrafts = (lines: SlotLine[]): CapacitySlotDraft[] =>
  lines.map((l) => ({ ...(l.code ? { code: l.code } : {}), name: normalizeSlotName(l.name) ?? l.name, places: placesOf(l.places) }));

interface Props {
  lines: SlotLine[];
  onChange(lines: SlotLine[]): void;
  readOnly?: boolean;
  /** The day editor: code and 已约 columns. */
  withBooked?: boolean;
  /** Names the inputs for a person using a screen reader (e.g. 第 1 组). */
  label?: string;
}

export function SlotRows({ lines, onChange, readOnly, withBooked, label = '' }: Props) {
  const set = (key: string, patch: Partial<SlotLine>) => onChange(lines.map((l) => (l.key === key ? { ...l, ...patch } : l)));
  return (
    <table className="bo-table bo-capacity-slots">
      <thead>
        <tr>
          <th>时段</th>
          {withBooked ? <th>编码</th> : null}
          <th>名额</th>
          {withBooked ? <th className="bo-num">已约</th> : null}
          {readOnly ? null : <th aria-label="操作" />}
        </tr>
      </thead>
      <tbody>
        {lines.length === 0 ? (
          <tr>
            <td colSpan={5} className="st-muted">
              没有时段
            </td>
          </tr>
        ) : null}
        {lines.map((l, i) => {
          const problem = readOnly ? null : lineProblem(l);
          const id = `bo-capacity-slot-${l.key}`;
          return (
            <tr key={l.key}>
              <td>
                {readOnly || l.code ? (
                  <span>{l.name}</span>
                ) : (
                  <input className="st-input bo-capacity-time" aria-label={`${label}时段 ${i + 1} 时间`} placeholder="07:30-09:30" value={l.name} onChange={(e) => set(l.key, { name: e.target.value })} />
                )}
                {problem ? (
                  <div className="st-error bo-capacity-hint" id={id} role="alert">
                    {problem}
                  </div>
                ) : null}
              </td>
              {withBooked ? <td className="st-muted">{l.code ?? '（新）'}</td> : null}
              <td>
                {readOnly ? (
                  <span className="bo-num">{l.places}</span>
                ) : (
                  <input
                    className="st-input bo-capacity-places"
                    inputMode="numeric"
                    aria-label={`${label}时段 ${i + 1} 名额`}
                    aria-invalid={problem ? true : undefined}
                    aria-describedby={problem ? id : undefined}
                    value={l.places}
                    onChange={(e) => set(l.key, { places: e.target.value })}
                  />
                )}
              </td>
              {withBooked ? <td className="bo-num">{l.booked}</td> : null}
              {readOnly ? null : (
                <td>
                  <button
                    type="button"
                    className="st-link"
                    disabled={l.booked > 0}
                    title={l.booked > 0 ? removeBookedReason(l.booked) : undefined}
                    aria-label={`删除时段 ${l.name || i + 1}`}
                    onClick={() => onChange(lines.filter((x) => x.key !== l.key))}
                  >
                    删除
                  </button>
                </td>
              )}
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}
