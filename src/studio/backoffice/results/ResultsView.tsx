/**
 * 问卷统计 (issue 25): one questionnaire's completed answers at a glance — how
 * many, each choice question's options as bars, the score bands of a scored
 * questionnaire, numbers' range and mean — for a range of days and a 院区. The
 * server counts (contract/api/backoffice/results.ts); this page only draws, and
 * links to the 问卷答案 export of the same questionnaire and days. Its own lazy
 * chunk of the back office (BackOfficeView), no chart library.
 */
import { useEffect, useId, useRef, useState } from 'react';
import { EXPORT_MAX_DAYS, EXPORT_PATHS, exportRangeProblem } from '../../../contract/api/backoffice/exports';
import { RESULTS_ALL_BRANCHES, RESULTS_ALL_BRANCHES_LABEL, RESULTS_PATHS, type ResultsOptionsRes, type ResultsRes } from '../../../contract/api/backoffice/results';
import { addDays, centreDay } from '../../../contract/rules/centre-day';
import { studioCall, studioFileUrl } from '../../api';
import { refusal } from '../refusal';
import { ErrorLine } from '../status';
import { QuestionCards } from './QuestionCards';
import { ScoreBands } from './ScoreBands';
import './results.css';

const query = (p: Record<string, string>) => new URLSearchParams(p).toString();

export default function ResultsView() {
  const today = centreDay(Date.now());
  const [options, setOptions] = useState<ResultsOptionsRes | null>(null);
  const [qid, setQid] = useState('');
  const [from, setFrom] = useState(addDays(today, -30));
  const [to, setTo] = useState(today);
  const [branch, setBranch] = useState(RESULTS_ALL_BRANCHES);
  const [res, setRes] = useState<ResultsRes | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');
  const asked = useRef(0);
  const id = useId();

  useEffect(() => {
    studioCall<ResultsOptionsRes>('GET', RESULTS_PATHS.options)
      .then((r) => {
        setOptions(r);
        setQid((q) => q || r.questionnaires[0]?.id || '');
      })
      .catch((e: unknown) => {
        const text = refusal(e);
        if (text !== null) setError(text);
      });
  }, []);

  const problem = exportRangeProblem(from, to);
  useEffect(() => {
    if (!qid || problem) return;
    // a later choice wins: an answer to an earlier one arriving late is dropped
    const mine = ++asked.current;
    setBusy(true);
    studioCall<ResultsRes>('GET', `${RESULTS_PATHS.summary}?${query({ questionnaire: qid, from, to, branch })}`)
      .then((r) => {
        if (mine !== asked.current) return;
        setRes(r);
        setError('');
      })
      .catch((e: unknown) => {
        if (mine !== asked.current) return;
        const text = refusal(e);
        if (text !== null) setError(text);
      })
      .finally(() => {
        if (mine === asked.current) setBusy(false);
      });
  }, [qid, from, to, branch, problem]);

  const exportHref = studioFileUrl(`${EXPORT_PATHS.answers}?${query({ questionnaire: qid, from, to })}`);
  return (
    <div className="bo-results">
      <p className="st-muted st-small-text">
        已完成的问卷答案按提交时间统计（日期按体检中心时间，含首尾两天，最多 {EXPORT_MAX_DAYS} 天）。院区：账号在该院区有有效预约、或体检号的报告来自该院区的答案。
      </p>
      <div className="bo-results-form">
        <label className="st-field" htmlFor={`${id}-q`}>
          <span>问卷</span>
          <select id={`${id}-q`} className="st-input" value={qid} onChange={(e) => setQid(e.target.value)} disabled={!options?.questionnaires.length}>
            {!options ? <option value="">正在载入…</option> : null}
            {options && !options.questionnaires.length ? <option value="">暂无问卷答案</option> : null}
            {options?.questionnaires.map((q) => (
              <option key={q.id} value={q.id}>
                {q.title}
              </option>
            ))}
          </select>
        </label>
        <label className="st-field" htmlFor={`${id}-from`}>
          <span>开始日期</span>
          <input id={`${id}-from`} className="st-input" type="date" value={from} onChange={(e) => setFrom(e.target.value)} aria-label="问卷统计开始日期" />
        </label>
        <label className="st-field" htmlFor={`${id}-to`}>
          <span>结束日期</span>
          <input id={`${id}-to`} className="st-input" type="date" value={to} onChange={(e) => setTo(e.target.value)} aria-label="问卷统计结束日期" />
        </label>
        <label className="st-field" htmlFor={`${id}-b`}>
          <span>院区</span>
          <select id={`${id}-b`} className="st-input" value={branch} onChange={(e) => setBranch(e.target.value)}>
            <option value={RESULTS_ALL_BRANCHES}>{RESULTS_ALL_BRANCHES_LABEL}</option>
            {options?.branches.map((b) => (
              <option key={b.code} value={b.code}>
                {b.name}
              </option>
            ))}
          </select>
        </label>
        {qid && !problem ? (
          <a className="st-btn" href={exportHref} download title={branch ? '导出的文件含全部院区的答案' : undefined}>
            导出这些答案（Excel）
          </a>
        ) : null}
      </div>
      {problem ? (
        <p className="st-error st-small-text" role="alert">
          {problem}
        </p>
      ) : null}
      <ErrorLine text={error} />
      {busy ? (
        <p className="st-muted" role="status">
          正在统计…
        </p>
      ) : null}
      {res && !problem ? <Summary res={res} /> : null}
    </div>
  );
}

function Summary({ res }: { res: ResultsRes }) {
  return (
    <>
      <section className="bo-section" aria-labelledby="bo-results-total">
        <h2 id="bo-results-total">
          {res.questionnaire.title}：共 <span data-testid="results-completed">{res.completed}</span> 份已完成的答案
        </h2>
        <p className="st-muted st-small-text">
          {res.from} 至 {res.to}，{res.branchName}
          {res.branch ? '（导出的 Excel 含全部院区）' : ''}
          {!res.branch && res.unplaced ? `；其中 ${res.unplaced} 份无法确定院区（账号没有有效预约，或体检号还没有报告），只计入全部院区` : ''}。
        </p>
      </section>
      {res.completed ? (
        <>
          {res.score ? <ScoreBands score={res.score} completed={res.completed} /> : null}
          <section className="bo-section" aria-labelledby="bo-results-questions">
            <h2 id="bo-results-questions">各题结果</h2>
            <QuestionCards questions={res.questions} />
          </section>
        </>
      ) : (
        <p className="bo-results-empty">所选日期和院区内没有已完成的答案。</p>
      )}
    </>
  );
}
