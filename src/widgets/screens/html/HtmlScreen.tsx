import { Skeleton } from 'antd-mobile';
import type { ScreenProps } from '../types';
import { EmptyState } from '../../common/EmptyState';
import { PageLayout } from '../../common/PageLayout';
import { HtmlBlock } from './HtmlBlock';

export interface HtmlProps {
  html?: unknown;
  noSelect?: boolean;
  emptyText?: string;
  loading?: unknown;
}

/** A page of server HTML (notice, report guide/final/suggest). */
export default function HtmlScreen({ props, title }: ScreenProps<HtmlProps>) {
  const hasHtml = typeof props.html === 'string' && props.html.trim() !== '';
  return (
    <PageLayout title={title} bodyStyle={{ background: '#fff' }}>
      {props.loading === true ? (
        <Skeleton.Paragraph lineCount={8} animated style={{ padding: 16 }} />
      ) : hasHtml ? (
        <HtmlBlock html={props.html} noSelect={props.noSelect === true} />
      ) : props.emptyText ? (
        <EmptyState text={props.emptyText} />
      ) : null}
    </PageLayout>
  );
}
