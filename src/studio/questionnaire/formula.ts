/**
 * A calculated value shown to the examinee (题型“计算结果”: the display
 * widget's `x-options.text` written `=expression`, recomputed as they type).
 * The builder offers BMI from a height (cm) and a weight (kg) question in
 * words, and keeps any other expression as written. Pure.
 */
import type { Target } from './logic';

export interface Bmi {
  height: string;
  weight: string;
}

const ref = (t: Target | undefined, path: string) => (t?.kind === 'numberText' ? `num(form.${path})` : `form.${path}`);

/** BMI = 体重(kg) ÷ 身高(m)², one decimal. */
export function bmiFormula(b: Bmi, targets: Target[]): string {
  const h = ref(targets.find((t) => t.path === b.height), b.height);
  const w = ref(targets.find((t) => t.path === b.weight), b.weight);
  return `round(${w} / ((${h} / 100) * (${h} / 100)), 1)`;
}

const P = '(?:num\\()?form\\.([\\w.]+)\\)?';
const BMI = new RegExp(`^round\\(${P} / \\(\\(${P} / 100\\) \\* \\(${P} / 100\\)\\), 1\\)$`);

/** The BMI the formula is, when it is one the builder wrote. */
export function readBmi(formula: string | undefined): Bmi | null {
  const m = formula ? BMI.exec(formula.trim()) : null;
  return m && m[2] === m[3] ? { weight: m[1], height: m[2] } : null;
}

/** The formula in words: BMI = “体重” ÷ (“身高” ÷ 100)². */
export function formulaWords(formula: string | undefined, labelOf: (path: string) => string): string {
  const bmi = readBmi(formula);
  if (bmi) return `BMI = ${labelOf(bmi.weight)} ÷ (${labelOf(bmi.height)} ÷ 100)²，保留一位小数`;
  return formula ? `= ${formula}` : '还没有公式';
}
