/**
 * When a question or a group shows: clauses on other answers of any kind
 * (a choice, a number range, text filled or empty, a date), joined by 且 or
 * 或, read back in words ("当 体重 > 100 且 性别 为 女 时显示"). The builder
 * writes the expression (../questionnaire/logic.ts) and keeps it on hover; an
 * expression it cannot show as clauses stays as written.
 */
import type { Question } from '../questionnaire/model';
import { OPS_BY_KIND, PURPOSE_WORDS, needsValue, opWord, ruleExpression, ruleWords, type Clause, type Condition, type Op, type Rule, type RulePurpose, type Target } from '../questionnaire/logic';


const firstValue = (t: Target, op: Op): string | undefined => (!needsValue(op) ? undefined : t.options[0] ?? (t.kind === 'number' || t.kind === 'numberText' ? '0' : t.kind === 'date' ? '2000-01-01' : ''));

function newClause(t: Target): Clause {
  const op = OPS_BY_KIND[t.kind][0];
  return { question: t.path, op, value: firstValue(t, op) };
}

export default function ConditionEditor({
  condition,
  targets,
  onChange,
  subject,
  purpose = 'show',
}: {
  condition: Condition | undefined;
  targets: Target[];
  onChange: (c: Condition | undefined) => void;
  subject: string;
  /** What the rule does (shows, requires, ends); its words, button and labels say so. */
  purpose?: RulePurpose;
}) {
  const name = PURPOSE_WORDS[purpose].name;
  // The show rule's controls keep their short labels (条件 1 的题目); the others are prefixed, so each is found by its own label.
  const prefix = purpose === 'show' ? '' : name.replace('条件', '');
  if (condition && 'raw' in condition) {
    return (
      <div className="st-logic st-small-text">
        {name}（在编辑器中写的，保留原样）：<code>{condition.raw}</code>
        <button className="st-link" onClick={() => onChange(undefined)}>
          清除
        </button>
      </div>
    );
  }
  const rule: Rule = condition ?? { join: 'and', clauses: [] };
  const byPath = new Map(targets.map((t) => [t.path, t]));
  const labelOf = (p: string) => `“${byPath.get(p)?.label || p}”`;
  const kindOf = (p: string) => byPath.get(p)?.kind;
  const set = (clauses: Clause[], join = rule.join) => onChange(clauses.length ? { join, clauses } : undefined);
  const setClause = (i: number, c: Clause) => set(rule.clauses.map((x, j) => (j === i ? c : x)));
  const expression = ruleExpression(rule, kindOf);

  return (
    <div className="st-logic st-small-text" aria-label={`${subject}的${name}`}>
      {/* an unused 必填/结束 rule says nothing: its panel's title already does */}
      {purpose === 'show' || rule.clauses.length ? (
        <p className="st-rule-words" title={expression ?? ''}>
          {ruleWords(rule, labelOf, kindOf, purpose)}
        </p>
      ) : null}
      {rule.clauses.length > 1 ? (
        <label>
          满足{' '}
          <select className="st-input" value={rule.join} onChange={(e) => set(rule.clauses, e.target.value as 'and' | 'or')} aria-label={`${prefix}条件的组合`}>
            <option value="and">全部条件（且）</option>
            <option value="or">任一条件（或）</option>
          </select>
        </label>
      ) : null}
      {rule.clauses.map((c, i) => {
        const t = byPath.get(c.question);
        return (
          <div className="st-row st-clause" key={i}>
            <select
              className="st-input"
              value={c.question}
              onChange={(e) => {
                const next = byPath.get(e.target.value);
                if (next) setClause(i, newClause(next));
              }}
              aria-label={`${prefix}条件 ${i + 1} 的题目`}
            >
              {t ? null : <option value={c.question}>{c.question}（已不存在）</option>}
              {targets.map((x) => (
                <option key={x.path} value={x.path}>
                  {x.label || x.path}
                </option>
              ))}
            </select>
            {t ? (
              <select className="st-input" value={c.op} onChange={(e) => setClause(i, { ...c, op: e.target.value as Op, value: needsValue(e.target.value as Op) ? (c.value ?? firstValue(t, e.target.value as Op)) : undefined })} aria-label={`${prefix}条件 ${i + 1} 的比较`}>
                {OPS_BY_KIND[t.kind].map((op) => (
                  <option key={op} value={op}>
                    {opWord(op, t.kind)}
                  </option>
                ))}
              </select>
            ) : null}
            {t && needsValue(c.op) ? <ValueInput target={t} value={c.value ?? ''} onChange={(value) => setClause(i, { ...c, value })} label={`${prefix}条件 ${i + 1} 的值`} /> : null}
            <button className="st-btn st-small" onClick={() => set(rule.clauses.filter((_, j) => j !== i))} aria-label={`删除${prefix}条件 ${i + 1}`}>
              ×
            </button>
          </div>
        );
      })}
      {targets.length ? (
        <button className="st-btn st-small" onClick={() => set([...rule.clauses, newClause(targets[0])])}>
          添加{name}
        </button>
      ) : null}
    </div>
  );
}

/**
 * The rules beyond showing: 必填条件 (x-requiredIf: required while it holds;
 * only for a question not always required) and 结束条件 (x-endIf: skip to the
 * end — the questions after it are no longer shown). Folded away until used.
 */
export function MoreLogic({ q, targets, self, onChange, subject }: { q: Question; targets: Target[]; self?: Target; onChange: (patch: Partial<Question>) => void; subject: string }) {
  const ends = self ? [self, ...targets] : targets;
  if (!ends.length) return null;
  const byPath = new Map(ends.map((t) => [t.path, t]));
  const words = (c: Condition | undefined, purpose: RulePurpose) => (!c ? '' : 'raw' in c ? c.raw : ruleWords(c, (p) => `“${byPath.get(p)?.label || p}”`, (p) => byPath.get(p)?.kind, purpose));
  const summary = [q.required ? '' : words(q.requiredIf, 'require'), words(q.endIf, 'end')].filter(Boolean).join('；');
  return (
    <details className="st-validator-box" open={!!summary}>
      <summary className="st-small-text">按条件必填、结束问卷{summary ? `：${summary}` : ''}</summary>
      {q.required ? (
        <p className="st-muted st-small-text">这道题总是必填；要按条件必填，请先取消“必填”。</p>
      ) : (
        <ConditionEditor purpose="require" condition={q.requiredIf} targets={targets} onChange={(requiredIf) => onChange({ requiredIf })} subject={subject} />
      )}
      <ConditionEditor purpose="end" condition={q.endIf} targets={ends} onChange={(endIf) => onChange({ endIf })} subject={subject} />
    </details>
  );
}

function ValueInput({ target, value, onChange, label }: { target: Target; value: string; onChange: (v: string) => void; label: string }) {
  // a choice, or a yes/no (its options 是 / 否)
  if (target.kind === 'single' || target.kind === 'multiple' || target.kind === 'boolean') {
    return (
      <select className="st-input" value={value} onChange={(e) => onChange(e.target.value)} aria-label={label}>
        {target.options.includes(value) ? null : <option value={value}>{value || '（请选择）'}</option>}
        {target.options.map((o) => (
          <option key={o} value={o}>
            {o}
          </option>
        ))}
      </select>
    );
  }
  const type = target.kind === 'date' ? 'date' : target.kind === 'number' || target.kind === 'numberText' ? 'number' : 'text';
  return <input className="st-input st-score" type={type} value={value} onChange={(e) => onChange(e.target.value)} aria-label={label} />;
}
