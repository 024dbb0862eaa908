import type { ElementContext } from './context.ts';

const STOP = new Set(
  '的 了 和 与 及 或 等 对 为 在 由 是 将 并 其 按 以 中 上 下 本 该 各 项 个 我方 我司 公司 项目 工程 工作 进行 相关 有关 主要 具体 要求 方案 措施 内容 情况 方面 确保 保证 采用 根据 通过 实施 建立 落实 管理 组织 计划 一 二 三 第 章 节 条 款 投标 招标 文件 标书 说明 其他 包括 以及 应 须 必须 可以 能够 需要 不 无 有 已 于 如 若 则 即 之 同时 每 所有 全部 及时'.split(
    /\s+/,
  ),
);

/**
 * Keywords for image search: words of the chapter title (weighted most), headings and text,
 * segmented with Intl.Segmenter (Chinese word boundaries), stop words removed.
 */
export function imageKeywords(ctx: ElementContext, limit = 12): string[] {
  const seg = new Intl.Segmenter('zh', { granularity: 'word' });
  const weights = new Map<string, number>();
  const add = (text: string, w: number) => {
    for (const s of seg.segment(text)) {
      if (!s.isWordLike) continue;
      const word = s.segment.trim();
      if ([...word].length < 2 || STOP.has(word) || /^\d+$/.test(word)) continue;
      weights.set(word, (weights.get(word) ?? 0) + w);
    }
  };
  add(ctx.chapterTitle, 5);
  for (const p of ctx.path.slice(0, -1)) add(p, 1.5);
  for (const b of ctx.blocks) if (b.kind === 'heading') add(b.text, 2);
  for (const t of ctx.childTitles) add(t, 2);
  add(ctx.text.slice(0, 20_000), 0.3);
  if (ctx.instruction) add(ctx.instruction, 6);
  return [...weights]
    .sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0], 'zh-CN'))
    .slice(0, limit)
    .map(([w]) => w);
}
