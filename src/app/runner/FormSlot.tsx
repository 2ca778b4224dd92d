/**
 * The step's form: fetches the schema lazily, restores the draft, saves it on
 * every change, renders SchemaForm (read-only when readOnlyIf holds) with the
 * server's pre-compiled validator (schemas.ts loadValidator).
 */
import { useCallback, useEffect, useState, type Ref } from 'react';
import { DotLoading, ErrorBlock } from 'antd-mobile';
import { SchemaForm, type FormHandle } from '../../widgets/form';
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

export default function FormSlot(p: FormSlotProps) {
  const [schema, setSchema] = useState<object | undefined>(() => loadedSchema(p.schemaPath));
  const [error, setError] = useState<string | null>(null);
  // The pre-compiled validator (the CSP forbids compiling here): fetched with
  // the schema, awaited by the form's validate().
  useEffect(() => {
    loadValidator(p.schemaPath).catch(() => undefined); // retried (and reported) on validate()
  }, [p.schemaPath]);
  const schemaPath = p.schemaPath;
  const load = useCallback(() => loadValidator(schemaPath), [schemaPath]);
  useEffect(() => {
    let live = true;
    if (!schema) {
      loadSchemaRemember(p.schemaPath).then(
        (s) => live && setSchema(s),
        (e: Error) => live && setError(e.message),
      );
    }
    return () => {
      live = false;
    };
  }, [p.schemaPath, schema]);
  if (error) return <ErrorBlock status="default" title="加载数据失败！" description="" />;
  if (!schema) {
    return (
      <div style={{ textAlign: 'center', padding: 32 }}>
        <DotLoading color="primary" />
      </div>
    );
  }
  return (
    <SchemaForm
      schema={schema}
      values={p.initial}
      onChange={p.onChange}
      readOnly={p.readOnly}
      formRef={p.formRef}
      evalCondition={p.evalCondition}
      evalValue={p.evalValue}
      onAction={p.onAction}
      onSubmit={p.onSubmit}
      submitText={p.submitText}
      id={p.id}
      loadValidator={load}
    />
  );
}
