/** The form code (react-hook-form, Ajv, widgets) loads on the first step with a form. */
import { lazy, Suspense } from 'react';
import { DotLoading } from 'antd-mobile';
import type { FormSlotProps } from './FormSlot';
import { loadSchemaRemember } from './schemas';

const load = () => import('./FormSlot');
const Inner = lazy(load);

/**
 * Starts loading the form code now (the opening step has a form: main.tsx), with the schema at
 * `schemaPath` and the widgets it draws (asked for once both the code and the schema are in).
 */
export function preloadFormSlot(schemaPath?: string): void {
  const code = load();
  if (schemaPath) {
    loadSchemaRemember(schemaPath).catch(() => undefined);
    code.then((m) => m.loadFormCode(schemaPath)).catch(() => undefined); // the render retries and reports
  } else code.catch(() => undefined);
}

export function FormSlot(p: FormSlotProps) {
  return (
    <Suspense
      fallback={
        <div className="cf-form-loading">
          <DotLoading color="primary" />
        </div>
      }
    >
      <Inner {...p} />
    </Suspense>
  );
}
