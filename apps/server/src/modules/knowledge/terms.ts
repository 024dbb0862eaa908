/**
 * Chinese-aware terms for retrieval, with no native dependency: ICU word segmentation
 * (Intl.Segmenter) for words of three or more characters, plus every character bigram of a
 * run of Han characters, so that a query in other words still meets the text half-way
 * (项目负责人 ~ 项目经理 share 项目; 建造师证书 ~ 一级建造师 share 建造, 造师).
 */
const segmenter = new Intl.Segmenter('zh', { granularity: 'word' });
const HAN = /\p{Script=Han}/u;
const HAN_RUN = /\p{Script=Han}+/gu;
const LATIN = /[\p{L}\p{N}]+/gu;

/** Words too common in bids to tell passages apart. */
const STOP = new Set([
  '我们',
  '我方',
  '本项目',
  '项目的',
  '进行',
  '以及',
  '及其',
  '可以',
  '按照',
  '根据',
  '对于',
  '其中',
  '一个',
  '并且',
  '或者',
  '的是',
]);

/** The terms of a text, in order, repeated as they occur (term frequencies come from this). */
export function termsOf(text: string): string[] {
  const out: string[] = [];
  const s = text.toLowerCase();
  for (const m of s.matchAll(HAN_RUN)) {
    const run = m[0];
    const chars = Array.from(run);
    if (chars.length === 1) {
      out.push(run);
      continue;
    }
    for (let i = 0; i + 1 < chars.length; i++) {
      const bi = chars[i] + chars[i + 1];
      if (!STOP.has(bi)) out.push(bi);
    }
    for (const seg of segmenter.segment(run)) {
      if (seg.isWordLike && Array.from(seg.segment).length >= 3 && !STOP.has(seg.segment))
        out.push(seg.segment);
    }
  }
  for (const m of s.matchAll(LATIN)) {
    const w = m[0];
    // Han runs were handled above; keep Latin words and numbers of two or more characters.
    if (HAN.test(w)) {
      for (const part of w.split(/\p{Script=Han}+/u)) if (part.length >= 2) out.push(part);
    } else if (w.length >= 2) out.push(w);
  }
  return out;
}

/** Term -> frequency. */
export function termVector(text: string): Record<string, number> {
  const v: Record<string, number> = {};
  for (const t of termsOf(text)) v[t] = (v[t] ?? 0) + 1;
  return v;
}

/** [start, end) ranges of `text` where any of the query's terms occur, merged. */
export function highlightsOf(text: string, query: string, max = 40): Array<[number, number]> {
  const terms = [...new Set(termsOf(query))].sort((a, b) => b.length - a.length);
  const lower = text.toLowerCase();
  const ranges: Array<[number, number]> = [];
  for (const t of terms) {
    let from = 0;
    for (let n = 0; n < 50; n++) {
      const i = lower.indexOf(t, from);
      if (i < 0) break;
      ranges.push([i, i + t.length]);
      from = i + t.length;
    }
  }
  ranges.sort((a, b) => a[0] - b[0] || b[1] - a[1]);
  const merged: Array<[number, number]> = [];
  for (const r of ranges) {
    const last = merged[merged.length - 1];
    if (last && r[0] <= last[1]) last[1] = Math.max(last[1], r[1]);
    else merged.push([r[0], r[1]]);
  }
  return merged.slice(0, max);
}
