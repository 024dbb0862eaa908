import type { Line } from '../lines.ts';

/**
 * Page furniture: running headers and footers that PDF extraction leaves in the middle of the text
 * (and of tables). Told apart by what they are — page marks (第 3 页 共 23 页, - 3 -, 3/23), or a
 * line that repeats on many pages with only its numbers changing — rather than by a list of titles.
 */

const PAGE_MARK =
  /(第\s*\d+\s*页\s*[,，/／]?\s*(共\s*\d+\s*页)?|共\s*\d+\s*页\s*[,，]?\s*第\s*\d+\s*页|^[-—–]\s*\d+\s*[-—–]$|^\d+\s*\/\s*\d+$|^Page\s+\d+(\s+of\s+\d+)?$)/i;

const shape = (t: string) => t.replace(/\s+/g, '').replace(/\d+/g, '#');

export interface NoiseFilter {
  (text: string): boolean;
}

/** A filter for the lines of this text that are page furniture. */
export function pageNoise(lines: Line[], title: string): NoiseFilter {
  const seen = new Map<string, number[]>();
  lines.forEach((l, i) => {
    const t = l.text.trim();
    if (t.length < 4 || t.length > 80) return;
    const k = shape(t);
    const at = seen.get(k);
    if (at) at.push(i);
    else seen.set(k, [i]);
  });
  // A line that comes back three or more times, short, without sentence punctuation: a header or footer.
  // It comes back once a page; rows of one factor repeated with their serials (2 F02 运维总体方 / …
  // 3 F02 运维总体方) come back a few lines apart, and are rows.
  // Where the text marks its pages (第 6 页 共 9 页, or a form feed), furniture stands by the marks; a
  // short line of words that comes back far from them is a row's cell repeated (同类设备装机业绩 once
  // per 包). (Figures alone, a 前附表's clause numbers 2.2.4(1) … (3), stay what they were taken for.)
  const marks = lines.flatMap((l, i) =>
    l.text.includes('\f') || (l.text.trim().length <= 60 && PAGE_MARK.test(l.text.trim())) ? [i] : [],
  );
  const near = new Uint8Array(lines.length);
  for (const m of marks) near.fill(1, Math.max(0, m - 6), Math.min(lines.length, m + 7));
  const byMark = (i: number) => near[i] === 1;
  const repeated = new Set<string>();
  for (const [k, at] of seen) {
    if (marks.length >= 2 && /[\u4e00-\u9fa5]{2}/.test(k) && at.filter(byMark).length * 2 < at.length)
      continue;
    const gaps = at
      .slice(1)
      .map((v, i) => v - at[i])
      .sort((a, b) => a - b);
    const spread = gaps.length > 0 && gaps[Math.floor(gaps.length / 2)] >= 8;
    if (
      at.length >= 3 &&
      spread &&
      k.length >= 8 &&
      !/[，。；：:]/.test(k) &&
      !/#\s*分|分值|序号|评分|评审/.test(k)
    )
      repeated.add(k);
  }
  const titleKey = shape(title);
  return (text: string) => {
    const t = text.trim();
    if (!t) return true;
    if (t.length <= 60 && PAGE_MARK.test(t) && !/[，。；]/.test(t.replace(PAGE_MARK, ''))) return true;
    const k = shape(t);
    if (repeated.has(k)) return true;
    return titleKey.length >= 6 && k.length <= titleKey.length + 12 && k.startsWith(titleKey);
  };
}

/** The lines a reader looks at: not blank, not the page's own running lines. */
export function contentLines(lines: Line[], isNoise: (t: string) => boolean): Line[] {
  return lines.filter((l) => l.text.trim() && !isNoise(l.text));
}
