/**
 * Repetition between the chapters of one bid, measured on character 8-grams ("shingles") of the
 * text with Markdown syntax, punctuation and spacing removed (AI-NOTES: restating the same
 * paragraphs in every section is what readers and evaluators punish).
 */

export const SHINGLE = 8;
/** Shingles a line needs to count as a passage (about 20 characters). */
const MIN_PASSAGE = 12;

/**
 * The text a shingle sees: letters, digits and CJK only. Placeholders 【待填写：…】 are left out:
 * they are slots the bidder replaces (and deliberately alike), not text an evaluator reads.
 */
export function normalizeForShingles(md: string): string {
  return md
    .replace(/【待填写：[^】]*】/g, '\n')
    .replace(/^\s*(#{1,6}|[-*+]|\d+[.)])\s+/gm, '')
    .replace(/[|*_`>~\s]/g, '')
    .replace(/[\p{P}\p{S}]/gu, '');
}

export function shingles(md: string, n = SHINGLE): Set<string> {
  const t = normalizeForShingles(md);
  const out = new Set<string>();
  const chars = Array.from(t);
  for (let i = 0; i + n <= chars.length; i++) out.add(chars.slice(i, i + n).join(''));
  return out;
}

/** Share of the distinct shingles of a bid that appear in two or more of its chapters. */
export function sharedShingleShare(chapters: string[], n = SHINGLE): number {
  const seenIn = new Map<string, number>();
  for (const c of chapters) for (const s of shingles(c, n)) seenIn.set(s, (seenIn.get(s) ?? 0) + 1);
  if (!seenIn.size) return 0;
  let shared = 0;
  for (const count of seenIn.values()) if (count > 1) shared += 1;
  return shared / seenIn.size;
}

export interface Repetition<K> {
  key: K;
  /** Share of this chapter's shingles that an earlier chapter already holds. */
  share: number;
  /** The repeated passages (lines of this chapter made mostly of repeated shingles), longest first. */
  passages: string[];
}

/**
 * Chapters (in outline order) repeating earlier ones: a chapter with a paragraph mostly found in
 * an earlier chapter, or whose shingles are `threshold` or more already in earlier chapters, is
 * listed with the passages it repeats. The first of two
 * similar chapters keeps its text; the later one is the one to rewrite.
 */
export function repeatedChapters<K>(
  chapters: Array<{ key: K; text: string }>,
  threshold = 0.15,
  n = SHINGLE,
): Array<Repetition<K>> {
  const seen = new Set<string>();
  const out: Array<Repetition<K>> = [];
  for (const c of chapters) {
    const own = shingles(c.text, n);
    let hit = 0;
    for (const s of own) if (seen.has(s)) hit += 1;
    const share = own.size ? hit / own.size : 0;
    // A paragraph (of a dozen shingles or more) mostly found in an earlier chapter is repetition
    // however long the rest of the chapter is.
    const passages = c.text
      .split('\n')
      .map((l) => l.trim())
      .filter((l) => {
        const ls = shingles(l, n);
        if (ls.size < MIN_PASSAGE) return false;
        let h = 0;
        for (const s of ls) if (seen.has(s)) h += 1;
        return h / ls.size >= 0.5;
      })
      .sort((a, b) => b.length - a.length)
      .slice(0, 8);
    if (share >= threshold || passages.length) out.push({ key: c.key, share, passages });
    for (const s of own) seen.add(s);
  }
  return out;
}
