/**
 * A calculated question's formula: BMI from two number questions picked by
 * name, or an expression written out (the checker types it against the form).
 */
import { bmiFormula, formulaWords, readBmi } from '../questionnaire/formula';
import type { Target } from '../questionnaire/logic';

export default function FormulaEditor({ formula, targets, onChange }: { formula: string | undefined; targets: Target[]; onChange: (formula: string) => void }) {
  const numbers = targets.filter((t) => t.kind === 'number' || t.kind === 'numberText');
  const bmi = readBmi(formula);
  const labelOf = (p: string) => `“${targets.find((t) => t.path === p)?.label || p}”`;
  const pick = (which: 'height' | 'weight', path: string) => {
    const next = { height: bmi?.height ?? numbers[0]?.path ?? '', weight: bmi?.weight ?? numbers[1]?.path ?? numbers[0]?.path ?? '', [which]: path };
    onChange(bmiFormula(next, targets));
  };
  return (
    <div className="st-logic st-small-text" aria-label="计算公式">
      <p className="st-rule-words" title={formula ? `=${formula}` : ''}>
        {formulaWords(formula, labelOf)}
      </p>
      <div className="st-row">
        <select
          className="st-input"
          value={bmi ? 'bmi' : 'custom'}
          onChange={(e) => (e.target.value === 'bmi' ? pick('height', numbers[0]?.path ?? '') : onChange(''))}
          aria-label="公式"
        >
          <option value="bmi" disabled={numbers.length < 2} title={numbers.length < 2 ? '先添加身高和体重两道数字题' : ''}>
            BMI（由身高、体重计算）
          </option>
          <option value="custom">自定表达式</option>
        </select>
        {bmi ? (
          <>
            {(['height', 'weight'] as const).map((which) => (
              <label key={which}>
                {which === 'height' ? '身高（厘米）' : '体重（公斤）'}{' '}
                <select className="st-input" value={bmi[which]} onChange={(e) => pick(which, e.target.value)} aria-label={which === 'height' ? '身高题' : '体重题'}>
                  {numbers.map((t) => (
                    <option key={t.path} value={t.path}>
                      {t.label || t.path}
                    </option>
                  ))}
                </select>
              </label>
            ))}
          </>
        ) : (
          <input className="st-input st-grow" value={formula ?? ''} onChange={(e) => onChange(e.target.value)} placeholder="例如 form.a + form.b" aria-label="自定表达式" />
        )}
      </div>
    </div>
  );
}
