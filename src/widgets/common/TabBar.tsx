import './tab-bar.css';

/**
 * A row of tabs (role tablist): what antd-mobile's Tabs gave the card list and
 * the detail page, without its animated ink bar — that one bar pulled
 * react-spring and use-gesture (≈21 kB brotli) into the first load of every
 * list route. Tabs share the bar evenly and scroll sideways when they do not
 * fit; each is a ≥44 px button.
 */
export function TabBar({ titles, active, onChange }: { titles: string[]; active: number; onChange(i: number): void }) {
  return (
    <div className="cf-tabs" role="tablist">
      {titles.map((t, i) => (
        <button
          key={i}
          type="button"
          role="tab"
          aria-selected={i === active}
          className={i === active ? 'cf-tabs-tab cf-tabs-tab-active' : 'cf-tabs-tab'}
          onClick={() => onChange(i)}
        >
          {t}
        </button>
      ))}
    </div>
  );
}
