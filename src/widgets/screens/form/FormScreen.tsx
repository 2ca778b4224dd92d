import { Button } from 'antd-mobile';
import type { ScreenProps } from '../types';
import { ActionButtons, type ActionButtonDef } from '../../common/ActionButtons';
import { LabelValueRows, type LabelValue } from '../../common/LabelValueRows';
import { PageLayout } from '../../common/PageLayout';
import { resolveCondition } from '../../common/condition';
import { useBusy } from '../../common/use-busy';
import { asText } from '../../common/values';

export interface FormProps {
  summary?: { title?: string; rows?: Array<LabelValue & { visibleIf?: unknown }> };
  /** A hint under the form (e.g. booking guidance). */
  tip?: unknown;
  submitText?: string;
  submitEvent?: string;
  submitEnabledIf?: unknown;
  buttons?: ActionButtonDef[];
}

/**
 * A form step: the runner renders the SchemaForm as `formSlot`; this kind adds
 * an optional summary card and the buttons. Validation is the runner's
 * (`validate: true` in the submit actions), so submit just emits.
 */
export default function FormScreen({ props, emit, evalItem, formSlot, title }: ScreenProps<FormProps>) {
  const [busy, guard] = useBusy();
  const rows = (props.summary?.rows ?? []).filter((r) => resolveCondition(r.visibleIf, evalItem));
  const submitEnabled = resolveCondition(props.submitEnabledIf, evalItem);
  const hasSubmit = Boolean(props.submitEvent);
  return (
    <PageLayout title={title}>
      {rows.length ? (
        <div style={{ marginBottom: 8 }}>
          <LabelValueRows header={props.summary?.title} rows={rows} />
        </div>
      ) : null}
      <div style={{ background: '#fff' }}>{formSlot}</div>
      {asText(props.tip) ? <div style={{ padding: '10px 16px', fontSize: 12, color: 'var(--adm-color-weak)', lineHeight: 1.6 }}>{asText(props.tip)}</div> : null}
      {/* Inline under the form, not a fixed footer: forms are long and may carry two button rows. */}
      {hasSubmit || props.buttons?.length ? (
        <div style={{ display: 'flex', flexDirection: 'column', gap: 12, padding: '16px 16px 24px' }}>
          {props.buttons?.length ? <ActionButtons buttons={props.buttons} emit={emit} evalItem={evalItem} /> : null}
          {hasSubmit ? (
            <Button block color="primary" size="large" loading={busy} disabled={!submitEnabled} onClick={() => guard(() => emit(props.submitEvent!))}>
              {props.submitText ?? '提交'}
            </Button>
          ) : null}
        </div>
      ) : null}
    </PageLayout>
  );
}
