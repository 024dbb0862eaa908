import { nameLike } from './cells.ts';
import type { ProposedItem, Reader } from './types.ts';

/**
 * Items written as 名称（N分）：评分标准 wherever they stand on a line, several to a line when a
 * table's columns were pasted side by side (a PDF copied with its layout: 技术部分 | 商务部分 | 价格部分
 * as columns, 总体架构设计（10分）：… 类似项目业绩（8分）：… on one line). Only a name right before
 * its points in brackets and a colon counts; band labels (A档（8分）：) do not.
 */

const ITEM =
  /(?<=^|[\s\t，。；;：:、]|^[（(]?\d{1,2}[)）.、．]?)([★▲]?[\u4e00-\u9fa5A-Za-z][\u4e00-\u9fa5A-Za-z0-9/]{1,17})\s*[（(]\s*(\d+(?:\.\d+)?)\s*分\s*[）)]\s*[：:]/g;
const NOT_NAME =
  /(?:档|级|等|类|部分|合计|小计|总分|满分|得分|扣分|加分)$|^(?:评分|评审|其中|本项|每|最高|注)/;

export const readInline: Reader = (lines, isNoise, lot) => {
  const items: ProposedItem[] = [];
  for (const l of lines) {
    if (isNoise(l.text)) continue;
    const found = [...l.text.matchAll(ITEM)];
    found.forEach((m, k) => {
      const name = m[1].replace(/^[★▲]/, '');
      if (NOT_NAME.test(name) || !nameLike(name)) return;
      const at = l.start + (m.index ?? 0) + m[0].indexOf(m[1]);
      const pointsAt = l.start + (m.index ?? 0) + m[0].indexOf(m[2], m[1].length);
      const end = k + 1 < found.length ? (found[k + 1].index ?? l.text.length) : l.text.length;
      const criteria = l.text.slice((m.index ?? 0) + m[0].length, end).trim();
      items.push({
        name,
        points: Number(m[2]),
        criteria,
        category: null,
        group: null,
        lot,
        span: { start: at, end: l.start + end },
        nameSpan: { start: at, end: at + m[1].length },
        pointsSpan: { start: pointsAt, end: pointsAt + m[2].length },
        serial: null,
      });
    });
  }
  return items.length >= 2 ? { reader: 'inline', lot, items, subtotals: [] } : null;
};
