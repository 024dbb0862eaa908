import type { Proposal, ProposedItem } from './types.ts';

/**
 * A table that PDF text printed column by column gives a reader the factors' names with no points
 * (序号 | 评审因素 read row by row, then the 所占比例/分值 column as a block of its own further
 * down: 24% 检测技术路线清晰… / 20% 作业分区… ). When the block right after the last such name holds
 * exactly one value-led line per name before the next row that has its points, they pair in order.
 * A value leads its line and stands apart from what follows (24% 检测…, 6 施工方案…), so a wrapped
 * criteria line (1 分；…, 2～3 分) is not one; a last value worth their sum is the 合计 row's.
 */
const VALUE_LEAD = /^[ \t]*(\d{1,3}(?:\.\d+)?)[ \t]*([%％]|分)?(?=[ \t]+[^\d\s分～~\-–—至]|[ \t]*$)/;

/** The start of a points column's header (所占比例, 分值, 权重) wrapped into the name above it. */
const HEADER_TAIL = /(?<=..)(?:所占比例?|所占|分值|权重|比例)$/;

export function withDumpedValues(p: Proposal, text: string): Proposal | null {
  const items: ProposedItem[] = [...p.items];
  let changed = false;
  for (let i = 0; i < items.length; i++) {
    if (items[i].points != null) continue;
    let j = i;
    while (j < items.length && items[j].points == null) j++;
    const k = j - i;
    const from = items[j - 1].span.end;
    const to = j < items.length ? items[j].span.start : Math.min(text.length, from + 6000);
    if (k >= 2 && to > from) {
      const values: Array<{ value: number; start: number; end: number }> = [];
      let at = from;
      for (const line of text.slice(from, to).split('\n')) {
        const m = VALUE_LEAD.exec(line);
        if (m) {
          const start = at + line.indexOf(m[1]);
          values.push({ value: Number(m[1]), start, end: start + m[1].length + (m[2] ? 1 : 0) });
        }
        at += line.length + 1;
        if (values.length > k + 1) break;
      }
      // (A value after them worth their sum is the 合计 row's: 24% … 8% then 100%.)
      const sum = values.slice(0, k).reduce((a, v) => a + v.value, 0);
      if (values.length === k + 1 && Math.abs(values[k].value - sum) < 0.01) values.pop();
      if (values.length === k && values.every((v) => v.value > 0)) {
        for (let n = 0; n < k; n++) {
          const it = items[i + n];
          // Its criteria: from its value to the next one; the last name may carry the next column's
          // header, wrapped into it (成果表达与数据入库 / 所占比 / 例).
          const until = n + 1 < k ? values[n + 1].start : Math.min(to, values[n].end + 400);
          items[i + n] = {
            ...it,
            name: n === k - 1 ? it.name.replace(HEADER_TAIL, '') || it.name : it.name,
            points: values[n].value,
            pointsSpan: { start: values[n].start, end: values[n].end },
            criteria:
              it.criteria ||
              text
                .slice(values[n].end, until)
                .replace(/\s*\n\s*/g, '')
                .trim(),
          };
        }
        changed = true;
      }
    }
    i = j - 1;
  }
  return changed ? { ...p, reader: `${p.reader}-dumped`, items } : null;
}
