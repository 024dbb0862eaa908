import { describe, expect, it } from 'vitest';
import type { AiEngine, ChapterContext, Generated } from '../../ai/types.ts';
import { dedupePass, type WrittenChapter } from './dedupe.ts';

const para = '我方高度重视本项目，将调集公司优势资源，严格按照招标文件要求组织实施，确保项目优质高效完成。';

/** Six chapters that all repeat the first one's paragraph: five to rewrite. */
function chapters(): WrittenChapter[] {
  return ['甲', '乙', '丙', '丁', '戊', '己'].map((t, i) => ({
    catalogId: `c${i}`,
    title: t,
    text: `${para}\n\n${t}章节自己的内容第${i}段。`,
    ctx: { path: [t] } as unknown as ChapterContext,
  }));
}

/** A model whose calls stay open until released, counting how many are open at once. */
function heldEngine() {
  let open = 0;
  let most = 0;
  const waiting: Array<() => void> = [];
  const engine = {
    name: 'openai',
    writeChapter: async (ctx: ChapterContext): Promise<Generated<string>> => {
      open += 1;
      most = Math.max(most, open);
      await new Promise<void>((r) => waiting.push(r));
      open -= 1;
      return {
        value: `${ctx.path[0]}章节改写后的内容，不再重复。`,
        engine: 'openai',
        model: 'm',
        promptTokens: 0,
        completionTokens: 0,
      };
    },
  } as unknown as AiEngine;
  // Releases the open calls whenever there are any, until the pass ends.
  const pump = setInterval(() => waiting.splice(0).forEach((r) => r()), 1);
  return { engine, most: () => most, stop: () => clearInterval(pump) };
}

describe('the overlap check after 全文写作, several chapters at a time', () => {
  it('rewrites up to `concurrency` chapters at once and reports them in outline order', async () => {
    const m = heldEngine();
    const saved: string[] = [];
    const r = await dedupePass(
      m.engine,
      chapters(),
      { tier: 'standard' },
      async (w) => void saved.push(w.catalogId),
      3,
    ).finally(m.stop);
    expect(r.rewritten).toEqual(['c1', 'c2', 'c3', 'c4', 'c5']);
    expect(saved.sort()).toEqual(['c1', 'c2', 'c3', 'c4', 'c5']);
    expect(m.most()).toBe(3);
  });

  it('rewrites one at a time when told so', async () => {
    const m = heldEngine();
    const r = await dedupePass(m.engine, chapters(), { tier: 'standard' }, async () => {}, 1).finally(m.stop);
    expect(r.rewritten).toHaveLength(5);
    expect(m.most()).toBe(1);
  });
});
