import { Button, List, Popup } from 'antd-mobile';
import { MoneyText } from '../common/MoneyText';
import type { TreeItem } from './tree-model';

export interface ConfirmItemsPopupProps {
  visible: boolean;
  title: string;
  items: TreeItem[];
  totalCents: number;
  totalLabel: string;
  backText: string;
  confirmText: string;
  busy: boolean;
  onBack(): void;
  onConfirm(): void;
}

/** The 确认项目 sheet: chosen items, total, 返回修改 / 确认预约. */
export function ConfirmItemsPopup(p: ConfirmItemsPopupProps) {
  return (
    <Popup visible={p.visible} onMaskClick={p.onBack} bodyStyle={{ borderTopLeftRadius: 8, borderTopRightRadius: 8, maxHeight: '75vh', display: 'flex', flexDirection: 'column' }}>
      <div style={{ textAlign: 'center', fontSize: 17, fontWeight: 600, padding: 14 }}>{p.title}</div>
      <div style={{ flex: 1, overflowY: 'auto' }}>
        <List>
          {p.items.map((i) => (
            <List.Item key={i.code} extra={<MoneyText cents={i.cents} />}>
              {i.name}
            </List.Item>
          ))}
        </List>
      </div>
      <div style={{ padding: '10px 16px', textAlign: 'right' }}>
        {p.totalLabel}
        <MoneyText cents={p.totalCents} />
      </div>
      <div style={{ display: 'flex', gap: 12, padding: '0 16px 16px' }}>
        <Button block style={{ flex: 1 }} disabled={p.busy} onClick={p.onBack}>
          {p.backText}
        </Button>
        <Button block style={{ flex: 1 }} color="primary" loading={p.busy} onClick={p.onConfirm}>
          {p.confirmText}
        </Button>
      </div>
    </Popup>
  );
}
