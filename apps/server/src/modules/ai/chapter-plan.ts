import type { CatalogNode, TenderAnalysis } from '@bid/shared';
import { topicIndex } from '../../ai/offline/draft.ts';
import { pageModelOf } from '../../ai/pages/model.ts';
import { planBid, planNodeOf, type ChapterPlan } from '../../ai/plan/plan.ts';
import {
  responseTableMarkdown,
  scoreIndexMarkdown,
  tableRequirements,
  type IndexRow,
} from '../../ai/plan/tables.ts';
import type { ChapterPlanContext } from '../../ai/types.ts';

/**
 * A chapter's share of the bid plan, from the outline as it is now: the plan is derived (see
 * ai/plan/plan.ts), so an edited outline is planned afresh on the next write. Plans are cached per
 * tree object: the full-text job asks for every chapter of one tree.
 */
const cache = new WeakMap<CatalogNode[], WeakMap<TenderAnalysis, Map<string, ChapterPlan>>>();

export function plansOf(tree: CatalogNode[], analysis: TenderAnalysis): Map<string, ChapterPlan> {
  let byAnalysis = cache.get(tree);
  if (!byAnalysis) cache.set(tree, (byAnalysis = new WeakMap()));
  let plans = byAnalysis.get(analysis);
  if (!plans) byAnalysis.set(analysis, (plans = planBid(tree.map(planNodeOf), analysis, topicIndex)));
  return plans;
}

/** The chapters around `path`'s last node, level by level (the siblings of every ancestor too). */
function neighbours(
  tree: CatalogNode[],
  path: CatalogNode[],
  plans: Map<string, ChapterPlan>,
): Array<{ title: string; aim: string }> {
  const out: Array<{ title: string; aim: string }> = [];
  let level = tree;
  for (const p of path) {
    for (const s of level) if (s.id !== p.id) out.push({ title: s.title, aim: plans.get(s.id)?.aim ?? '' });
    level = p.children;
  }
  return out;
}

/** Estimated first page of every chapter, from its budget (or its words) and the page model. */
export function estimatedStartPages(
  tree: CatalogNode[],
  templateId: string | null | undefined,
): Map<string, number> {
  const m = pageModelOf(templateId);
  const out = new Map<string, number>();
  let pages = m.fixedPages;
  const walk = (nodes: CatalogNode[], depth: number) => {
    for (const n of nodes) {
      pages += depth === 1 ? m.perPart : m.perChapter;
      out.set(n.id, Math.max(1, Math.ceil(pages)));
      if (n.children.length) walk(n.children, depth + 1);
      else pages += Math.max(n.wordCount, n.targetWords ?? 0) / m.charsPerPage;
    }
  };
  walk(tree, 1);
  return out;
}

function titlePath(tree: CatalogNode[], id: string): string | null {
  const walk = (nodes: CatalogNode[], path: string[]): string | null => {
    for (const n of nodes) {
      const p = [...path, n.title];
      if (n.id === id) return p.join(' > ');
      const f = walk(n.children, p);
      if (f) return f;
    }
    return null;
  };
  return walk(tree, []);
}

function tableOf(
  plan: ChapterPlan,
  tree: CatalogNode[],
  analysis: TenderAnalysis,
  templateId: string | null | undefined,
): string | null {
  if (plan.kind !== 'table' || !plan.table) return null;
  if (plan.table !== 'scoreIndex') return responseTableMarkdown(tableRequirements(plan.table, analysis));
  // The owner of an item: the chapter that names it (one per item, see ensureSingleOwner).
  const owner = new Map<string, string>();
  const walk = (nodes: CatalogNode[]) =>
    nodes.forEach((n) => {
      for (const it of Array.isArray(n.scoringItems) ? n.scoringItems : []) {
        const id = it && typeof it === 'object' ? (it as { id?: unknown }).id : null;
        if (typeof id === 'string' && !owner.has(id)) owner.set(id, n.id);
      }
      walk(n.children);
    });
  walk(tree);
  const pages = estimatedStartPages(tree, templateId);
  const rows: IndexRow[] = analysis.scoringItems.map((item) => {
    const id = owner.get(item.id);
    return { item, chapter: id ? titlePath(tree, id) : null, page: id ? (pages.get(id) ?? null) : null };
  });
  return scoreIndexMarkdown(rows);
}

export function chapterPlanContext(
  tree: CatalogNode[],
  path: CatalogNode[],
  analysis: TenderAnalysis,
  templateId?: string | null,
): ChapterPlanContext | undefined {
  const node = path[path.length - 1];
  const plans = plansOf(tree, analysis);
  const plan = plans.get(node.id);
  if (!plan) return undefined;
  const reqs = new Map((analysis.requirements ?? []).map((r) => [r.id, r]));
  return {
    part: plan.part,
    kind: plan.kind,
    aim: plan.aim,
    neighbours: neighbours(tree, path, plans),
    requirements: plan.requirementIds
      .map((id) => reqs.get(id))
      .filter((r): r is NonNullable<typeof r> => Boolean(r)),
    clauses: plan.starClauses.map((i) => analysis.starClauses[i]).filter(Boolean),
    formatRules: analysis.formatRules ?? [],
    table: tableOf(plan, tree, analysis, templateId),
    slot: plan.slot,
  };
}

/** Whether the chapter belongs to a part the tender makes anonymous (暗标). */
export function anonymousChapter(tree: CatalogNode[], node: CatalogNode, analysis: TenderAnalysis): boolean {
  return plansOf(tree, analysis).get(node.id)?.anonymous ?? false;
}
