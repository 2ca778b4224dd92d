/**
 * One calendar's month: 7 columns from Monday, each day with 已约/总数, closed
 * days marked with their name, days without a calendar row as 未开放, past
 * days greyed. A day is a button: it opens the day's slots beside the grid.
 */
import type { CapacityDay } from '../../../contract/api/backoffice/capacity';
import { WEEK_HEADERS, monthWeeks } from './month';

interface Props {
  month: string;
  today: string;
  days: Map<string, CapacityDay>;
  selected: string | null;
  onPick(day: string): void;
}

function cellText(d: CapacityDay | undefined): { main: string; sub: string } {
  if (!d) return { main: '未开放', sub: '' };
  if (d.flag === 'T') return { main: d.note || '休息日', sub: d.booked ? `已约 ${d.booked}` : '' };
  if (d.places === 0) return { main: '未放号', sub: '' };
  return { main: `${d.booked}/${d.places}`, sub: d.booked >= d.places ? '约满' : `余 ${d.places - d.booked}` };
}

export function MonthGrid({ month, today, days, selected, onPick }: Props) {
  return (
    <table className="bo-capacity-grid" aria-label="号源日历">
      <thead>
        <tr>
          {WEEK_HEADERS.map((w) => (
            <th key={w} scope="col">
              {w}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {monthWeeks(month).map((week, wi) => (
          <tr key={wi}>
            {week.map((date, di) => {
              if (!date) return <td key={di} className="bo-capacity-blank" />;
              const d = days.get(date);
              const { main, sub } = cellText(d);
              const cls = [
                'bo-capacity-cell',
                date < today ? 'bo-capacity-past' : '',
                date === today ? 'bo-capacity-today' : '',
                d?.flag === 'T' ? 'bo-capacity-closed' : '',
                !d || (d.flag === 'F' && d.places === 0) ? 'bo-capacity-none' : '',
                d && d.flag === 'F' && d.places > 0 && d.booked >= d.places ? 'bo-capacity-full' : '',
                selected === date ? 'bo-capacity-on' : '',
              ]
                .filter(Boolean)
                .join(' ');
              return (
                <td key={di}>
                  <button type="button" className={cls} data-day={date} aria-pressed={selected === date} aria-label={`${date} ${main}${sub ? ` ${sub}` : ''}`} onClick={() => onPick(date)}>
                    <span className="bo-capacity-date">{Number(date.slice(8))}</span>
                    <span className="bo-capacity-main">{main}</span>
                    <span className="bo-capacity-sub">{sub}</span>
                  </button>
                </td>
              );
            })}
          </tr>
        ))}
      </tbody>
    </table>
  );
}
