/**
 * The questions of 问卷统计, grouped under their sections' labels in the form's
 * order: a choice question as a bar chart (shares of those who answered it — a
 * question its condition hid was not asked of everyone), a number with its
 * range and mean, any other question with how many answered it.
 */
import type { ResultsQuestion } from '../../../contract/api/backoffice/results';
import { BarChart } from './BarChart';

const KIND_LABEL: Record<ResultsQuestion['kind'], string> = { single: '单选', multiple: '多选', rating: '评分', number: '数字', text: '填写' };

function Card({ q }: { q: ResultsQuestion }) {
  return (
    <article className="bo-results-card" aria-label={q.label}>
      <h4>
        {q.label}
        <span className="bo-results-kind">{KIND_LABEL[q.kind]}</span>
      </h4>
      <p className="bo-results-answered">
        {q.answered} 份作答{q.kind === 'multiple' && q.answered ? '（可多选，比例之和可超过 100%）' : ''}
        {q.kind === 'rating' && q.avg != null ? `，平均 ${q.avg} 分` : ''}
      </p>
      {q.kind === 'single' || q.kind === 'multiple' || q.kind === 'rating' ? (
        q.answered ? (
          <BarChart caption={q.label} counts={q.options} of={q.answered} />
        ) : null
      ) : q.kind === 'number' && q.avg !== null ? (
        <dl className="bo-results-stats">
          <dt>最小</dt>
          <dd>{q.min}</dd>
          <dt>平均</dt>
          <dd>{q.avg}</dd>
          <dt>最大</dt>
          <dd>{q.max}</dd>
        </dl>
      ) : null}
    </article>
  );
}

/** Consecutive questions of one section, in order. */
function groups(questions: ResultsQuestion[]): Array<{ section: string; questions: ResultsQuestion[] }> {
  const out: Array<{ section: string; questions: ResultsQuestion[] }> = [];
  for (const q of questions) {
    const last = out[out.length - 1];
    if (last && last.section === q.section) last.questions.push(q);
    else out.push({ section: q.section, questions: [q] });
  }
  return out;
}

export function QuestionCards({ questions }: { questions: ResultsQuestion[] }) {
  return (
    <>
      {groups(questions).map((g, i) => (
        <section key={`${i}-${g.section}`} className="bo-results-group" aria-label={g.section || '题目'}>
          {g.section ? <h3>{g.section}</h3> : null}
          <div className="bo-results-cards">
            {g.questions.map((q) => (
              <Card key={q.path} q={q} />
            ))}
          </div>
        </section>
      ))}
    </>
  );
}
