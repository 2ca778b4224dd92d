/**
 * The step's form: fetches the schema lazily, restores the draft, saves it on
 * every change, renders SchemaForm (read-only when readOnlyIf holds) with the
 * server's pre-compiled validator (schemas.ts loadValidator).
 *
 * The handle given to the step (`formRef`) exists from this component's mount
 * on, before the schema has arrived: a `set form…` of the step's load that
 * lands while the schema is still loading is kept and becomes the form's
 * values when it mounts (nothing a load sets is lost to timing). SchemaForm
 * mounts after the step's own effects of the same commit, so the step's load
 * always sees the values it was entered with (initial + draft), first visit
 * or not.
 *
 * An archived schema (`versions/<name>@<hash>.json`, form.archived) is shown
 * read-only: no validator is fetched for it.
 */
import { useCallback, useEffect, useImperativeHandle, useRef, useState, type Ref } from 'react';
import { DotLoading } from 'antd-mobile';
import { SchemaForm, loadFormWidgets, missingFormWidgets, type FormHandle } from '../../widgets/form';
import { loadedSchema, loadSchemaRemember, loadValidator } from './schemas';

type Values = Record<string, unknown>;

export interface FormSlotProps {
  schemaPath: string;
  initial: Values;
  readOnly: boolean;
  formRef: Ref<FormHandle>;
  onChange(values: Values): void;
  evalCondition(expr: string, form: Values): boolean;
  evalValue(expr: string, form: Values): unknown;
  onAction(name: string, values: Values): Promise<void | boolean>;
  onSubmit?(values: Values): void;
  submitText?: string;
  id?: string;
}

/** The schema at `path` and its widgets (main.tsx starts this for the opening step, before the app renders). */
export function loadFormCode(path: string): Promise<object> {
  return loadSchemaRemember(path).then((s) => loadFormWidgets(s).then(() => s));
}

function readySchema(path: string): object | undefined {
  const s = loadedSchema(path);
  return s && !missingFormWidgets(s) ? s : undefined;
}

export const isArchivedPath = (p: string) => /^versions\//.test(p.replace(/^\/+/, '').replace(/^schemas\//, ''));

export default function FormSlot(p: FormSlotProps) {
  // The schema and the widgets it draws (widget chunks, widgets/form/widget-files.ts): the form renders when both are in.
  const [schema, setSchema] = useState<object | undefined>(() => readySchema(p.schemaPath));
  const [error, setError] = useState<string | null>(null);
  const noValidator = p.readOnly || isArchivedPath(p.schemaPath);
  // The pre-compiled validator (the CSP forbids compiling here): fetched when
  // the examinee first touches the form (it is needed on submit, not to paint:
  // the occupational one is ≈7 kB brotli), awaited by the form's validate().
  // Not needed in view mode.
  const schemaPath = p.schemaPath;
  const prefetchValidator = useCallback(() => {
    if (!noValidator) loadValidator(schemaPath).catch(() => undefined); // retried (and reported) on validate()
  }, [schemaPath, noValidator]);
  const load = useCallback(() => loadValidator(schemaPath), [schemaPath]);
  useEffect(() => {
    let live = true;
    if (!schema) {
      loadFormCode(p.schemaPath).then(
        (s) => live && setSchema(s),
        (e: Error) => live && setError(e.message),
      );
    }
    return () => {
      live = false;
    };
  }, [p.schemaPath, schema]);

  // Values before SchemaForm is there: what the step gave at mount, then any reset.
  const [values, setValues] = useState<Values>(() => p.initial);
  const pending = useRef<Values>(p.initial);
  const inner = useRef<FormHandle | null>(null);
  const [mountForm, setMountForm] = useState(false);
  useEffect(() => setMountForm(true), []);
  useImperativeHandle(
    p.formRef,
    (): FormHandle => ({
      validate: async () => (inner.current ? inner.current.validate() : null),
      getValues: () => (inner.current ? inner.current.getValues() : pending.current),
      reset: (v?: Values) => {
        if (inner.current) return inner.current.reset(v);
        pending.current = v ?? {};
        setValues(pending.current);
      },
      flush: () => inner.current?.flush(),
    }),
    [],
  );

  if (error) {
    return (
      <div role="alert" style={{ padding: '48px 16px', textAlign: 'center', color: 'var(--adm-color-weak)', fontSize: 15 }}>
        加载数据失败！
      </div>
    );
  }
  if (!schema || !mountForm) {
    return (
      <div className="cf-form-loading">
        <DotLoading color="primary" />
      </div>
    );
  }
  return (
    <div onFocusCapture={prefetchValidator} onPointerDownCapture={prefetchValidator}>
    <SchemaForm
      schema={schema}
      values={values}
      onChange={p.onChange}
      readOnly={p.readOnly || isArchivedPath(p.schemaPath)}
      formRef={inner}
      evalCondition={p.evalCondition}
      evalValue={p.evalValue}
      onAction={p.onAction}
      onSubmit={p.onSubmit}
      submitText={p.submitText}
      id={p.id}
      loadValidator={load}
    />
    </div>
  );
}
