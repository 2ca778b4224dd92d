import type React from 'react';
import { useEffect, useMemo, useRef, useState } from 'react';
import { Button, Checkbox, Input, ProgressBar, Radio, Skeleton, Space } from 'antd-mobile';
import { loadFeedback, toast } from '../../common/feedback';
import type { ScreenProps } from '../types';
import { EmptyState } from '../../common/EmptyState';
import { PageLayout } from '../../common/PageLayout';
import { useBusy } from '../../common/use-busy';
import { resolveBankConditions, useBank } from './bank';
import {
  answerCurrent,
  collectAnswers,
  currentAnswer,
  currentEntry,
  goBack,
  isComplete,
  questionKind,
  reopenLast,
  startFlow,
  type AnswerValue,
  type Bank,
  type FlowState,
} from './sequence';
import { applyExclusive } from './exclusive';
import './question-flow.css';

export interface QuestionFlowProps {
  /** The bank, its JSON text, or a bank file path (questionnaires/x.json). */
  bank?: Bank | string;
  /** What the bank's `visibleIf` conditions see as `item` (e.g. the basic-info form). */
  context?: unknown;
  messages?: { multiRequired?: string; required?: string; confirmSubmit?: string };
  doneEvent?: string;
  backText?: string;
  nextText?: string;
  submitText?: string;
  okText?: string;
  cancelText?: string;
  emptyText?: string;
  loadFailedText?: string;
  fillPlaceholder?: string;
  /** Joins multi-select answers in the result. */
  separator?: string;
  /**
   * Where the flow stood (as last emitted with `progressEvent`): a reload, a killed webview or
   * the header's back arrow resumes at the same question with every answer. Ignored when it
   * was made for another bank or another basic info.
   */
  progress?: unknown;
  /** Emitted {progress} after every move and choice: the step keeps it (e.g. in the session). */
  progressEvent?: string;
  /** The hint beside a multiple-choice question's title. */
  multiHint?: string;
}

interface Progress {
  key: string;
  state: FlowState;
  draft?: { value: AnswerValue } | null;
}

function resumable(p: unknown, key: string): Progress | null {
  const x = p as Progress | null | undefined;
  return x && typeof x === 'object' && x.key === key && x.state && Array.isArray(x.state.entries) && typeof x.state.pos === 'number' ? x : null;
}

/** The question flow: one question at a time, follow-ups pulled in by answers, back restores. */
export default function QuestionFlowScreen(p: ScreenProps<QuestionFlowProps>) {
  const { bank: source, failed } = useBank(p.props.bank);
  if (!source) {
    return (
      <PageLayout title={p.title}>
        {failed ? <EmptyState text={p.props.loadFailedText ?? p.props.emptyText} /> : <Skeleton.Paragraph lineCount={5} animated style={{ padding: 16 }} />}
      </PageLayout>
    );
  }
  return <QuestionFlow {...p} source={source} />;
}

