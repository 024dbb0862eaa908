import { catCell, headerRole, isTotalName, nameLike, numberValue } from './cells.ts';
import { categoryOfLabel } from './category.ts';
import type { Proposal, ProposedItem, Reader } from './types.ts';

/**
 * A table whose header puts the criteria before the factor (评分标准 | 评审因素 | 分值), as PDF text
 * laid out by position prints it: each row's line ends with the factor's name and its points after
 * the criteria's first line (…与周边环境 总体构思与建筑造      12); the criteria's next lines may end
 * with the name's wrapped rest (…未提供不得 型). Column positions do not line up in such text (wide
 * characters), so the row is read from its last words: a number, and a name before it.
 */

const words = (t: string) => t.trim().split(/\s+/);

/** The header's roles in order, when it is a line of words that are all header labels. */
function criteriaFirst(t: string): boolean {
  const roles = words(t).map((w) => headerRole(w));
  if (roles.length < 3 || roles.some((r) => r == null)) return false;
  const crit = roles.indexOf('criteria');
  const name = roles.indexOf('name');
  const points = roles.indexOf('points');
  return crit >= 0 && name > crit && points > name;
}

/** A short name piece: a wrapped name's rest (型, 织, 案), no sentence in it. */
const PIECE = /^[\u4e00-\u9fa5）)]{1,4}$/;

export const readCriteriaFirst: Reader = (lines, isNoise, lot) => {
  const head = lines.find((l) => !l.text.includes('\t') && criteriaFirst(l.text));
  if (!head) return null;
  const items: ProposedItem[] = [];
  const subtotals: Proposal['subtotals'] = [];
  let group: { label: string; category: ProposedItem['category'] } | null = null;
  let open = false;
  for (const l of lines.slice(lines.indexOf(head) + 1)) {
    const t = l.text.trim();
    if (!t || l.text.includes('\t')) continue;
    // The header again on a new page, the page's own lines.
    if (criteriaFirst(t) || isNoise(l.text)) continue;
    if (/^第[一二三四五六七八九十\d]+[章节]/.test(t)) break;
    const ws = words(t);
    const cat = ws.length === 1 ? catCell(t) : null;
    if (cat) {
      group = { label: cat.label, category: categoryOfLabel(cat.label) };
      if (cat.points != null)
        subtotals.push({
          label: cat.label,
          category: group.category,
          points: cat.points,
          span: { start: l.start, end: l.end },
        });
      open = false;
      continue;
    }
    if (/^(合\s*计|总\s*计)/.test(t)) break;
    const last = ws[ws.length - 1];
    const name = ws.length >= 3 ? ws[ws.length - 2] : null;
    const points = numberValue(last);
    if (name && points != null && name.length <= 16 && nameLike(name) && !isTotalName(name)) {
      const at = l.start + l.text.lastIndexOf(name, l.text.lastIndexOf(last) - 1);
      const pAt = l.start + l.text.lastIndexOf(last);
      items.push({
        name,
        points,
        criteria: t.slice(0, t.lastIndexOf(name)).trim(),
        category: group?.category ?? null,
        group: group?.label ?? null,
        lot,
        span: { start: l.start, end: l.end },
        nameSpan: { start: at, end: at + name.length },
        pointsSpan: { start: pAt, end: pAt + last.length },
        serial: null,
      });
      open = true;
      continue;
    }
    const it = items[items.length - 1];
    if (!it) continue;
    // The criteria's next line, perhaps ending with the name's wrapped rest.
    if (open && ws.length >= 2 && PIECE.test(last) && it.name.length + last.length <= 16) {
      it.name += last;
      const at = l.start + l.text.lastIndexOf(last);
      it.nameSpan = { start: it.nameSpan.start, end: at + last.length };
      it.criteria += ws.slice(0, -1).join('');
      open = false;
      continue;
    }
    it.criteria += t;
  }
  return items.length >= 2 ? { reader: 'criteria-first', lot, items, subtotals } : null;
};
