/** The most an item can earn, read from its criteria: 本项满分8分, 最高得6分, 0-15分, 第一名得10分. */
export function pointsInCriteria(s: string, unit: '分' | '%' = '分'): number | null {
  // In a table of weights the criteria give their maxima in percent (每个得2%，最多8%).
  const t = s.replace(/\s+/g, '').replace(unit === '%' ? /[%％]/g : /$^/, '分');
  const cap =
    /(?:本项|本项目|该项|此项)?(?:满分|最高得?|最多得?|最多计|累计最高|封顶|上限|总分)(?:为|是|值)?(\d{1,3}(?:\.\d+)?)分|(\d{1,3}(?:\.\d+)?)分封顶|本项(?:分值)?(?:为|共)?(\d{1,3}(?:\.\d+)?)分/g;
  let best: number | null = null;
  let m: RegExpExecArray | null;
  while ((m = cap.exec(t))) {
    const v = Number(m[1] ?? m[2] ?? m[3]);
    best = best == null ? v : Math.max(best, v);
  }
  if (best != null) return best;
  // Options to tick, one per band (□10分 … □8分 … □0分): the top one.
  const ticks = [...t.matchAll(/[□☐▢○◯](\d{1,3}(?:\.\d+)?)分/g)].map((x) => Number(x[1]));
  if (ticks.length >= 2) return Math.max(...ticks);
  const range = /(\d{1,3}(?:\.\d+)?)\s*[-–—~～至]\s*(\d{1,3}(?:\.\d+)?)\s*分/g;
  while ((m = range.exec(t))) {
    const v = Number(m[2]);
    if (v >= Number(m[1])) best = best == null ? v : Math.max(best, v);
  }
  if (best != null) return best;
  const got = /得(\d{1,3}(?:\.\d+)?)分/g;
  while ((m = got.exec(t))) {
    const v = Number(m[1]);
    best = best == null ? v : Math.max(best, v);
  }
  if (best != null) return best;
  // A price scored by its formula only: （评标基准价/投标报价）×30 is worth 30.
  const formula = /基准价[^。；;]{0,12}[/／][^。；;]{0,12}[)）]\s*[×xX*]\s*(\d{1,3})(?![\d.%％])/.exec(t);
  return formula && Number(formula[1]) >= 5 ? Number(formula[1]) : null;
}
