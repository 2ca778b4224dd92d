import { useMemo, useState } from 'react';
import { LazyPopup as Popup, LazySearchBar as SearchBar } from './lazy-antd';
import type { Choice } from '../../../engine/form/schema-model';

/**
 * The searchable dropdown's bottom sheet (PickerWidget with `search`): a
 * search box over the options, the list filtered as one types, a tap chooses
 * and closes. For lists too long to scroll a wheel through (provinces,
 * diseases); the sheet is 70% of the screen so a 667 px phone shows it whole,
 * and the list scrolls inside it.
 */
export function SearchSheet({ title, choices, chosen, visible, onClose, onPick }: {
  title: string;
  choices: Choice[];
  /** The index of the current answer, -1 when none. */
  chosen: number;
  visible: boolean;
  onClose: () => void;
  onPick: (index: number) => void;
}) {
  const [query, setQuery] = useState('');
  const shown = useMemo(() => {
    const words = query.trim().toLowerCase();
    const all = choices.map((c, i) => ({ label: c.label, i }));
    return words ? all.filter((c) => c.label.toLowerCase().includes(words) || String(choices[c.i].value).toLowerCase().includes(words)) : all;
  }, [choices, query]);
  return (
    <Popup
      visible={visible}
      onMaskClick={onClose}
      onClose={onClose}
      // the next opening starts from the whole list
      afterClose={() => setQuery('')}
      bodyClassName="cf-search-sheet"
    >
      {/* the question stays in sight while the page behind is dimmed */}
      <div className="cf-search-title">{title}</div>
      <div className="cf-search-head">
        <SearchBar placeholder="搜索" value={query} onChange={setQuery} />
        <button type="button" className="cf-search-close" onClick={onClose}>
          取消
        </button>
      </div>
      <div className="cf-search-list" role="listbox" aria-label={title}>
        {shown.length ? (
          shown.map((c) => (
            <button
              key={c.i}
              type="button"
              role="option"
              aria-selected={c.i === chosen}
              className="cf-search-option"
              onClick={() => {
                onPick(c.i);
                onClose();
              }}
            >
              {c.label}
            </button>
          ))
        ) : (
          <div className="cf-search-empty">没有找到</div>
        )}
      </div>
    </Popup>
  );
}
