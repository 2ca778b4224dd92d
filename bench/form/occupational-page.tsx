/**
 * `?impl=occupational`: the real occupational questionnaire as the app's form
 * step renders it (src/app/runner/StepPage → FormSlot → SchemaForm): the
 * default widget registry, the engine's expression evaluator for x-visibleIf
 * and `=expr` options, the step's form id, prefilled basic info, and a
 * debounced onChange that re-renders the form's parent and persists the draft
 * to localStorage as StepPage does (setFormValues + the session's saveDraft).
 */
import { useCallback, useState } from 'react';
import { SchemaForm } from '../../src/widgets/form/SchemaForm';
import { compileExpr, createFunctionRegistry } from '../../src/engine/expr';
import occupational from '../../schemas/forms/occupational-questionnaire.json';

type Values = Record<string, unknown>;

/** The form step's DOM id prefix in the app (`f-<step id>`). */
const FORM_ID = 'f-OccupationalDiseasesQs';

const fns = createFunctionRegistry();
const scope = (form: Values) => ({ session: {}, data: {}, query: {}, config: {}, const: {}, form });
const evalValue = (expr: string, form: Values) => compileExpr(expr.replace(/^=/, '')).evaluate(scope(form), fns);
const evalCondition = (expr: string, form: Values) => !!evalValue(expr, form);

/** What GetPatientinfo prefills (flows/questionnaires.yaml, OccupationalDiseasesQs load). */
const PREFILL: Values = { basicInfo: { name: '陈刚', phone: '13800000000', company: '测试单位', idCard: '110101199001011234', age: '35', gender: '男' } };

export function Page() {
  const [initial] = useState(PREFILL);
  const [, setFormValues] = useState<Values>(initial);
  const onChange = useCallback((v: Values) => {
    setFormValues(v);
    localStorage.setItem('bench-occupational-draft', JSON.stringify({ drafts: { occupationalQs: v } }));
  }, []);
  return (
    <SchemaForm
      schema={occupational}
      values={initial}
      id={FORM_ID}
      onChange={onChange}
      evalCondition={evalCondition}
      evalValue={evalValue}
      onAction={async () => undefined}
      onSubmit={(v) => ((window as unknown as { __submitted: unknown }).__submitted = v)}
    />
  );
}
