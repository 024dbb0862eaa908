/**
 * The outline rules the server and the web share: which titles the tender prescribes (the bid's
 * mandated outline: its wording and order are kept, and the writer is warned before changing them).
 */

/** A title without its enumerator, spacing and punctuation (第一章 投标函 → 投标函). */
export function squashTitle(s: string): string {
  return s
    .replace(
      /^(第[一二三四五六七八九十\d]+[章节部分篇]|[一二三四五六七八九十]+、|[（(][一二三四五六七八九十\d]+[）)]|\d+(\.\d+)*[.、\s])\s*/,
      '',
    )
    .replace(/[\s（）()：:、，,。]/g, '');
}

/** Whether a title is one the tender prescribes (then it keeps its wording and place). */
export function isMandatedTitle(title: string, mandated: readonly string[]): boolean {
  const t = squashTitle(title);
  return t.length > 0 && mandated.some((m) => squashTitle(m) === t);
}
