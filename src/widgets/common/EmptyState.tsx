import { Empty } from 'antd-mobile';

/** The empty-list picture with the configured text (e.g. 暂无体检订单). */
export function EmptyState({ text }: { text?: string }) {
  return <Empty style={{ padding: '64px 0' }} description={text ?? ''} />;
}
