import { isTotalName, nameLike } from './cells.ts';
import type { Proposal, ProposedItem, Reader } from './types.ts';

/**
 * A table whose rows came out of a PDF as one line each with the points glued to the criteria
 * (施工方案与技术措施 ⇥ 8分工艺流程合理…, 环境保护管理体系与措施 3分防臭…), under heading lines with their
 * own points (施工组织设计（30分）). Each such line is an item; the lines after it that are neither
 * continue its criteria. Headings are proposed too: the judge keeps them only where their rows do not
 * add up to them.
 */

const ROW =
  /^\s*(?:[（(]?\d{1,2}[)）.、．]\s*)?([★▲]?[\u4e00-\u9fa5A-Za-z][^\t\s：:，,。；（(]{1,29})(?:\t\s*|\s+)(\d{1,3}(?:\.\d+)?)\s*分(?![）)\d])\s*(.*)$/;
const NOT_NAME = /^(?:本项|满分|合计|总分|其中|每|注|投标人的|得分|扣|最高)/;
const HEADING =
  /^\s*(?:[一二三四五六七八九十]+[、.．]\s*)?([\u4e00-\u9fa5]{2,16})\s*[（(]\s*(\d{1,3}(?:\.\d+)?)\s*分\s*[）)]\s*$/;

export const readRowLines: Reader = (lines, isNoise, lot) => {
  const items: ProposedItem[] = [];
  const subtotals: Proposal['subtotals'] = [];
  let last: ProposedItem | null = null;
  // Rows cut at a TAB are the table's; a row cut at a space counts only next to them.
  let tabbed = 0;
  let sinceRow = Infinity;
  for (const l of lines) {
    sinceRow += 1;
    const t = l.text;
    if (!t.trim() || isNoise(t)) continue;
    const h = HEADING.exec(t);
    if (h) {
      const at = l.start + t.indexOf(h[1]);
      subtotals.push({ label: h[1], category: null, points: Number(h[2]), span: { start: at, end: l.end } });
      last = null;
      continue;
    }
    const m = ROW.exec(t);
    const cut = m ? t.slice(t.indexOf(m[1]) + m[1].length).match(/^\s*/)![0] : '';
    if (
      m &&
      nameLike(m[1]) &&
      !isTotalName(m[1]) &&
      !NOT_NAME.test(m[1]) &&
      (cut.includes('\t') || sinceRow <= 3)
    ) {
      if (cut.includes('\t')) tabbed += 1;
      sinceRow = 0;
      const at = l.start + t.indexOf(m[1]);
      const pointsAt = l.start + t.indexOf(m[2], t.indexOf(m[1]) + m[1].length);
      last = {
        name: m[1],
        points: Number(m[2]),
        criteria: m[3],
        category: null,
        group: subtotals.length ? subtotals[subtotals.length - 1].label : null,
        lot,
        span: { start: at, end: l.end },
        nameSpan: { start: at, end: at + m[1].length },
        pointsSpan: { start: pointsAt, end: pointsAt + m[2].length },
        serial: null,
      };
      items.push(last);
      continue;
    }
    if (last && !t.includes('\t') && last.criteria.length < 1500) {
      last.criteria += t.trim();
      last.span.end = l.end;
    } else last = null;
  }
  return items.length >= 3 && tabbed * 2 >= items.length
    ? { reader: 'row-lines', lot, items, subtotals }
    : null;
};
