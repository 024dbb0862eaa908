import type { TenderAnalysis } from '@bid/shared';
import { isChapterHeading, linesOf } from './lines.ts';

/**
 * The parts of a tender the analysis needs, located by heading and by content: 评分办法, ★ and
 * 废标 clauses, 投标文件格式 / 组成, 采购需求, and the opening (公告: facts and dates). A model is
 * sent these whole instead of the first N characters, so a long tender keeps its scoring table.
 */

export type SectionKind = 'opening' | 'scoring' | 'clauses' | 'outline' | 'requirements';

export interface Section {
  kinds: SectionKind[];
  start: number;
  end: number;
}

const HEADINGS: Array<[SectionKind, RegExp]> = [
  ['scoring', /评分|评标|评审|评定|综合评估/],
  ['clauses', /废标|无效|否决|实质性|★|须知前附表/],
  [
    'outline',
    /投标文件格式|响应文件格式|投标文件的?组成|响应文件的?组成|投标文件的?构成|响应文件的?构成|编制要求/,
  ],
  ['requirements', /采购需求|技术参数|技术要求|服务要求|用户需求|技术规格|需求书/],
];

/** Chapters of the text (from one chapter heading to the next) with what they hold. */
export function locateSections(text: string, rules: TenderAnalysis): Section[] {
  const lines = linesOf(text);
  const starts = lines.filter((l) => isChapterHeading(l.text)).map((l) => l.start);
  if (!starts.length || starts[0] > 0) starts.unshift(0);
  const chapters = starts.map((s, i) => ({
    start: s,
    end: i + 1 < starts.length ? starts[i + 1] : text.length,
  }));
  const at = (kind: SectionKind, start: number | undefined): [SectionKind, number] => [kind, start ?? -1];
  const found: Array<[SectionKind, number]> = [
    ...rules.scoringItems.map((i) => at('scoring', i.source?.start)),
    ...rules.starClauses.map((c) => at('clauses', c.source?.start)),
    ...rules.disqualificationSources.map((s) => at('clauses', s?.start)),
    ...rules.mandatedOutline.map((m) => at('outline', m.source?.start)),
    ...rules.requirements.map((r) => at('requirements', r.source?.start)),
  ];
  const out: Section[] = [];
  chapters.forEach((c, i) => {
    const kinds = new Set<SectionKind>();
    if (i === 0) kinds.add('opening');
    const heading = text.slice(c.start, Math.min(c.end, c.start + 60)).split('\n')[0];
    for (const [k, re] of HEADINGS) if (re.test(heading)) kinds.add(k);
    for (const [k, at] of found) if (at >= c.start && at < c.end) kinds.add(k);
    if (kinds.size) out.push({ kinds: [...kinds], start: c.start, end: c.end });
  });
  return out;
}

/**
 * Pieces of text of at most `budget` characters that together hold every located section whole
 * where it fits (a section longer than the budget is cut at line ends): the opening first, then
 * the sections in document order.
 */
export function chunksFor(text: string, sections: Section[], budget: number): string[] {
  if (text.length <= budget) return [text];
  const pieces: string[] = [];
  for (const s of sections) {
    let from = s.start;
    while (from < s.end) {
      let to = Math.min(s.end, from + budget);
      if (to < s.end) {
        const nl = text.lastIndexOf('\n', to);
        if (nl > from + budget / 2) to = nl;
      }
      pieces.push(text.slice(from, to).trim());
      from = to;
    }
  }
  const chunks: string[] = [];
  let cur = '';
  for (const p of pieces) {
    if (cur && cur.length + p.length + 2 > budget) {
      chunks.push(cur);
      cur = '';
    }
    cur = cur ? `${cur}\n\n${p}` : p;
  }
  if (cur) chunks.push(cur);
  return chunks;
}
