/** The form code (react-hook-form, Ajv, widgets) loads on the first step with a form. */
import { lazy, Suspense } from 'react';
import { DotLoading } from 'antd-mobile';
import type { FormSlotProps } from './FormSlot';

const load = () => import('./FormSlot');
const Inner = lazy(load);

/** Starts loading the form code now (the opening step has a form: main.tsx). */
export function preloadFormSlot(): void {
  load().catch(() => undefined); // the render retries and reports
}

export function FormSlot(p: FormSlotProps) {
  return (
    <Suspense
      fallback={
        <div style={{ textAlign: 'center', padding: 32 }}>
          <DotLoading color="primary" />
        </div>
      }
    >
      <Inner {...p} />
    </Suspense>
  );
}
