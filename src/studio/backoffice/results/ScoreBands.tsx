/**
 * A scored questionnaire's bands (flows/app.yaml `scoring.bands`) as bars: how
 * many answers fell in each, as saved with the answer (score_label), each band
 * with the scores it covers, and the mean score.
 */
import type { ResultsCount, ResultsScore } from '../../../contract/api/backoffice/results';
import { BarChart } from './BarChart';

/** '（至 4 分）', '（高于 4 至 9 分）', last '（高于 9 分）': a band covers the totals above the band before it, up to its max. */
function rangeOf(limits: Record<string, number>): (c: ResultsCount) => string {
  const ordered = Object.entries(limits);
  return (c) => {
    const i = ordered.findIndex(([label]) => label === c.label);
    if (i < 0) return '';
    if (i === 0) return `（至 ${ordered[0][1]} 分）`;
    // the last band's max is often a catch-all (99): "above" says it all
    return i === ordered.length - 1 ? `（高于 ${ordered[i - 1][1]} 分）` : `（高于 ${ordered[i - 1][1]} 至 ${ordered[i][1]} 分）`;
  };
}

export function ScoreBands({ score, completed }: { score: ResultsScore; completed: number }) {
  return (
    <section className="bo-section" aria-labelledby="bo-results-bands">
      <h2 id="bo-results-bands">得分分级</h2>
      <p className="bo-results-answered">
        平均分 <strong data-testid="results-average">{score.average ?? '—'}</strong>（{score.scored} 份有得分）
      </p>
      <div className="bo-results-card bo-results-wide">
        <BarChart caption="得分分级" counts={score.bands} of={completed} note={rangeOf(score.limits)} />
      </div>
    </section>
  );
}
