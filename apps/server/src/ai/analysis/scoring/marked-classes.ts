import type { Proposal, ProposedItem } from './types.ts';

/**
 * Points given by class: a mark on each factor's name (评估工作实施方案①, or ①评估工作实施方案 as
 * a PDF's text puts the superscript first) names its class, and a note gives each class's points
 * (注：①为A类评审因素，每项满分10分；④价格分满分30分). A reading whose names carry such marks is
 * read again with each marked item worth its class's points and its name without the mark.
 */

const MARK = '[①-⑳]';
const NOTE = new RegExp(
  `(${MARK})[^①-⑳\\n]{0,24}?(?:每项满分|满分|每项最高|最高得|最高|分值为|分值)\\s*(\\d{1,3}(?:\\.\\d+)?)\\s*分`,
  'g',
);
const MARKED = new RegExp(`^(${MARK})\\s*(.+)$|^(.+?)\\s*(${MARK})$`);
/** A name with its marks, one piece per name where a column dump glued several. */
const PIECE = new RegExp(`${MARK}?[^①-⑳]+${MARK}?`, 'g');

export function withMarkedClasses(list: Proposal[], text: string): Proposal[] {
  const classes = new Map<string, number>();
  for (const m of text.matchAll(NOTE)) if (!classes.has(m[1])) classes.set(m[1], Number(m[2]));
  if (classes.size < 2) return [];
  const out: Proposal[] = [];
  for (const p of list) {
    // Each item, and a run of marked names read as one (类似项目业绩③评估机构资质③), split at its marks.
    const items = p.items.flatMap((it): Array<ProposedItem & { marked: boolean }> => {
      const parts = [...it.name.matchAll(PIECE)].map((m) => ({ at: m.index, ...splitMark(m[0]) }));
      const known = parts.filter((x) => x.mark && classes.has(x.mark));
      if (!parts.length || known.length < parts.length) return [{ ...it, marked: false }];
      return parts.map((x) => ({
        ...it,
        name: x.name,
        points: classes.get(x.mark!)!,
        // (The points are the note's, not the row's.)
        pointsSpan: null,
        nameSpan: { start: it.nameSpan.start + x.at, end: it.nameSpan.start + x.at + x.name.length },
        marked: true,
      }));
    });
    const marked = items.filter((it) => it.marked).length;
    // Most of the reading's names carry a mark the notes define.
    if (marked < 3 || marked * 3 < items.length * 2) continue;
    const strip = (xs: typeof items): ProposedItem[] => xs.map(({ marked: _, ...it }) => it);
    out.push({ ...p, reader: `${p.reader}-classes`, items: strip(items) });
    // (The rest, when every factor carries a mark, are cells read as rows: 技术部 | 1.)
    if (marked < items.length)
      out.push({ ...p, reader: `${p.reader}-classes-only`, items: strip(items.filter((it) => it.marked)) });
  }
  return out;
}

function splitMark(piece: string): { mark: string | null; name: string } {
  const m = MARKED.exec(piece.trim());
  return m ? { mark: m[1] ?? m[4], name: (m[2] ?? m[3]).trim() } : { mark: null, name: piece.trim() };
}
