/**
 * When a question or a group shows: clauses on other answers of any kind
 * (a choice, a number range, text filled or empty, a date), joined by 且 or
 * 或, read back in words ("当 体重 > 100 且 性别 为 女 时显示"). The builder
 * writes the expression (../questionnaire/logic.ts) and keeps it on hover; an
 * expression it cannot show as clauses stays as written.
 */
import { OPS_BY_KIND, needsValue, opWord, ruleExpression, ruleWords, type Clause, type Condition, type Op, type Rule, type Target } from '../questionnaire/logic';


const firstValue = (t: Target, op: Op): string | undefined => (!needsValue(op) ? undefined : t.options[0] ?? (t.kind === 'number' || t.kind === 'numberText' ? '0' : t.kind === 'date' ? '2000-01-01' : ''));

function newClause(t: Target): Clause {
  const op = OPS_BY_KIND[t.kind][0];
  return { question: t.path, op, value: firstValue(t, op) };
}

export default function ConditionEditor({ condition, targets, onChange, subject }: { condition: Condition | undefined; targets: Target[]; onChange: (c: Condition | undefined) => void; subject: string }) {
  if (condition && 'raw' in condition) {
    return (
      <div className="st-logic st-small-text">
        显示条件（在编辑器中写的，保留原样）：<code>{condition.raw}</code>
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
    <div className="st-logic st-small-text" aria-label={`${subject}的显示条件`}>
      <p className="st-rule-words" title={expression ?? ''}>
        {ruleWords(rule, labelOf, kindOf)}
      </p>
      {rule.clauses.length > 1 ? (
        <label>
          满足{' '}
          <select className="st-input" value={rule.join} onChange={(e) => set(rule.clauses, e.target.value as 'and' | 'or')} aria-label="条件的组合">
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
              aria-label={`条件 ${i + 1} 的题目`}
            >
              {t ? null : <option value={c.question}>{c.question}（已不存在）</option>}
              {targets.map((x) => (
                <option key={x.path} value={x.path}>
                  {x.label || x.path}
                </option>
              ))}
            </select>
            {t ? (
              <select className="st-input" value={c.op} onChange={(e) => setClause(i, { ...c, op: e.target.value as Op, value: needsValue(e.target.value as Op) ? (c.value ?? firstValue(t, e.target.value as Op)) : undefined })} aria-label={`条件 ${i + 1} 的比较`}>
                {OPS_BY_KIND[t.kind].map((op) => (
                  <option key={op} value={op}>
                    {opWord(op, t.kind)}
                  </option>
                ))}
              </select>
            ) : null}
            {t && needsValue(c.op) ? <ValueInput target={t} value={c.value ?? ''} onChange={(value) => setClause(i, { ...c, value })} label={`条件 ${i + 1} 的值`} /> : null}
            <button className="st-btn st-small" onClick={() => set(rule.clauses.filter((_, j) => j !== i))} aria-label={`删除条件 ${i + 1}`}>
              ×
            </button>
          </div>
        );
      })}
      {targets.length ? (
        <button className="st-btn st-small" onClick={() => set([...rule.clauses, newClause(targets[0])])}>
          添加显示条件
        </button>
      ) : null}
    </div>
  );
}

function ValueInput({ target, value, onChange, label }: { target: Target; value: string; onChange: (v: string) => void; label: string }) {
  if (target.kind === 'single' || target.kind === 'multiple') {
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