function QuestionFlow({ props, emit, evalItem, title, source }: ScreenProps<QuestionFlowProps> & { source: Bank }) {
  // Conditions resolve once per bank/context: answers in progress survive re-renders.
  const contextKey = JSON.stringify(props.context ?? null);
  const bank = useMemo(() => resolveBankConditions(source, evalItem, props.context), [source, contextKey]);
  // Which flow a saved progress belongs to: the questions this bank asks for this basic info.
  const key = useMemo(() => `${contextKey}|${startFlow(bank).entries.map((e) => e.question.code).join(',')}`, [bank, contextKey]);
  const [resumed] = useState(() => resumable(props.progress, key));
  const [state, setFlow] = useState<FlowState>(() => resumed?.state ?? startFlow(bank));
  // The answer being chosen belongs to one question: `edited` is cleared in the
  // same render as every move, so a new question never shows (or submits) the
  // previous question's choice; unedited, it shows the recorded answer (back restores).
  const [edited, setEdited] = useState<{ value: AnswerValue } | null>(() => resumed?.draft ?? null);
  const report = (s: FlowState, d: { value: AnswerValue } | null) => {
    if (props.progressEvent) void emit(props.progressEvent, { progress: { key, state: s, draft: d } satisfies Progress });
  };
  const setState = (s: FlowState) => {
    setFlow(s);
    setEdited(null);
    report(s, null);
  };
  const draft: AnswerValue | undefined = edited ? edited.value : currentAnswer(state);
  const setDraft = (value: AnswerValue) => {
    setEdited({ value });
    report(state, { value });
  };
  const [busy, guard] = useBusy();
  const msg = props.messages ?? {};

  // A new bank or basic info starts over (not the first render: that one may have resumed).
  const lastKey = useRef(key);
  useEffect(() => {
    if (lastKey.current === key) return;
    lastKey.current = key;
    setState(startFlow(bank));
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key]);

  const entry = currentEntry(state);
  if (!entry) {
    return (
      <PageLayout title={title}>
        <EmptyState text={props.emptyText} />
      </PageLayout>
    );
  }
  const q = entry.question;
  const kind = questionKind(q);
  const isLast = state.pos === state.entries.length - 1;
  const section = bank.sections?.[entry.section];

  const next = () =>
    guard(async () => {
      const r = answerCurrent(state, bank, draft ?? (kind === 'multi' ? [] : ''));
      if (r.error) {
        toast(r.error === 'multiRequired' ? (msg.multiRequired ?? '请完成多选题') : (msg.required ?? '请完问题'));
        return;
      }
      if (!isComplete(r.state)) {
        setState(r.state);
        return;
      }
      const { Dialog } = await loadFeedback();
      const ok = await Dialog.confirm({
        content: msg.confirmSubmit ?? '您已完成问卷，是否提交？',
        confirmText: props.okText ?? '确定',
        cancelText: props.cancelText ?? '取消',
      });
      if (!ok) {
        setState(reopenLast(r.state));
        return;
      }
      setFlow(r.state);
      setEdited(null);
      // The confirm is still closing: what the step shows next (its thanks toast) must not sit on it.
      await new Promise((resolve) => setTimeout(resolve, DIALOG_CLOSE_MS));
      if (props.doneEvent) await emit(props.doneEvent, { answers: collectAnswers(r.state, props.separator ?? ',') });
    });

  const options = q.answers ?? [];
  return (
    <PageLayout
      title={title}
      footer={
        <div style={{ display: 'flex', gap: 12 }}>
          {state.pos > 0 ? (
            <Button block style={{ flex: 1 }} disabled={busy} onClick={() => setState(goBack(state))}>
              {props.backText ?? '上一题'}
            </Button>
          ) : null}
          <Button block style={{ flex: 1 }} color="primary" loading={busy} onClick={next}>
            {isLast && !options.some((o) => o.isNext) ? (props.submitText ?? '提交') : (props.nextText ?? '下一题')}
          </Button>
        </div>
      }
    >
      <div style={{ background: '#fff', padding: 16 }}>
        {section?.title ? <div style={{ fontSize: 13, color: 'var(--adm-color-weak)', marginBottom: 6 }}>{section.title}</div> : null}
        <ProgressBar percent={(state.pos / state.entries.length) * 100} style={{ marginBottom: 8 }} />
        <div style={{ fontSize: 12, color: 'var(--adm-color-weak)' }}>
          {state.pos + 1}/{state.entries.length}
        </div>
        <div style={{ display: 'flex', alignItems: 'flex-start', gap: 8, margin: '10px 0 16px' }}>
          <div style={{ fontSize: 17, fontWeight: 600, lineHeight: 1.5, flex: 1 }}>{q.title}</div>
          {kind === 'multi' ? <span className="cf-qf-multi-hint">{props.multiHint ?? '多选'}</span> : null}
        </div>
        {kind === 'single' ? (
          <Radio.Group value={typeof draft === 'string' ? draft : null} onChange={(v) => setDraft(String(v))}>
            <Space direction="vertical" block style={{ '--gap': '14px' } as React.CSSProperties}>
              {options.map((o) => (
                <Radio key={o.ans} value={o.ans} block>
                  {o.ans}
                </Radio>
              ))}
            </Space>
          </Radio.Group>
        ) : kind === 'multi' ? (
          <Checkbox.Group
            value={Array.isArray(draft) ? draft : []}
            onChange={(v) => setDraft(applyExclusive(Array.isArray(draft) ? draft : [], v.map(String), options))}
          >
            <Space className="cf-qf-multi" direction="vertical" block style={{ '--gap': '14px' } as React.CSSProperties}>
              {options.map((o) => (
                <Checkbox key={o.ans} value={o.ans} block>
                  {o.ans}
                </Checkbox>
              ))}
            </Space>
          </Checkbox.Group>
        ) : (
          <Input
            value={typeof draft === 'string' ? draft : ''}
            onChange={setDraft}
            placeholder={props.fillPlaceholder ?? '请输入'}
            clearable
            style={{ borderBottom: '1px solid var(--adm-color-border)', padding: '6px 0' }}
          />
        )}
      </div>
    </PageLayout>
  );
}

/** antd-mobile's dialog exit animation. */
const DIALOG_CLOSE_MS = 320;
