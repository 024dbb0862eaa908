import { contentLines } from './noise.ts';
import { nameLike } from './cells.ts';
import type { ProposedItem, Reader } from './types.ts';

/**
 * Factors written as labelled blocks, one label per line: 【评审项 C-1】设计理念与总体构思 /
 * 【分值】10 分 / 【评审标准】…, or 评分项目：… / 分值：… — the name's label, then within a few lines
 * the points' label.
 */

const NAME =
  /^\s*[【[〔]?\s*(?:评审项目?|评分项目?|评审因素|评分因素|评审内容|评分内容|评审要素|评分要素)\s*[A-Za-z]{0,2}[-－.．]?\d{0,2}(?:[-－.．]\d{1,2})?\s*[】\]〕：:]\s*(.{2,30})$/;
const POINTS =
  /^\s*[【[〔]?\s*(?:分值|满分|分数|最高分|本项满分)\s*[】\]〕：:]\s*(\d{1,3}(?:\.\d+)?)\s*分?\s*[。；;]?\s*$/;

export const readTaggedBlocks: Reader = (lines, isNoise, lot) => {
  const ls = contentLines(lines, isNoise);
  const items: ProposedItem[] = [];
  for (let i = 0; i < ls.length; i++) {
    const n = NAME.exec(ls[i].text);
    if (!n || !nameLike(n[1].trim())) continue;
    for (let k = i + 1; k < Math.min(ls.length, i + 4); k++) {
      if (NAME.test(ls[k].text)) break;
      const p = POINTS.exec(ls[k].text);
      if (!p) continue;
      const name = n[1].trim();
      const nameAt = ls[i].start + ls[i].text.indexOf(name);
      const pointsAt = ls[k].start + ls[k].text.indexOf(p[1]);
      items.push({
        name,
        points: Number(p[1]),
        criteria: '',
        category: null,
        group: null,
        lot,
        span: { start: ls[i].start, end: ls[k].end },
        nameSpan: { start: nameAt, end: nameAt + name.length },
        pointsSpan: { start: pointsAt, end: pointsAt + p[1].length },
        serial: null,
      });
      i = k;
      break;
    }
  }
  return items.length >= 2 ? { reader: 'tagged-blocks', lot, items, subtotals: [] } : null;
};
