/**
 * SchemaForm: a JSON Schema (+ `x-` hints, docs/form-format.md) rendered
 * with antd-mobile and held by react-hook-form. The root renders once; each
 * field re-renders only when its own value, error or visibility inputs change
 * (docs/decisions-forms.md has the measurement behind this design).
 *
 *   <SchemaForm schema={s} values={draft} onChange={saveDraft}
 *     evalCondition={(expr, form) => engineEval(expr, { form })}
 *     formRef={ref} />
 *   const first = await ref.current.validate();   // null when valid
 */
import { useEffect, useImperativeHandle, useMemo, useRef, useState, type Ref } from 'react';
import { Button } from 'antd-mobile';
import { FormFrame } from './FormRow';
import { toast } from '../common/feedback';
import { useForm } from 'react-hook-form';
import { FormEnvContext, ReadOnlyContext, type FormEnv } from './context';
import { fieldId } from '../../engine/form/display';
import { Fields } from './FieldTree';
import { afterPaint } from './first-rows';
import { createRegistry, loadWidgets, missingWidgets, resolveWidget, type Registry } from './registry';
import { buildFormModel, walkFields, type FieldNode } from '../../engine/form/schema-model';
import type { OnAction } from './types';
import type { ValidateFunction } from '../../engine/schema/ajv';
import { cleanValues, initialValues, type Cleaned, type EvalCondition, type Values } from '../../engine/form/values';
import './form.css';

export interface FormHandle {
  /** Validates the cleaned values, shows inline errors; the first message by field order, or null. */
  validate(): Promise<string | null>;
  /** Cleaned values: hidden fields removed per x-hidden, empty strings removed. */
  getValues(): Values;
  /** Replaces every value (schema defaults under `values`). */
  reset(values?: Values): void;
  /** Fires a pending (debounced) onChange now, e.g. before leaving the page. */
  flush(): void;
}

export interface SchemaFormProps {
  schema: object;
  /** Initial values (a restored draft). Later values with different content reset the form. */
  values?: Values;
  /** Full cleaned values after each change, debounced by `changeDelayMs`. */
  onChange?(values: Values): void;
  /** With this, the form shows a submit button; it validates first and toasts the first message. */
  onSubmit?(values: Values): void;
  submitText?: string;
  readOnly?: boolean;
  formRef?: Ref<FormHandle>;
  /** Extra or overriding widgets by name (keep the object stable). */
  widgets?: Registry;
  /** Evaluates `x-visibleIf` (the app passes the engine's evaluator with `form` bound). */
  evalCondition?: EvalCondition;
  /** Evaluates `=expr` widget options (date min/max/default). */
  evalValue?(expr: string, form: Values): unknown;
  /** Widget buttons (the `code` widget's send button). */
  onAction?: OnAction;
  /** Prefix of input ids: `<id>-<path-with-dashes>`. Default 'cf'. */
  id?: string;
  /** onChange debounce, ms (default 150). */
  changeDelayMs?: number;
  /**
   * The schema's validate function, loaded when validate() first needs it (the
   * app: the server's pre-compiled module, as its CSP forbids compiling). Default:
   * compile `schema` with the shared Ajv.
   */
  loadValidator?(): Promise<ValidateFunction>;
}

const schemaKeys = new WeakMap<object, number>();
let nextKey = 1;
function schemaKey(schema: object): number {
  let k = schemaKeys.get(schema);
  if (!k) schemaKeys.set(schema, (k = nextKey++));
  return k;
}

/** Every widget name must exist before anything renders (hidden fields included). */
function checkWidgets(root: FieldNode, registry: Registry): void {
  walkFields(root, (n) => void resolveWidget(registry, n.widget, n.type));
}

export function SchemaForm(props: SchemaFormProps) {
  const root = buildFormModel(props.schema);
  // Widgets load per form (registry.ts); the app loads them with the schema (loadFormWidgets), so this
  // waits only when a caller did not: the form then renders whole once they are in.
  const [loads, setLoads] = useState(0);
  const missing = useMemo(() => missingWidgets(root, props.widgets), [root, props.widgets, loads]);
  const [failed, setFailed] = useState<Error | null>(null);
  const wanted = missing.join();
  useEffect(() => {
    if (!wanted) return;
    let live = true;
    loadWidgets(wanted.split(',')).then(
      () => live && setLoads((n) => n + 1),
      (e: Error) => live && setFailed(e),
    );
    return () => {
      live = false;
    };
  }, [wanted]);
  const registry = useMemo(() => createRegistry(props.widgets), [props.widgets, loads]);
  useMemo(() => missing.length || checkWidgets(root, registry), [root, registry, missing]);
  if (failed) throw failed;
  if (missing.length) return null;
  // A new schema object is a new form (fresh store, fresh defaults).
  return <SchemaFormBody key={schemaKey(props.schema)} {...props} root={root} registry={registry} />;
}

