import { DotLoading, Result } from 'antd-mobile';
import type { ScreenProps } from '../types';
import { ActionButtons, type ActionButtonDef } from '../../common/ActionButtons';
import { PageLayout } from '../../common/PageLayout';
import { asText } from '../../common/values';

export interface StatusProps {
  text?: unknown;
  description?: unknown;
  /** antd Result status icon; omitted with `spinner`. */
  icon?: 'success' | 'error' | 'info' | 'waiting' | 'warning';
  spinner?: boolean;
  buttons?: ActionButtonDef[];
}

/** A message page with optional spinner and buttons (OAuth return, /test, not found). */
export default function StatusScreen({ props, emit, evalItem, title }: ScreenProps<StatusProps>) {
  const text = asText(props.text);
  const description = asText(props.description);
  return (
    <PageLayout title={title} bodyStyle={{ background: '#fff' }}>
      {props.spinner ? (
        <div style={{ textAlign: 'center', padding: '96px 24px 24px' }}>
          <DotLoading color="primary" style={{ fontSize: 28 }} />
          {text ? <div style={{ marginTop: 16, fontSize: 16 }}>{text}</div> : null}
          {description ? <div style={{ marginTop: 8, fontSize: 13, color: 'var(--adm-color-weak)' }}>{description}</div> : null}
        </div>
      ) : (
        <Result status={props.icon ?? 'info'} title={text} description={description || undefined} />
      )}
      {props.buttons?.length ? (
        <div style={{ padding: '8px 24px' }}>
          <ActionButtons buttons={props.buttons} emit={emit} evalItem={evalItem} />
        </div>
      ) : null}
    </PageLayout>
  );
}
