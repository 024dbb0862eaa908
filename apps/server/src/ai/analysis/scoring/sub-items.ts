import { nameLike } from './cells.ts';
import { itemCategory } from './judge.ts';
import type { Proposal, ProposedItem } from './types.ts';

/**
 * A factor whose criteria list sub-items, each with its own points (护理服务方案 15 | a）日常生活照护流程
 * （5分）：… b）压疮及跌倒预防措施（5分）：… c）应急处置预案（5分）：…), is scored by those sub-items:
 * when they add up to the factor's points, they are the items the writer answers, under the factor.
 * So is a part whose criteria list its items with one maximum for each (技术标 30 | 下列十项内容分别
 * 进行评审，每项满分3分…：（1）施工方案与技术措施；（2）…；…（10）新技术新工艺应用。).
 */

const SUB =
  /(?:^|[\s；;。])(?:[a-hA-H]|[①-⑩]|\d{1,2}|[（(]\d{1,2}[)）])[)）.、．]?\s*([\u4e00-\u9fa5A-Za-z]{2,20}?)\s*[（(]\s*(\d{1,3}(?:\.\d+)?)\s*分\s*[)）]\s*[：:]/g;

const EACH = /(?:每项|各项|每个方面|每部分)(?:均)?(?:满分|最高|分值)?(?:为|得)?\s*(\d{1,2}(?:\.\d+)?)\s*分/;
const LISTED = /[（(](\d{1,2})[)）]\s*([^；;。（(]{2,40}?)\s*(?=[；;。]|$)/g;

/** The items a criteria text lists (（1）…；（2）…。) under one maximum for each, when they make the part's points. */
function sharedOf(it: ProposedItem): Array<{ name: string; points: number }> | null {
  const each = EACH.exec(it.criteria);
  if (!each || it.points == null) return null;
  const v = Number(each[1]);
  const list = [...it.criteria.matchAll(LISTED)];
  // (Numbered 1, 2, 3 … in order: a list, not figures in brackets.)
  if (list.length < 3 || list.some((m, k) => Number(m[1]) !== k + 1)) return null;
  if (Math.abs(list.length * v - it.points) > 0.005) return null;
  const names = list.map((m) => m[2].replace(/\s+/g, ''));
  if (names.some((n) => !nameLike(n) || n.length > 24)) return null;
  return names.map((name) => ({ name, points: v }));
}

/** Where a name broken by line ends (施工方\n案与技术措施) stands in the text, from `from` on. */
function findBroken(text: string, name: string, from: number): { start: number; end: number } | null {
  const re = new RegExp([...name].map((c) => c.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('\\s*'), 'g');
  re.lastIndex = from;
  const m = re.exec(text);
  return m ? { start: m.index, end: m.index + m[0].length } : null;
}

function subItemsOf(it: ProposedItem, text: string): ProposedItem[] | null {
  if (it.points == null || !it.criteria) return null;
  const shared = sharedOf(it);
  if (shared) {
    const out: ProposedItem[] = [];
    let from = it.span.start;
    for (const s of shared) {
      // (A page's running lines may stand inside a broken name: its first characters are found.)
      const at = findBroken(text, s.name, from) ?? findBroken(text, s.name.slice(0, 4), from);
      if (!at || at.start - it.span.start > 6000) return null;
      out.push({
        ...it,
        name: s.name,
        points: s.points,
        // (In the part's category, whatever each name alone would suggest.)
        category: it.category ?? itemCategory(it),
        group: it.group ?? it.name,
        span: at,
        nameSpan: at,
        pointsSpan: null,
        serial: it.serial,
      });
      from = at.end;
    }
    return out;
  }
  const subs = [...it.criteria.matchAll(SUB)].map((m) => ({ name: m[1], points: Number(m[2]) }));
  if (subs.length < 2) return null;
  const sum = subs.reduce((s, x) => s + x.points, 0);
  if (Math.abs(sum - it.points) > 0.005) return null;
  // Each sub-item where the text writes it, in order, from the factor's row on.
  const out: ProposedItem[] = [];
  let from = it.span.start;
  for (const s of subs) {
    const at = text.indexOf(s.name, from);
    if (at < 0 || at - it.span.start > 6000) return null;
    const pAt = text.indexOf(String(s.points), at + s.name.length);
    out.push({
      ...it,
      name: s.name,
      points: s.points,
      // (Under the factor's own part when it has one: that part's points still add up.)
      group: it.group ?? it.name,
      span: { start: at, end: at + s.name.length },
      nameSpan: { start: at, end: at + s.name.length },
      pointsSpan: pAt >= 0 && pAt - at < 12 ? { start: pAt, end: pAt + String(s.points).length } : null,
      // (The factor's serial: its sub-items do not break the table's numbering.)
      serial: it.serial,
    });
    from = at + s.name.length;
  }
  return out;
}

export function withSubItems(p: Proposal, text: string): Proposal | null {
  let changed = false;
  const items = p.items.flatMap((it) => {
    const subs = subItemsOf(it, text);
    if (!subs) return [it];
    changed = true;
    return subs;
  });
  return changed ? { ...p, reader: `${p.reader}-subitems`, items } : null;
}
