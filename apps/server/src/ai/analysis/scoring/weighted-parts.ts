import { categoryOfLabel } from './category.ts';
import type { Proposal, ProposedItem } from './types.ts';

/**
 * Parts each scored out of 100 and weighted into the whole (表3-1 技术评分表（百分制，权重 60%） …
 * 综合得分＝技术得分×60%＋商务得分×20%＋报价得分×20%): an item is worth its printed points times its
 * part's weight. A weighted part without rows of its own (报价评分（百分制，权重 20%）, scored by a
 * formula) is one item worth its weight.
 */

const WEIGHTED =
  /([\u4e00-\u9fa5]{2,8}?)(?:评分表|评审表|评分|评审|部分)?\s*[（(]\s*(?:满分\s*)?(?:百分制|100\s*分)\s*[，,、；;]\s*权重\s*[:：为]?\s*(\d{1,2}(?:\.\d+)?)\s*[%％]\s*[)）]/g;

interface WeightedPart {
  label: string;
  weight: number;
  start: number;
  end: number;
}

/**
 * The weighted parts a text states, read once per text: every reading of every part of a tender
 * asks, and scanning a 400-page text each time took seconds (bench/analysis/large.ts).
 */
let last: { text: string; parts: WeightedPart[] } | null = null;
function weightedPartsOf(text: string): WeightedPart[] {
  if (last?.text === text) return last.parts;
  const parts = [...text.matchAll(WEIGHTED)].map((m) => ({
    label: m[1].replace(/^表\s*[\d-]*\s*/, ''),
    weight: Number(m[2]),
    start: m.index!,
    end: m.index! + m[0].length,
  }));
  last = { text, parts };
  return parts;
}

export function withWeightedParts(p: Proposal, text: string): Proposal | null {
  const parts = weightedPartsOf(text);
  if (parts.length < 2 || Math.abs(parts.reduce((s, x) => s + x.weight, 0) - 100) > 0.01) return null;
  const partOf = (it: ProposedItem) => parts.filter((x) => x.start <= it.span.start).pop() ?? null;
  const byPart = new Map<(typeof parts)[number], ProposedItem[]>();
  for (const it of p.items) {
    const part = partOf(it);
    if (!part) return null;
    byPart.set(part, [...(byPart.get(part) ?? []), it]);
  }
  // Each part's rows must add up to its 100 (or it has none).
  for (const list of byPart.values())
    if (Math.abs(list.reduce((s, it) => s + (it.points ?? 0), 0) - 100) > 0.01) return null;
  const items: ProposedItem[] = [];
  for (const part of parts) {
    const list = byPart.get(part);
    if (list) {
      for (const it of list)
        items.push({
          ...it,
          points: Math.round((it.points ?? 0) * part.weight) / 100,
          // (What the table prints, so the writer sees where the figure comes from.)
          criteria: `（表中 ${it.points} 分，按${part.label}权重 ${part.weight}% 计入）${it.criteria}`,
          pointsSpan: null,
        });
      continue;
    }
    items.push({
      name: part.label,
      points: part.weight,
      criteria: '',
      category: categoryOfLabel(part.label),
      group: null,
      lot: p.lot,
      span: { start: part.start, end: part.end },
      nameSpan: { start: part.start, end: part.start + part.label.length },
      pointsSpan: null,
      serial: null,
    });
  }
  return { ...p, reader: `${p.reader}-weighted`, items };
}
