import type { SourceSpan, StarClause } from '@bid/shared';
import { parseEnumerator, truncate } from '../tender-text.ts';
import { bodyOf, starMark, type Block } from './blocks.ts';
import { labelBefore, rowLot } from './grid.ts';
import { isChapterHeading, offsetIn, subParagraph, type Line, type Paragraph } from './lines.ts';
import { lotMarker } from './lot-marker.ts';
import type { Structure } from './structure.ts';

/** ★/▲ clauses, disqualification clauses and the stated requirements, each with its offsets. */

/** The 包 each offset falls under: a 包 marker line holds until the next chapter heading (the scoring readers' view). */
export function lotIndex(lines: Line[]): (offset: number) => number | null {
  const marks: Array<{ at: number; lot: number | null }> = [];
  for (const l of lines) {
    if (isChapterHeading(l.text)) marks.push({ at: l.start, lot: null });
    else if (!l.text.includes('\t')) {
      const n = lotMarker(l.text);
      if (n != null) marks.push({ at: l.start, lot: n });
    }
  }
  return (offset) => {
    let lot: number | null = null;
    for (const m of marks) {
      if (m.at > offset) break;
      lot = m.lot;
    }
    return lot;
  };
}

/**
 * ★/▲ clauses: every paragraph, list item or table cell whose text starts with the mark (after its
 * enumerator or sequence cell), whole across line wraps and page breaks. A table clause takes the
 * row's label when its cell does not say what it is about (交货期：合同签订之日起…), and its 包 from
 * the row's 包 cell, else from the 包 part it lies in.
 */
