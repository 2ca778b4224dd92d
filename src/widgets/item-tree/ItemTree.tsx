import { Checkbox, List } from 'antd-mobile';
import { MoneyText } from '../common/MoneyText';
import type { TreeCategory, TreeItem } from './tree-model';

export interface ItemTreeProps {
  categories: TreeCategory[];
  selected: ReadonlySet<string>;
  /** Scroll height in px (spec: tree list height 600). */
  height: number;
  onToggle(item: TreeItem, checked: boolean): void;
  /** The scroll area's accessible name. */
  label?: string;
}

/** Categories with checkable items in a fixed-height scroll area. */
export function ItemTree({ categories, selected, height, onToggle, label = '可选项目' }: ItemTreeProps) {
  return (
    // A scroll area of its own: focusable, so it scrolls from a keyboard too.
    <div role="region" aria-label={label} tabIndex={0} style={{ height, overflowY: 'auto', WebkitOverflowScrolling: 'touch' }}>
      {categories.map((c, ci) => (
        <List key={`${ci}-${c.text}`} header={c.text} mode="card" style={{ margin: '8px 8px 0' }}>
          {c.items.map((i) => (
            <List.Item
              key={i.code}
              // The row handles the tap; the checkbox only shows state (else one tap toggles twice).
              prefix={<div style={{ pointerEvents: 'none' }}><Checkbox checked={selected.has(i.code)} /></div>}
              description={i.note || undefined}
              extra={<MoneyText cents={i.cents} />}
              onClick={() => onToggle(i, !selected.has(i.code))}
              arrow={false}
            >
              {i.name}
            </List.Item>
          ))}
        </List>
      ))}
    </div>
  );
}
