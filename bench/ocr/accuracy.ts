/**
 * Character accuracy of OCR against a page's text layer (bench/ocr): 1 − edit distance / length with
 * whitespace removed and full-width forms folded (NFKC), and the order-free character recall
 * (multiset), which does not count table cells listed in another order.
 */
const fold = (s: string) => s.normalize('NFKC').replace(/\s/g, '');

function editDistance(a: string, b: string): number {
  const x = [...a];
  const y = [...b];
  let prev = new Int32Array(y.length + 1).map((_, j) => j);
  let cur = new Int32Array(y.length + 1);
  for (let i = 1; i <= x.length; i++) {
    cur[0] = i;
    for (let j = 1; j <= y.length; j++)
      cur[j] = Math.min(prev[j] + 1, cur[j - 1] + 1, prev[j - 1] + (x[i - 1] === y[j - 1] ? 0 : 1));
    [prev, cur] = [cur, prev];
  }
  return prev[y.length];
}

function bagRecall(truth: string, got: string): number {
  const bag = new Map<string, number>();
  for (const c of got) bag.set(c, (bag.get(c) ?? 0) + 1);
  let hit = 0;
  for (const c of truth) {
    const n = bag.get(c) ?? 0;
    if (n > 0) {
      hit++;
      bag.set(c, n - 1);
    }
  }
  return truth.length ? hit / [...truth].length : 1;
}

export function accuracy(truths: string[], gots: string[]) {
  let chars = 0;
  let errors = 0;
  let bagHit = 0;
  truths.forEach((t, i) => {
    const a = fold(t);
    const b = fold(gots[i] ?? '');
    const n = [...a].length;
    chars += n;
    errors += Math.min(n, editDistance(a, b));
    bagHit += bagRecall(a, b) * n;
  });
  return { chars, accuracy: 1 - errors / chars, bag: bagHit / chars };
}
