/**
 * Reordering the builder's questions by drag and drop (HTML5): each card sits
 * in a slot with a handle ⠿; a card dropped on another card takes its place
 * (../questionnaire/reorder.ts), in any section; dropped on a section's free
 * space it goes to that section's end (the only way into an empty section).
 * The cards' ↑ ↓ buttons do the same from the keyboard; the handle is not
 * focusable, so a keyboard user never stops on it.
 */
import { useRef, useState, type DragEvent, type ReactNode } from 'react';
import type { Place } from '../questionnaire/reorder';

const same = (a: Place | null, b: Place) => !!a && a.section === b.section && a.index === b.index;

export interface QuestionDrag {
  from: Place | null;
  over: Place | null;
  handle(p: Place): {
    draggable: true;
    onDragStart: (e: DragEvent<HTMLElement>) => void;
    onDragEnd: () => void;
  };
  /** A drop on `p` calls `move` (the dragged card's place, `p`). */
  target(p: Place, move: (from: Place, to: Place) => void): {
    onDragOver: (e: DragEvent<HTMLElement>) => void;
    onDragLeave: (e: DragEvent<HTMLElement>) => void;
    onDrop: (e: DragEvent<HTMLElement>) => void;
  };
}

export function useQuestionDrag(): QuestionDrag {
  const [from, setFrom] = useState<Place | null>(null);
  const [over, setOver] = useState<Place | null>(null);
  // the events of one drag can come before React renders the state of the one before
  const fromRef = useRef<Place | null>(null);
  const end = () => {
    fromRef.current = null;
    setFrom(null);
    setOver(null);
  };
  return {
    from,
    over,
    handle: (p) => ({
      draggable: true,
      onDragStart: (e) => {
        e.dataTransfer.effectAllowed = 'move';
        // some browsers start no drag without data; other pages reading it get nothing useful
        e.dataTransfer.setData('text/plain', '');
        // the whole card follows the pointer, not just the handle
        const slot = e.currentTarget.closest('.st-qslot');
        if (slot) e.dataTransfer.setDragImage(slot, 12, 12);
        fromRef.current = p;
        setFrom(p);
      },
      onDragEnd: end,
    }),
    target: (p, move) => ({
      onDragOver: (e) => {
        // a drag from elsewhere (a file, some text) is no reordering: not a drop target for it
        if (!fromRef.current) return;
        e.preventDefault();
        e.stopPropagation();
        e.dataTransfer.dropEffect = 'move';
        setOver((o) => (same(o, p) ? o : p));
      },
      onDragLeave: (e) => {
        if (!(e.relatedTarget instanceof Node && e.currentTarget.contains(e.relatedTarget))) setOver((o) => (same(o, p) ? null : o));
      },
      onDrop: (e) => {
        const f = fromRef.current;
        if (!f) return;
        e.preventDefault();
        e.stopPropagation();
        end();
        if (!same(f, p)) move(f, p);
      },
    }),
  };
}

/** One card's slot: the handle, the card, and where a drop would put the dragged card (a line above or below). */
export function QuestionSlot({ place, drag, onMove, children }: { place: Place; drag: QuestionDrag; onMove: (from: Place, to: Place) => void; children: ReactNode }) {
  const { from, over } = drag;
  const shown = same(over, place) && from && !same(from, place);
  // in its own section, a card dropped further down lands below the target; otherwise above it
  const below = shown && from.section === place.section && from.index < place.index;
  const cls = `st-qslot${same(from, place) ? ' st-qslot-dragging' : ''}${shown ? (below ? ' st-qslot-below' : ' st-qslot-above') : ''}`;
  return (
    <div className={cls} {...drag.target(place, onMove)}>
      <span className="st-drag" {...drag.handle(place)} aria-label="拖动排序" title="拖动排序（键盘：卡片上的 ↑ ↓）">
        ⠿
      </span>
      {children}
    </div>
  );
}