export function extractStarClauses(st: Structure, multiLot: boolean): StarClause[] {
  const out: StarClause[] = [];
  const seen = new Set<string>();
  const add = (mark: '★' | '▲', raw: string, lot: number | null, b: Block) => {
    // ★3. 成果须… : the enumerator may follow the mark.
    const e = parseEnumerator(raw);
    const text = (e && e.style !== 'chapter' ? e.rest : raw).replace(/\s+/g, ' ').trim();
    if (/^号/.test(text) || text.length < 2) return;
    const key = `${lot ?? ''}|${text}`;
    if (seen.has(key)) return;
    seen.add(key);
    out.push({
      mark,
      text: truncate(text, 2000),
      lot: multiLot ? lot : null,
      source: { start: b.start, end: b.end },
    });
  };
  st.reading.blocks.forEach((b, i) => {
    if (b.kind === 'row') {
      const g = st.grid.get(i);
      if (!g || g.kind !== 'row') return;
      // Marks inside a cell whose lines a PDF table joined (…识别准确率≥99.5%；★支持SIP2… ▲内置…):
      // each starts a clause that runs to the next mark or the sentence's end. (A mark in quotes or
      // named as one, 标注“★”的条款 or 标注★的技术参数, is a reference, not a clause.)
      g.cells.forEach((cell, x) => {
        if (x === g.markAt) return;
        for (const c of cell.matchAll(
          /(?<=[^\s“"'「（(])(?<!标注|带|标有|标记|注有|含|有)([★▲])(?![”"'」号）)的]|条款|参数|要求)([^★▲。；;]{4,})/g,
        )) {
          const inner = starMark(c[1]);
          if (inner) add(inner, c[2], rowLot(g, st.lotOf[i]), b);
        }
      });
      if (!g.mark) return;
      const cell = g.cells[g.markAt].replace(/^(?:\d{1,3}[.、．]?\s*)?[★▲]\s*/, '').trim();
      // A mark alone in its column (| 1 | ★ | 要求 |) or on a name cell: the clause is the rest of the row.
      const rest = g.cells
        .slice(g.markAt + 1)
        .filter((c, x) => c && g.markAt + 1 + x !== g.lotAt)
        .join(' ');
      const label = labelBefore(g, g.markAt);
      const text = !cell
        ? rest
        : rest && cell.length <= 16
          ? `${cell} ${rest}`
          : label && !cell.startsWith(label) && !rest
            ? `${label}：${cell}`
            : cell;
      add(g.mark, text, rowLot(g, st.lotOf[i]), b);
      return;
    }
    if (b.kind === 'chapter') return;
    const m = /^([★▲])\s*(.+)$/s.exec(bodyOf(b));
    const mark = starMark(m?.[1]);
    if (m && mark) add(mark, m[2], st.lotOf[i], b);
    // A `-layout` table's cell that starts with the mark, after other cells of its line
    // (2    RFID安全门    3套        ★单通道检测宽度不小于900mm): the cell is the clause.
    if (!m)
      for (const c of b.text.matchAll(/(?<=\S {2,})([★▲])\s*(\S+(?: \S+)*)/g)) {
        const cellMark = starMark(c[1]);
        if (cellMark && c[2].length >= 4) add(cellMark, c[2], st.lotOf[i], b);
      }
  });
  return out.slice(0, 300);
}

const DISQUALIFY =
  /(废标|无效投标|投标无效|否决其(?:投标|报价|响应)|否决投标|投标将被否决|作无效|按无效|无效处理|不予受理|无效响应|响应无效|响应文件无效|视为无效|投标将被拒绝|资格审查不合格|不予评审|不予评分|其投标无效|(?:投标|响应文件|投标文件)均(?:为|作)?无效|其?报价(?:文件)?无效|报价将被拒绝)/;
const LEAD_IN = /(下列|以下)(情形|情况|行为)?之一|如下(情形|情况)|情形[：:]$|情形如下/;

function sentencesOf(p: Paragraph): Array<{ text: string; start: number; end: number }> {
  const out: Array<{ text: string; start: number; end: number }> = [];
  const re = /[^。；;！!？?]+[。；;！!？?]?/g;
  for (const m of p.text.matchAll(re)) {
    const text = m[0].trim();
    if (!text) continue;
    const from = (m.index ?? 0) + (m[0].length - m[0].trimStart().length);
    const start = offsetIn(p, from);
    out.push({ text, start, end: Math.min(p.end, offsetIn(p, from + text.length - 1) + 1) });
  }
  return out;
}

/**
 * A list written inside one paragraph or table cell (…其投标无效：（1）…；（2）…；), as a Word cell
 * or a PDF table read by its rules gives it: the lead-in and each item as paragraphs of their own.
 */
function inlineItems(p: Paragraph): Paragraph[] {
  const at = /(?<=[：:；;。])\s*(?=[（(]\d{1,2}[)）]|\d{1,2}[.、．](?!\d)|[①-⑳])/g;
  const cuts = [0];
  for (const m of p.text.matchAll(at)) cuts.push((m.index ?? 0) + m[0].length);
  if (cuts.length < 3) return [p];
  return cuts.flatMap((from, k) => {
    const raw = p.text.slice(from, cuts[k + 1] ?? p.text.length);
    const text = raw.trim();
    const at = from + (raw.length - raw.trimStart().length);
    return text ? [subParagraph(p, at, at + text.length)] : [];
  });
}

const clean = (s: string) => {
  const e = parseEnumerator(s);
  return (e && e.style !== 'chapter' ? e.rest : s).replace(/^[★▲]\s*(?!号)/, '').trim();
};

/**
 * Disqualification clauses: sentences that say a bid is void or rejected, and the items listed
 * under a lead-in that does (有下列情形之一的，其投标无效：(1)…(2)…).
 */
export function extractDisqualifications(given: Paragraph[]): Array<{ text: string; source: SourceSpan }> {
  const paras = given.flatMap(inlineItems);
  const out: Array<{ text: string; source: SourceSpan }> = [];
  const seen = new Set<string>();
  const push = (text: string, start: number, end: number) => {
    const c = clean(text);
    if (
      c.length < 6 ||
      seen.has(c) ||
      /情形[：:]?$|^(无效响应|否决投标|投标无效|无效投标)(的情形)?[：:]?$/.test(c)
    )
      return;
    seen.add(c);
    out.push({ text: truncate(c, 2000), source: { start, end } });
  };
  for (let i = 0; i < paras.length; i++) {
    const p = paras[i];
    const lead = DISQUALIFY.test(p.text) && LEAD_IN.test(p.text) && /[：:]$/.test(p.text.trim());
    for (const s of sentencesOf(p))
      if (DISQUALIFY.test(s.text) && !(lead && /[：:]$/.test(s.text))) push(s.text, s.start, s.end);
    if (!lead) continue;
    const style = parseEnumerator(paras[i + 1]?.text ?? '')?.style;
    for (let j = i + 1; j < paras.length && j <= i + 30; j++) {
      const e = parseEnumerator(paras[j].text);
      if (!e || e.style !== style || e.style === 'chapter') break;
      push(paras[j].text, paras[j].start, paras[j].end);
    }
  }
  return out.slice(0, 150);
}
