import type { Proposal, ProposedItem } from './types.ts';

/**
 * Factors given as shares of their part (技术部分满分50分 … 检测技术路线 | 24% | …, 合计 100%): a
 * factor is worth the part's maximum times its share (50 × 24% = 12). The part's maximum is the one
 * the text states last before the factors (技术部分满分50分, 商务部分（20分）, 服务方案满分60分).
 */

const PART_MAX =
  /(?:技术|商务|服务|资信|价格|报价|综合)(?:部分|分|标|[\u4e00-\u9fa5]{1,4}?(?=满分|总分))?(?:评分)?\s*(?:满分|总分|分值)?\s*(?:为|是|：|:)?\s*[（(]?\s*(?:满分\s*)?(\d{1,3})\s*分/g;

export function withPartShares(p: Proposal, text: string): Proposal | null {
  const isShare = (it: ProposedItem) =>
    it.points != null &&
    !!it.pointsSpan &&
    /[%％]/.test(text.slice(it.pointsSpan.start, it.pointsSpan.end + 1));
  let changed = false;
  const items = [...p.items];
  for (let i = 0; i < items.length; i++) {
    if (!isShare(items[i])) continue;
    let j = i;
    let sum = 0;
    while (j < items.length && isShare(items[j])) sum += items[j++].points!;
    if (j - i >= 2 && Math.abs(sum - 100) < 0.01) {
      // The part's maximum: the last one stated within a page before its first factor.
      const from = Math.max(0, items[i].span.start - 800);
      const stated = [...text.slice(from, items[i].span.start).matchAll(PART_MAX)].pop();
      const max = stated ? Number(stated[1]) : null;
      if (max != null && max > 0 && max < 100) {
        for (let k = i; k < j; k++) {
          const it = items[k];
          items[k] = {
            ...it,
            points: Math.round(it.points! * max) / 100,
            // (What the table prints, so the writer sees where the figure comes from.)
            criteria: `（所占比例 ${it.points}%，按满分 ${max} 分计）${it.criteria}`,
            pointsSpan: null,
          };
        }
        changed = true;
      }
    }
    i = j - 1;
  }
  return changed ? { ...p, reader: `${p.reader}-shares`, items } : null;
}
