/** "Did you mean" hints for unknown names, in the admin's words: `（是不是要写 "X"？）`. */

function distance(a: string, b: string): number {
  const x = a.toLowerCase();
  const y = b.toLowerCase();
  const row = Array.from({ length: y.length + 1 }, (_, i) => i);
  for (let i = 1; i <= x.length; i++) {
    let prev = row[0];
    row[0] = i;
    for (let j = 1; j <= y.length; j++) {
      const tmp = row[j];
      row[j] = Math.min(row[j] + 1, row[j - 1] + 1, prev + (x[i - 1] === y[j - 1] ? 0 : 1));
      prev = tmp;
    }
  }
  return row[y.length];
}

/** `（是不是要写 "X"？）` for the closest candidate within a small distance, else ''. */
export function suggest(name: string, candidates: Iterable<string>): string {
  if (typeof name !== 'string') return ''; // a value of the wrong kind (a number) gets no hint, rather than a crash
  let best: string | null = null;
  let bestD = Infinity;
  for (const c of candidates) {
    const d = distance(name, c);
    if (d < bestD) [best, bestD] = [c, d];
  }
  const limit = Math.max(2, Math.floor(name.length / 3));
  return best !== null && bestD > 0 && bestD <= limit ? `（是不是要写 "${best}"？）` : '';
}
