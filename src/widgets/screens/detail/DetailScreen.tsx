import { lazy, Suspense, useState } from 'react';
import { List, Skeleton } from 'antd-mobile';
import type { ScreenProps } from '../types';
import { ActionButtons, type ActionButtonDef } from '../../common/ActionButtons';
import { EmptyState } from '../../common/EmptyState';
import { LabelValueRows, type LabelValue } from '../../common/LabelValueRows';
import { MoneyText } from '../../common/MoneyText';
import { PageLayout } from '../../common/PageLayout';
import { itemValue, resolveCondition } from '../../common/condition';
import { asArray, asText } from '../../common/values';
import { TabBar } from '../../common/TabBar';

// Only details with tabs show HTML (package notes): DOMPurify loads with them.
const HtmlBlock = lazy(() => import('../html/HtmlBlock').then((m) => ({ default: m.HtmlBlock })));

type Row = LabelValue & { visibleIf?: unknown };

const QrCode = lazy(() => import('../../common/QrCode'));

export interface DetailProps {
  heading?: { title?: unknown; note?: unknown; price?: unknown };
  image?: string | { src?: string; caption?: string; width?: number };
  /** A QR code of a link (e.g. the report's cloud film); nothing when the value is empty. */
  qr?: { value?: unknown; caption?: unknown };
  rows?: Row[];
  tabs?: Array<{ title?: string; html?: unknown }>;
  lists?: Array<{ title?: string; items?: unknown; fields?: { title?: unknown; note?: unknown; price?: unknown }; emptyText?: string }>;
  links?: Array<{ text?: string; event?: string; extra?: unknown; visibleIf?: unknown }>;
  summary?: { title?: string; rows?: Row[] };
  footer?: ActionButtonDef[];
  emptyIf?: unknown;
  emptyText?: string;
  loading?: unknown;
}

/** Package / order / payment / report-main / scan-pay detail. */
export default function DetailScreen({ props, emit, evalItem, title }: ScreenProps<DetailProps>) {
  const [tab, setTab] = useState(0);
  const visible = <T extends { visibleIf?: unknown }>(xs: T[] | undefined) => (xs ?? []).filter((x) => resolveCondition(x.visibleIf, evalItem));

  if (props.loading === true) {
    return (
      <PageLayout title={title}>
        <Skeleton.Paragraph lineCount={8} animated style={{ padding: 16 }} />
      </PageLayout>
    );
  }
  if (resolveCondition(props.emptyIf, evalItem, undefined, false)) {
    return (
      <PageLayout title={title}>
        <EmptyState text={props.emptyText} />
      </PageLayout>
    );
  }

  const image = typeof props.image === 'string' ? { src: props.image } : props.image;
  const tabs = props.tabs ?? [];
  const footer = props.footer ?? [];
  const heading = props.heading;
  return (
    <PageLayout title={title} footer={visible(footer).length ? <ActionButtons buttons={footer} emit={emit} evalItem={evalItem} /> : undefined}>
      {heading && asText(heading.title) ? (
        <div style={{ background: '#fff', padding: 16 }}>
          <div style={{ display: 'flex', justifyContent: 'space-between', alignItems: 'baseline', gap: 8 }}>
            <span style={{ fontSize: 18, fontWeight: 600 }}>{asText(heading.title)}</span>
            <MoneyText value={heading.price} />
          </div>
          {asText(heading.note) ? <div style={{ marginTop: 6, color: 'var(--adm-color-weak)', fontSize: 13 }}>{asText(heading.note)}</div> : null}
        </div>
      ) : null}
      {image?.src ? (
        <div style={{ background: '#fff', textAlign: 'center', padding: 16 }}>
          {/* A plain <img> (antd's Image was 1.8 kB on every detail route for a prop no shipped flow sets): a missing picture leaves its space, not a broken icon. */}
          <img
            src={image.src}
            alt=""
            width={image.width ?? 200}
            style={{ display: 'inline-block', maxWidth: '100%', height: 'auto', objectFit: 'contain' }}
            onError={(e) => {
              e.currentTarget.style.visibility = 'hidden';
            }}
          />
          {image.caption ? <div style={{ fontSize: 13, color: 'var(--adm-color-weak)', marginTop: 6 }}>{image.caption}</div> : null}
        </div>
      ) : null}
      {asText(props.qr?.value) ? (
        <Suspense fallback={<div style={{ height: 212, background: '#fff' }} />}>
          <QrCode value={asText(props.qr?.value)} caption={asText(props.qr?.caption)} />
        </Suspense>
      ) : null}
      <LabelValueRows rows={visible(props.rows)} />
      {tabs.length ? (
        <div style={{ background: '#fff', marginTop: 8 }}>
          <TabBar titles={tabs.map((t) => asText(t.title))} active={tab} onChange={setTab} />
          <div role="tabpanel">
            <Suspense fallback={<Skeleton.Paragraph lineCount={3} animated style={{ padding: 16 }} />}>
              <HtmlBlock html={tabs[tab]?.html} />
            </Suspense>
          </div>
        </div>
      ) : null}
      {(props.lists ?? []).map((l, li) => {
        const items = asArray(l.items);
        const f = l.fields ?? {};
        if (items.length === 0 && !l.emptyText) return null;
        return (
          <List key={li} header={l.title} style={{ marginTop: 8 }}>
            {items.length === 0 ? <List.Item>{l.emptyText}</List.Item> : null}
            {items.map((item, i) => {
              const note = asText(itemValue(f.note, item, evalItem));
              return (
                <List.Item key={i} description={note || undefined} extra={<MoneyText value={itemValue(f.price, item, evalItem)} />}>
                  {asText(itemValue(f.title, item, evalItem))}
                </List.Item>
              );
            })}
          </List>
        );
      })}
      {visible(props.links).length ? (
        <List style={{ marginTop: 8 }}>
          {visible(props.links).map((l, i) => (
            <List.Item key={i} extra={asText(l.extra)} onClick={() => l.event && void emit(l.event)}>
              {asText(l.text)}
            </List.Item>
          ))}
        </List>
      ) : null}
      {props.summary ? (
        <div style={{ marginTop: 8 }}>
          <LabelValueRows header={props.summary.title} rows={visible(props.summary.rows)} />
        </div>
      ) : null}
    </PageLayout>
  );
}
