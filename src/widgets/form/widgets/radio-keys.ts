import { useRef, type KeyboardEvent } from 'react';

/**
 * A radio group's keys, as WAI-ARIA's radio group pattern has them: ← ↑ and
 * → ↓ move to the previous / next option and choose it; only the chosen
 * option (or the first, while none is) is in the tab order, so Tab goes from
 * one group to the next. Shared by the rating's buttons and a matrix row's cells.
 */
export function useRadioKeys(count: number, chosen: number, choose: (i: number) => void) {
  const group = useRef<HTMLDivElement>(null);
  const onKeyDown = (e: KeyboardEvent) => {
    const step = e.key === 'ArrowRight' || e.key === 'ArrowDown' ? 1 : e.key === 'ArrowLeft' || e.key === 'ArrowUp' ? -1 : 0;
    if (!step || !count) return;
    e.preventDefault();
    const next = Math.min(count - 1, Math.max(0, chosen < 0 ? 0 : chosen + step));
    choose(next);
    group.current?.querySelectorAll<HTMLElement>('[role="radio"]')[next]?.focus();
  };
  const tabIndex = (i: number) => (i === chosen || (chosen < 0 && i === 0) ? 0 : -1);
  return { group, onKeyDown, tabIndex };
}
