/**
 * Benchmark page: the same 130-field schema rendered by `?impl=engine`
 * (src/widgets/form SchemaForm) or `?impl=rjsf` (plain @rjsf/core default
 * theme, validator-ajv8, liveValidate off). scripts/bench-form.ts drives it.
 */
import { useEffect } from 'react';
import { createRoot } from 'react-dom/client';
import RjsfForm from '@rjsf/core';
import validator from '@rjsf/validator-ajv8';
import 'antd-mobile/es/global';
import { SchemaForm } from '../../src/widgets/form/SchemaForm';
import { benchSchema, rjsfUiSchema } from './bench-schema';
import { installKeystrokeTimer, type BenchWindow } from './harness';
import { demoEval, demoSchema } from './demo-schema';

const started = performance.now();
const impl = new URLSearchParams(location.search).get('impl') ?? 'engine';
const schema = benchSchema(130);
const uiSchema = rjsfUiSchema(schema);
const noop = () => undefined;

function Mounted({ children }: { children: React.ReactNode }) {
  useEffect(() => {
    requestAnimationFrame(() => setTimeout(() => ((window as unknown as BenchWindow).__mountMs = performance.now() - started)));
  }, []);
  return <>{children}</>;
}

installKeystrokeTimer();
document.title = `bench ${impl}`;
createRoot(document.getElementById('root')!).render(
  <Mounted>
    {impl === 'demo' || impl === 'view' ? (
      <SchemaForm
        schema={demoSchema}
        evalCondition={demoEval}
        readOnly={impl === 'view'}
        values={impl === 'view' ? { name: '张三', tel: '13812345678', category: ['上岗前', '离岗时'], experiences: [{ company: '一厂' }] } : undefined}
        onChange={(v) => ((window as unknown as { __values: unknown }).__values = v)}
        onSubmit={(v) => ((window as unknown as { __submitted: unknown }).__submitted = v)}
        onAction={() => true}
      />
    ) : impl === 'plain' ? (
      // Calibration: 130 bare uncontrolled inputs, no framework work per key.
      <div>
        {Object.keys(schema.properties as object).map((k) => (
          <p key={k}>
            <label>
              {k} <input id={`plain-${k}`} />
            </label>
          </p>
        ))}
      </div>
    ) : impl === 'rjsf' ? (
      // eslint-disable-next-line @typescript-eslint/no-explicit-any
      <RjsfForm schema={schema as any} uiSchema={uiSchema} validator={validator} onChange={noop} />
    ) : (
      // onChange as the app uses it (draft saving), so its cost is in the figure.
      <SchemaForm schema={schema} onChange={noop} />
    )}
  </Mounted>,
);
