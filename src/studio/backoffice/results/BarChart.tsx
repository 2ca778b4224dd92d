/**
 * A horizontal bar chart of counts in plain HTML and CSS (no chart library: the
 * studio's chunks stay small and the numbers stay text a screen reader and a
 * test can read). One row per option: its label, a bar as wide as its share of
 * `of`, then the count and the share. A table, so each row reads「选项 2 份 67%」.
 */
import { sharePercent, type ResultsCount } from '../../../contract/api/backoffice/results';

export function BarChart({ caption, counts, of, unit = '份', note }: { caption: string; counts: ResultsCount[]; of: number; unit?: string; note?: (c: ResultsCount) => string }) {
  return (
    <table className="bo-results-bars">
      <caption className="bo-results-sr">{caption}</caption>
      <tbody>
        {counts.map((c) => {
          const share = sharePercent(c.count, of);
          return (
            <tr key={c.label} className={c.old ? 'bo-results-old' : undefined}>
              <th scope="row" title={c.old ? '旧版问卷中的选项' : undefined}>
                {c.label}
                {note ? <span className="bo-results-note">{note(c)}</span> : null}
                {c.old ? <span className="bo-results-note">（旧版）</span> : null}
              </th>
              <td className="bo-results-track" aria-hidden="true">
                <span>
                  <span className={`bo-results-bar${c.count ? ' bo-results-some' : ''}`} style={{ width: `${share}%` }} />
                </span>
              </td>
              <td className="bo-num">
                {c.count} {unit}
              </td>
              <td className="bo-num bo-results-share">{share}%</td>
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}