function SchemaFormBody(props: SchemaFormProps & { root: FieldNode; registry: Registry }) {
  const { root, values, readOnly, formRef, onSubmit, submitText } = props;
  const latest = useRef(props);
  latest.current = props;
  const [defaults] = useState(() => initialValues(root, values));
  const methods = useForm<Values>({ defaultValues: defaults, mode: 'onSubmit' });
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const lastEmitted = useRef<string | undefined>(undefined);

  const api = useMemo(() => {
    const evalCondition: EvalCondition = (expr, form) => {
      const f = latest.current.evalCondition;
      if (!f) throw new Error(`x-visibleIf '${expr}' needs the evalCondition prop`);
      return f(expr, form);
    };
    const clean = (): Cleaned => cleanValues(root, methods.getValues(), evalCondition);
    const schedule = () => {
      if (!latest.current.onChange) return;
      clearTimeout(timer.current);
      timer.current = setTimeout(emit, latest.current.changeDelayMs ?? 150);
    };
    const emit = () => {
      clearTimeout(timer.current);
      timer.current = undefined;
      const v = clean().values;
      lastEmitted.current = JSON.stringify(v);
      latest.current.onChange?.(v);
    };
    const env: FormEnv = {
      formId: latest.current.id ?? 'cf',
      control: methods.control,
      get registry() {
        return latest.current.registry;
      },
      root,
      isVisible: (expr) => !!evalCondition(expr, methods.getValues()),
      setValue: (path, value) => {
        methods.setValue(path, value);
        if (methods.getFieldState(path).error) methods.clearErrors(path);
        schedule();
      },
      changed: schedule,
      getValues: () => clean().values,
      onAction: async (name, v) => latest.current.onAction?.(name, v),
      evalValue: (expr) => latest.current.evalValue?.(expr, methods.getValues()),
      firstFrame: { painted: false },
    };
    const handle: FormHandle = {
      async validate() {
        // The app passes pre-compiled validators (CSP: no eval); without one, Ajv
        // compiles here — a separate chunk the app never loads.
        const load = latest.current.loadValidator ?? (() => import('../../engine/schema/ajv').then((m) => m.compileSchema(root.schema)));
        // The message ranking and the zh texts load with the first check, like the validator.
        const [validator, { validateValues }] = await Promise.all([load(), import('../../engine/form/validate')]);
        const { values: cleaned, hidden, required } = clean();
        const result = validateValues(root, cleaned, hidden, validator, required);
        methods.clearErrors();
        const paths = Object.keys(result.byPath).filter(Boolean);
        for (const p of paths) methods.setError(p, { type: 'schema', message: result.byPath[p] });
        if (paths[0] && typeof document !== 'undefined') {
          document.getElementById(fieldId(env.formId, paths[0]))?.scrollIntoView?.({ block: 'center' });
        }
        return result.first;
      },
      getValues: () => clean().values,
      reset: (v) => {
        methods.reset(initialValues(root, v));
        schedule();
      },
      flush: () => {
        if (timer.current !== undefined) emit();
      },
    };
    return { env, handle, emit, schedule };
  }, [root, methods]);

  useImperativeHandle(formRef, () => api.handle, [api]);
  useEffect(() => afterPaint(() => void (api.env.firstFrame.painted = true)), [api]);

  // Drafts: one debounced onChange per burst of changes (scheduled by
  // env.setValue, not by a whole-form watch(): that would make react-hook-form
  // clone every value on every keystroke). A pending one fires on unmount.
  useEffect(
    () => () => {
      if (timer.current !== undefined) api.emit();
    },
    [api],
  );

  // `values` with different CONTENT from the app (a draft loaded later) resets
  // the form; a new object with the same content, or the app echoing our own
  // onChange back, does not (either would wipe what is being typed).
  const seen = useRef(values === undefined ? undefined : JSON.stringify(values));
  useEffect(() => {
    const json = values === undefined ? undefined : JSON.stringify(values);
    if (json === seen.current) return;
    seen.current = json;
    if (json !== undefined && json === lastEmitted.current) return;
    methods.reset(initialValues(root, values));
  }, [values, root, methods]);

  const hasSubmit = !!onSubmit && !readOnly;
  // The same element while nothing it shows changed: the app re-renders this
  // form on each debounced onChange (its step keeps the values), and a new
  // element here re-rendered all the rows on every draft save
  // (docs/benchmarks-forms.md, occupational).
  const form = useMemo(() => {
    async function submit() {
      const first = await api.handle.validate();
      if (first) {
        toast(first);
        return;
      }
      latest.current.onSubmit?.(api.handle.getValues());
    }
    return (
      <FormFrame
        className="cf-form"
        footer={
          hasSubmit ? (
            <Button block color="primary" size="large" onClick={submit}>
              {submitText ?? '提交'}
            </Button>
          ) : undefined
        }
      >
        {root.description ? <div className="cf-hint cf-description cf-form-intro">{root.description}</div> : null}
        <Fields nodes={root.children ?? []} base="" />
      </FormFrame>
    );
  }, [api, root, hasSubmit, submitText]);

  return (
    <FormEnvContext.Provider value={api.env}>
      <ReadOnlyContext.Provider value={!!readOnly}>{form}</ReadOnlyContext.Provider>
    </FormEnvContext.Provider>
  );
}
