/**
 * Which rows a long form draws in its first frame. A phone shows about ten
 * rows; the occupational questionnaire has more than a hundred (64 symptom
 * rows of four choices each). The first FIRST_ROWS rows in reading order are
 * drawn at once, every other row right after that first frame has been
 * painted, in a transition (React renders it in slices that yield to taps and
 * keys). Validation, drafts and values do not depend on it: react-hook-form
 * holds every value whether its row is drawn or not.
 */
import { walkFields, type FieldNode } from '../../engine/form/schema-model';

export const FIRST_ROWS = 12;

const orders = new WeakMap<FieldNode, Map<FieldNode, number>>();

/** Reading-order index of each node's first row under `root` (a list counts its entry's rows once). */
function orderOf(root: FieldNode): Map<FieldNode, number> {
  let m = orders.get(root);
  if (m) return m;
  m = new Map();
  let rows = 0;
  const seen = m;
  walkFields(root, (n) => {
    seen.set(n, rows);
    if (!n.children && !n.item) rows++;
  });
  orders.set(root, m);
  return m;
}

/** True when `node` starts within the first frame's rows. */
export function inFirstFrame(root: FieldNode, node: FieldNode): boolean {
  return (orderOf(root).get(node) ?? 0) < FIRST_ROWS;
}

/** Runs `fn` once the frame being prepared has been painted. */
export function afterPaint(fn: () => void): () => void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const raf = requestAnimationFrame(() => {
    timer = setTimeout(fn);
  });
  return () => {
    cancelAnimationFrame(raf);
    clearTimeout(timer);
  };
}
