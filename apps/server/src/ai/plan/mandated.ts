import type { TenderAnalysis } from '@bid/shared';
import { fromMandated, roleOf } from './outline.ts';
import { similarity } from '../tender-text.ts';
import type { OutlineNode } from '../types.ts';
import { isMandatedTitle } from './tables.ts';

/** Answer budget of a JSON call (analysis items, outline): enough for the longest honest answer. */
export const JSON_MAX_TOKENS = 8192;
/** The outline answer: a few hundred titles at most. */
export const OUTLINE_MAX_TOKENS = 6000;

/**
 * Puts a model's outline into the tender's mandated frame: the mandated chapters come first, in
 * the tender's order and wording; what the model wrote under a matching chapter stays under it;
 * a chapter of the model's that matches none goes under the mandated chapter of the same part
 * (technical content under the technical chapter), else after the mandated ones.
 */
export function keepMandatedOrder(roots: OutlineNode[], a: TenderAnalysis): OutlineNode[] {
  if (a.mandatedOutline.length < 3) return roots;
  const frame = fromMandated(a);
  const flat: OutlineNode[] = [];
  const walk = (ns: OutlineNode[]) => ns.forEach((n) => (flat.push(n), walk(n.children)));
  walk(frame);
  const titles = a.mandatedOutline.map((m) => m.title);
  const extra: OutlineNode[] = [];
  const place = (n: OutlineNode) => {
    const same = flat.find(
      (f) => isMandatedTitle(n.title, [f.title]) || similarity(f.title, n.title) >= 0.85,
    );
    if (same) {
      same.scoringItemIds.push(...n.scoringItemIds);
      // Mandated children keep their place; the model's others are added after them.
      for (const c of n.children) {
        if (!isMandatedTitle(c.title, titles)) same.children.push(c);
        else place(c);
      }
      return;
    }
    const role = roleOf(n.title);
    const home = role === 'other' ? null : frame.find((f) => roleOf(f.title) === role);
    if (home) home.children.push(n);
    else extra.push(n);
  };
  for (const r of roots) place(r);
  return [...frame, ...extra];
}
