/**
 * A question's validators: a number's range, a text's length and pattern
 * (a preset in words or written out), each with the message the examinee
 * reads (../questionnaire/validators.ts writes the schema keywords).
 */
import type { ReactNode } from 'react';
import { PATTERN_PRESETS, presetOf, type RuleKey, type Validation } from '../questionnaire/validators';

const CUSTOM = '__custom';
const EMPTY: Validation = { messages: {} };

const numOrUndef = (s: string): number | undefined => (s.trim() === '' || !Number.isFinite(Number(s)) ? undefined : Number(s));

export default function ValidatorEditor({ kind, validation, onChange }: { kind: 'text' | 'number'; validation: Validation | undefined; onChange: (v: Validation) => void }) {
  const v = validation ?? EMPTY;
  /** Sets a rule; clearing it clears its message (it would never show). */
  const setRule = (k: RuleKey, value: number | string | undefined, message?: string) => {
    const messages = { ...v.messages };
    if (value === undefined) delete messages[k];
    else if (message !== undefined && !messages[k]) messages[k] = message;
    onChange({ ...v, [k]: value, messages });
  };
  const setMessage = (k: RuleKey, text: string) => onChange({ ...v, messages: { ...v.messages, [k]: text } });
  const row = (k: RuleKey, title: string, input: ReactNode) => (
    <div className="st-row st-validator" key={k}>
      {input}
      {v[k] !== undefined ? <input className="st-input st-grow" value={v.messages[k] ?? ''} onChange={(e) => setMessage(k, e.target.value)} placeholder="不符合时的提示（留空用默认提示）" aria-label={`${title}的提示`} /> : null}
    </div>
  );
  const numberInput = (k: RuleKey, title: string) => (
    <label>
      {title} <input className="st-input st-score" type="number" value={(v[k] as number | undefined) ?? ''} onChange={(e) => setRule(k, numOrUndef(e.target.value))} aria-label={title} />
    </label>
  );

  if (kind === 'number') {
    return (
      <div className="st-validators st-small-text" aria-label="校验">
        {row('minimum', '最小值', numberInput('minimum', '最小值'))}
        {row('maximum', '最大值', numberInput('maximum', '最大值'))}
      </div>
    );
  }
  const preset = presetOf(v.pattern);
  const choice = v.pattern === undefined ? '' : preset ? preset.pattern : CUSTOM;
  return (
    <div className="st-validators st-small-text" aria-label="校验">
      {row('minLength', '最少字数', numberInput('minLength', '最少字数'))}
      {row('maxLength', '最多字数', numberInput('maxLength', '最多字数'))}
      {row(
        'pattern',
        '格式',
        <label>
          格式{' '}
          <select
            className="st-input"
            value={choice}
            onChange={(e) => {
              const p = PATTERN_PRESETS.find((x) => x.pattern === e.target.value);
              if (p) onChange({ ...v, pattern: p.pattern, messages: { ...v.messages, pattern: p.message } });
              else setRule('pattern', e.target.value === CUSTOM ? (v.pattern ?? '') : undefined);
            }}
            aria-label="格式"
          >
            <option value="">不限</option>
            {PATTERN_PRESETS.map((p) => (
              <option key={p.pattern} value={p.pattern}>
                {p.label}
              </option>
            ))}
            <option value={CUSTOM}>自定规则…</option>
          </select>
          {choice === CUSTOM ? <input className="st-input" value={v.pattern ?? ''} onChange={(e) => setRule('pattern', e.target.value)} placeholder="正则表达式，例如 ^\d{6}$" aria-label="自定格式规则" /> : null}
        </label>,
      )}
    </div>
  );
}
