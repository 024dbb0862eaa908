import {
  DEFAULT_PAGE_COUNT,
  SCORING_CATEGORIES,
  type CatalogNode,
  type ScoringItem,
  type TenderAnalysis,
} from '@bid/shared';
import type { ChapterContext, OutlineNode } from '../../ai/types.ts';
import type { CatalogInputNode } from '@bid/shared';
import { anonymousChapter, chapterPlanContext } from './chapter-plan.ts';

/** Word budget of a chapter that has none (a chapter added by hand). */
export const DEFAULT_CHAPTER_WORDS = 800;

export interface Located {
  node: CatalogNode;
  path: CatalogNode[];
  siblings: CatalogNode[];
}

export function locate(tree: CatalogNode[], id: string): Located | null {
  const walk = (nodes: CatalogNode[], path: CatalogNode[]): Located | null => {
    for (const n of nodes) {
      if (n.id === id) return { node: n, path: [...path, n], siblings: nodes };
      const f = walk(n.children, [...path, n]);
      if (f) return f;
    }
    return null;
  };
  return walk(tree, []);
}

export function leavesOf(tree: CatalogNode[]): CatalogNode[] {
  const out: CatalogNode[] = [];
  const walk = (nodes: CatalogNode[]) => {
    for (const n of nodes) {
      if (n.children.length) walk(n.children);
      else out.push(n);
    }
  };
  walk(tree);
  return out;
}

/** Scoring items as stored on a chapter (tolerant: the column holds JSON a client may have sent). */
export function itemsOf(node: Pick<CatalogNode, 'scoringItems'>): ScoringItem[] {
  const raw = Array.isArray(node.scoringItems) ? node.scoringItems : [];
  const out: ScoringItem[] = [];
  for (const r of raw) {
    if (!r || typeof r !== 'object') continue;
    const o: Record<string, unknown> = { ...r };
    if (typeof o.id !== 'string' || typeof o.name !== 'string') continue;
    out.push({
      id: o.id,
      name: o.name,
      category: SCORING_CATEGORIES.find((c) => c === o.category) ?? 'technical',
      group: typeof o.group === 'string' ? o.group : null,
      points: typeof o.points === 'number' ? o.points : null,
      criteria: typeof o.criteria === 'string' ? o.criteria : '',
    });
  }
  return out;
}

/** What a chapter stores of its scoring items (criteria shortened). */
export function storedItems(ids: string[], analysis: TenderAnalysis): Array<Record<string, unknown>> {
  return ids
    .map((id) => analysis.scoringItems.find((i) => i.id === id))
    .filter((i): i is ScoringItem => Boolean(i))
    .map((i) => ({
      id: i.id,
      category: i.category,
      name: i.name,
      group: i.group,
      points: i.points,
      criteria: i.criteria.slice(0, 600),
    }));
}

export function toCatalogInput(nodes: OutlineNode[], analysis: TenderAnalysis): CatalogInputNode[] {
  return nodes.map((n) => ({
    title: n.title.slice(0, 200),
    targetWords: n.targetWords,
    scoringItems: n.scoringItemIds.length ? storedItems(n.scoringItemIds, analysis) : null,
    children: n.children.length ? toCatalogInput(n.children, analysis) : null,
  }));
}

export function emptyAnalysis(): TenderAnalysis {
  return {
    project: {
      name: null,
      number: null,
      owner: null,
      agency: null,
      budget: null,
      period: null,
      location: null,
      scope: null,
      bond: null,
      method: null,
      bondAmount: null,
      budgetAmount: null,
    },
    scoringMethod: null,
    qualifications: [],
    qualificationSources: [],
    scoringItems: [],
    starClauses: [],
    disqualifications: [],
    keyDates: [],
    mandatedOutline: [],
    darkBid: false,
    volumes: [],
    disqualificationSources: [],
    statedTotals: [],
    lowestPrice: false,
    lots: [],
    pageLimit: null,
    formatRules: [],
    responseTables: [],
    requirements: [],
    forms: [],
    engine: 'offline',
    model: null,
    warnings: [],
    chars: 0,
  };
}

/** The context of one chapter write: facts, path, its (or its nearest ancestor's) items, neighbours, gear. */
export function chapterContext(
  tree: CatalogNode[],
  located: Located,
  analysis: TenderAnalysis,
  bidName: string,
  requirement?: string | null,
  templateId?: string | null,
): ChapterContext {
  const { node, path, siblings } = located;
  let items = itemsOf(node);
  for (let i = path.length - 2; i >= 0 && !items.length; i--) items = itemsOf(path[i]);
  // The chapter stores a shortened criterion; the prompt gets the analysis's whole one.
  const full = new Map(analysis.scoringItems.map((i) => [i.id, i]));
  items = items.map((i) => (full.get(i.id)?.name === i.name ? full.get(i.id)! : i));
  const gear = node.settings ?? {};
  const extra = [gear.requirement, requirement].filter((s): s is string => Boolean(s && s.trim())).join('；');
  const facts = { ...analysis.project };
  return {
    bidName,
    facts,
    path: path.map((p) => p.title),
    scoringItems: items,
    siblings: siblings.map((s) => s.title),
    outline: tree.map((t) => t.title),
    targetWords: node.targetWords ?? gear.targetWords ?? DEFAULT_CHAPTER_WORDS,
    requirement: extra || null,
    include: gear.include?.length ? gear.include.join('、') : null,
    // 暗标 by part: every chapter of a part the tender makes anonymous, whatever its own title.
    darkBid: anonymousChapter(tree, node, analysis),
    starClauses: analysis.starClauses,
    disqualifications: analysis.disqualifications,
    qualifications: analysis.qualifications,
    plan: chapterPlanContext(tree, path, analysis, templateId),
  };
}

export function pageCountOf(input: number | undefined, bidPages: number | null): number {
  return input ?? bidPages ?? DEFAULT_PAGE_COUNT;
}
