import { SchemaForm } from '../../src/widgets/form/SchemaForm';
import { benchSchema } from './bench-schema';
import { demoEval, demoSchema } from './demo-schema';
import health from '../../schemas/forms/health-questionnaire.json';

/** A real questionnaire, for screenshots (`?impl=health`; the occupational one has its own page). */
const REAL: Record<string, object> = { health };

const schema = benchSchema(130);
const noop = () => undefined;

/** `?impl=engine`: the benchmark form; `demo` / `view`: every widget, editable or read-only; `health`: a real schema. */
export function Page({ impl }: { impl: string }) {
  if (impl === 'demo' || impl === 'view') {
    return (
      <SchemaForm
        schema={demoSchema}
        evalCondition={demoEval}
        readOnly={impl === 'view'}
        values={impl === 'view' ? { name: '张三', tel: '13812345678', category: ['上岗前', '离岗时'], experiences: [{ company: '一厂' }] } : undefined}
        onChange={(v) => ((window as unknown as { __values: unknown }).__values = v)}
        onSubmit={(v) => ((window as unknown as { __submitted: unknown }).__submitted = v)}
        onAction={() => true}
      />
    );
  }
  if (REAL[impl]) {
    return <SchemaForm schema={REAL[impl]} evalCondition={demoEval} onSubmit={(v) => ((window as unknown as { __submitted: unknown }).__submitted = v)} />;
  }
  // onChange as the app uses it (draft saving), so its cost is in the figure.
  return <SchemaForm schema={schema} onChange={noop} />;
}
