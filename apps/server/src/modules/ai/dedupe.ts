import { repeatedChapters } from '../../ai/overlap.ts';
import type { AiEngine, ChapterContext, Generated, RunOptions } from '../../ai/types.ts';

/** A chapter written by the full-text job, in outline order. */
export interface WrittenChapter {
  catalogId: string;
  title: string;
  text: string;
  ctx: ChapterContext;
}

export interface DedupeResult {
  /** Chapters the model wrote again without the repeated passages. */
  rewritten: string[];
  /** Chapters left as they are and reported (offline drafts, or a rewrite that failed). */
  flagged: Array<{ catalogId: string; title: string; share: number }>;
}

/** Share of a chapter's 8-grams already in an earlier chapter above which it is rewritten or flagged. */
export const REPEAT_THRESHOLD = 0.2;

/**
 * The overlap check after 全文写作: a chapter that repeats earlier ones (8-gram shingles) is
 * written once more by the model with the repeated passages named as off limits, and kept only if
 * the new text repeats less; with the offline engine (templates cannot rephrase) it is flagged.
 */
export async function dedupePass(
  engine: AiEngine,
  written: WrittenChapter[],
  opts: RunOptions,
  save: (c: WrittenChapter, rewrite: Generated<string>) => Promise<void>,
): Promise<DedupeResult> {
  const out: DedupeResult = { rewritten: [], flagged: [] };
  const reps = repeatedChapters(
    written.map((w) => ({ key: w, text: w.text })),
    REPEAT_THRESHOLD,
  );
  for (const r of reps) {
    const w = r.key;
    if (opts.signal?.aborted) break;
    if (engine.name === 'offline' || !r.passages.length) {
      out.flagged.push({ catalogId: w.catalogId, title: w.title, share: r.share });
      continue;
    }
    try {
      const g = await engine.writeChapter({ ...w.ctx, avoid: r.passages }, { ...opts, onDelta: undefined });
      const others = written.filter((x) => x !== w).map((x) => ({ key: x.catalogId, text: x.text }));
      const after = repeatedChapters([...others, { key: w.catalogId, text: g.value }], 1).find(
        (x) => x.key === w.catalogId,
      );
      // Kept when it repeats less: fewer repeated passages, or the same with a smaller share.
      if (
        !after ||
        after.passages.length < r.passages.length ||
        (after.passages.length === r.passages.length && after.share < r.share)
      ) {
        await save(w, g);
        w.text = g.value;
        out.rewritten.push(w.catalogId);
      } else out.flagged.push({ catalogId: w.catalogId, title: w.title, share: after.share });
    } catch {
      out.flagged.push({ catalogId: w.catalogId, title: w.title, share: r.share });
    }
  }
  return out;
}
