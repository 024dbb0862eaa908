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
 * Rewrites run `concurrency` at a time, like the chapters of the job: one after another, a bid
 * whose chapters all repeat took a chapter's time per chapter after the job itself had ended.
 */
export async function dedupePass(
  engine: AiEngine,
  written: WrittenChapter[],
  opts: RunOptions,
  save: (c: WrittenChapter, rewrite: Generated<string>) => Promise<void>,
  concurrency = 1,
): Promise<DedupeResult> {
  const out: DedupeResult = { rewritten: [], flagged: [] };
  const reps = repeatedChapters(
    written.map((w) => ({ key: w, text: w.text })),
    REPEAT_THRESHOLD,
  );
  const rewrite = async (r: (typeof reps)[number]): Promise<void> => {
    const w = r.key;
    if (engine.name === 'offline' || !r.passages.length) {
      out.flagged.push({ catalogId: w.catalogId, title: w.title, share: r.share });
      return;
    }
    try {
      const g = await engine.writeChapter({ ...w.ctx, avoid: r.passages }, { ...opts, onDelta: undefined });
      // Compared with the other chapters as they are now (rewrites finished meanwhile included).
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
  };
  const queue = [...reps];
  const workers = Array.from({ length: Math.max(1, Math.min(concurrency, queue.length)) }, async () => {
    for (let r = queue.shift(); r && !opts.signal?.aborted; r = queue.shift()) await rewrite(r);
  });
  await Promise.all(workers);
  // Outline order whatever finished first (the job's message names the first few).
  const order = new Map(written.map((w, i) => [w.catalogId, i]));
  out.rewritten.sort((a, b) => (order.get(a) ?? 0) - (order.get(b) ?? 0));
  out.flagged.sort((a, b) => (order.get(a.catalogId) ?? 0) - (order.get(b.catalogId) ?? 0));
  return out;
}
