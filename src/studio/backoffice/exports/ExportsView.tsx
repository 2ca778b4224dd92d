/**
 * 导出 (issue 23): bookings of a date range and the answers of one questionnaire
 * as Excel files, each a plain download link the server answers (the session
 * cookie goes with it); the range is checked here with the server's own rule
 * (exportRangeProblem). Whether the files carry full ID and phone numbers is the
 * server's decision by role; the page says which. Below, for 配置, the hospital
 * system's report clients (ReportClients.tsx).
 */
import { useEffect, useId, useState } from 'react';
import { EXPORT_PATHS, EXPORT_MAX_DAYS, exportRangeProblem, type ExportQuestionnairesRes } from '../../../contract/api/backoffice/exports';
import { addDays, centreDay } from '../../../contract/rules/centre-day';
import { studioCall, studioFileUrl } from '../../api';
import { refusal } from '../refusal';
import { useRoles } from '../roles';
import { ErrorLine } from '../status';
import ReportClients from './ReportClients';
import './exports.css';

function Range(props: { from: string; to: string; onFrom: (v: string) => void; onTo: (v: string) => void; label: string }) {
  const id = useId();
  return (
    <>
      <label className="st-field" htmlFor={`${id}-from`}>
        <span>开始日期</span>
        <input id={`${id}-from`} className="st-input" type="date" value={props.from} onChange={(e) => props.onFrom(e.target.value)} aria-label={`${props.label}开始日期`} />
      </label>
      <label className="st-field" htmlFor={`${id}-to`}>
        <span>结束日期</span>
        <input id={`${id}-to`} className="st-input" type="date" value={props.to} onChange={(e) => props.onTo(e.target.value)} aria-label={`${props.label}结束日期`} />
      </label>
    </>
  );
}

/** The download link, or why not yet (next to it, announced). */
function Download({ href, problem, text }: { href: string; problem: string | null; text: string }) {
  return problem ? (
    <>
      <button className="st-btn st-primary" disabled>
        {text}
      </button>
      <p className="st-error st-small-text" role="alert">
        {problem}
      </p>
    </>
  ) : (
    <a className="st-btn st-primary" href={href} download>
      {text}
    </a>
  );
}

const query = (p: Record<string, string>) => new URLSearchParams(p).toString();

export default function ExportsView() {
  const { can } = useRoles();
  const today = centreDay(Date.now());
  const [bFrom, setBFrom] = useState(today);
  const [bTo, setBTo] = useState(addDays(today, 30));
  const [aFrom, setAFrom] = useState(addDays(today, -30));
  const [aTo, setATo] = useState(today);
  const [list, setList] = useState<ExportQuestionnairesRes | null>(null);
  const [qid, setQid] = useState('');
  const [error, setError] = useState('');
  const selectId = useId();

  useEffect(() => {
    studioCall<ExportQuestionnairesRes>('GET', EXPORT_PATHS.questionnaires)
      .then((r) => {
        setList(r);
        setQid((q) => q || r.questionnaires[0]?.id || '');
      })
      .catch((e: unknown) => {
        const text = refusal(e);
        if (text !== null) setError(text);
      });
  }, []);

  const bProblem = exportRangeProblem(bFrom, bTo);
  const aProblem = qid ? exportRangeProblem(aFrom, aTo) : '没有可导出的问卷答案';
  return (
    <div className="bo-exports">
      {list ? (
        <p className="bo-exports-note st-muted" role="note">
          {list.fullNumbers ? '导出的文件含完整的身份证号和手机号，请妥善保管，用后删除。' : '导出的文件中身份证号和手机号已脱敏；需要「运营」角色才能导出完整号码。'}
          日期按体检中心时间，含首尾两天，最多 {EXPORT_MAX_DAYS} 天。
        </p>
      ) : null}
      <section className="bo-section" aria-labelledby="bo-exports-bookings">
        <h2 id="bo-exports-bookings">预约订单</h2>
        <p className="st-muted st-small-text">每个订单一行（体检日期在所选范围内，含已撤销的订单）：订单号、姓名、身份证号、手机号、体检类型、套餐、体检日期、时段、金额、状态、支付状态、单位、下单时间。</p>
        <div className="bo-exports-form">
          <Range from={bFrom} to={bTo} onFrom={setBFrom} onTo={setBTo} label="预约订单" />
          <Download href={studioFileUrl(`${EXPORT_PATHS.bookings}?${query({ from: bFrom, to: bTo })}`)} problem={bProblem} text="下载预约订单 Excel" />
        </div>
      </section>
      <section className="bo-section" aria-labelledby="bo-exports-answers">
        <h2 id="bo-exports-answers">问卷答案</h2>
        <p className="st-muted st-small-text">每份答案一行（提交时间在所选范围内）：提交时间与填写人，然后每道题一列（表头是问卷中的题目，选项显示为选项文字，多选用“、”连接），计分的问卷另有得分与分级。</p>
        <ErrorLine text={error} />
        <div className="bo-exports-form">
          <label className="st-field" htmlFor={selectId}>
            <span>问卷</span>
            <select id={selectId} className="st-input" value={qid} onChange={(e) => setQid(e.target.value)} disabled={!list?.questionnaires.length}>
              {!list ? <option value="">正在载入…</option> : null}
              {list && !list.questionnaires.length ? <option value="">暂无问卷答案</option> : null}
              {list?.questionnaires.map((q) => (
                <option key={q.id} value={q.id}>
                  {q.title}（{q.answers} 份{q.scored ? '，计分' : ''}）
                </option>
              ))}
            </select>
          </label>
          <Range from={aFrom} to={aTo} onFrom={setAFrom} onTo={setATo} label="问卷答案" />
          <Download href={studioFileUrl(`${EXPORT_PATHS.answers}?${query({ questionnaire: qid, from: aFrom, to: aTo })}`)} problem={aProblem} text="下载问卷答案 Excel" />
        </div>
      </section>
      {can('config') ? (
        <ReportClients />
      ) : (
        <p className="st-muted st-small-text">医院系统推送报告所用的接口客户端由「配置」角色管理。</p>
      )}
    </div>
  );
}
