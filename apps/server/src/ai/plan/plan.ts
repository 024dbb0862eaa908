import type { Requirement, ScoringItem, TenderAnalysis } from '@bid/shared';
import { aspectsOf, roleOf } from './outline.ts';
import { similarity } from '../tender-text.ts';
import type { ChapterKind } from '../types.ts';
import { anonymousPart, partOf, type BidPart } from './parts.ts';
import {
  demandedTables,
  isMandatedTitle,
  requirementKind,
  tableKindOf,
  tableRequirements,
  type ResponseTableKind,
} from './tables.ts';

/**
 * The plan of a bid: for every chapter, what it answers. Derived from the outline and the tender
 * analysis alone (no stored state), so it stays in step when the writer edits the outline:
 * the part and its 暗标 rule, whether the tender mandates the title, the chapter's one-line aim,
 * the requirement items and ★/▲ clauses it answers (each assigned to exactly one chapter), and
 * whether it is prose, a response table, evidence or a form.
 */

export interface ChapterPlan {
  part: BidPart;
  anonymous: boolean;
  /** The title is one the tender prescribes: keep it, and its order. */
  locked: boolean;
  aim: string;
  kind: ChapterKind;
  table: ResponseTableKind | null;
  requirementIds: string[];
  /** Indexes into analysis.starClauses. */
  starClauses: number[];
  /** Rank of this leaf among leaves on the same topic (the offline engine gives each its own measures). */
  slot: number;
}

/** The outline as the plan sees it (built from catalog nodes or from the outline engines' nodes). */
export interface PlanNode {
  key: string;
  title: string;
  itemIds: string[];
  children: PlanNode[];
}

const EVIDENCE = /业绩|资质|认证|证书|信誉|获奖|荣誉|财务|社保|纳税|人员证|简历/;
const MAX_REQUIREMENTS_PER_CHAPTER = 12;
const MAX_CLAUSES_PER_CHAPTER = 8;

function kindOf(
  title: string,
  part: BidPart,
  items: ScoringItem[],
): { kind: ChapterKind; table: ResponseTableKind | null } {
  const table = tableKindOf(title);
  if (table) return { kind: 'table', table };
  const role = roleOf(title);
  if (role === 'price' || part === 'price' || (items.length && items.every((i) => i.category === 'price')))
    return { kind: 'price', table: null };
  if ((role === 'form' || role === 'qualification') && !items.length) return { kind: 'form', table: null };
  if (EVIDENCE.test(title) && (!items.length || items.every((i) => i.category === 'commercial')))
    return { kind: 'evidence', table: null };
  return { kind: 'prose', table: null };
}

function truncate(s: string, n: number): string {
  const t = s.replace(/\s+/g, ' ').trim();
  return t.length > n ? `${t.slice(0, n - 1)}…` : t;
}

function aimOf(
  node: PlanNode,
  parent: PlanNode | null,
  items: Map<string, ScoringItem>,
  kind: ChapterKind,
  table: ResponseTableKind | null,
): string {
  const own = node.itemIds.map((id) => items.get(id)).filter((i): i is ScoringItem => Boolean(i));
  if (kind === 'table')
    return table === 'scoreIndex'
      ? '列出每个评分项的分值及其在本投标文件中的对应章节和页码'
      : '逐条列出招标文件的要求，给出我方响应和偏离情况';
  if (kind === 'form') return `按招标文件规定的格式填写“${node.title}”并签章`;
  if (kind === 'price') return `按招标文件要求的格式填报“${node.title}”`;
  if (own.length) {
    const i = own[0];
    return truncate(
      `响应评分项「${i.name}」${i.points != null ? `（${i.points} 分）` : ''}：${i.criteria || i.name}`,
      120,
    );
  }
  const inherited = parent
    ? parent.itemIds.map((id) => items.get(id)).filter((i): i is ScoringItem => Boolean(i))
    : [];
  if (inherited.length) {
    // Only this aspect: the whole criterion is the owner's (and the prompt's), not each child's.
    return truncate(`写“${node.title}”（评分项「${inherited[0].name}」的这一方面），不写其他方面`, 120);
  }
  if (kind === 'evidence') return `以表格列出“${node.title}”的证明材料，并留出附件位置`;
  return `说明“${node.title}”的具体做法和安排${parent ? `（属于“${parent.title}”）` : ''}`;
}

export type TopicOf = (text: string) => number;

/**
 * Plans every chapter of a tree. `topicOf` gives the offline engine's topic of a text (so that no
 * two chapters on one topic get the same measures); the plan is deterministic for its inputs.
 */
export function planBid(
  roots: PlanNode[],
  a: TenderAnalysis,
  topicOf: TopicOf = () => -1,
): Map<string, ChapterPlan> {
  const items = new Map(a.scoringItems.map((i) => [i.id, i]));
  const plans = new Map<string, ChapterPlan>();
  const leaves: Array<{
    node: PlanNode;
    parent: PlanNode | null;
    path: string[];
    plan: ChapterPlan;
    inherited: ScoringItem[];
  }> = [];
  const mandated = a.mandatedOutline.map((m) => m.title);

  const visit = (n: PlanNode, path: PlanNode[], inherited: ScoringItem[]) => {
    const titles = [...path.map((p) => p.title), n.title];
    const own = n.itemIds.map((id) => items.get(id)).filter((i): i is ScoringItem => Boolean(i));
    const ctxItems = own.length ? own : inherited;
    const part = partOf(
      titles,
      ctxItems.map((i) => i.category),
    );
    const { kind, table } = n.children.length
      ? { kind: 'prose' as const, table: null }
      : kindOf(n.title, part, ctxItems);
    const parent = path[path.length - 1] ?? null;
    const plan: ChapterPlan = {
      part,
      anonymous: anonymousPart(part, a),
      locked: isMandatedTitle(n.title, mandated),
      aim: aimOf(n, parent, items, kind, table),
      kind,
      table,
      requirementIds: [],
      starClauses: [],
      slot: 0,
    };
    plans.set(n.key, plan);
    if (!n.children.length) leaves.push({ node: n, parent, path: titles, plan, inherited: ctxItems });
    for (const c of n.children) visit(c, [...path, n], ctxItems);
  };
  for (const r of roots) visit(r, [], []);
  // An outline that names no technical part (a technical bid written as one document): its
  // unlabelled chapters are the technical bid, and 暗标 covers them.
  if (a.darkBid && ![...plans.values()].some((p) => p.part === 'technical')) {
    for (const p of plans.values()) if (p.part === 'other') p.anonymous = true;
  }

  // Requirement items and ★/▲ clauses: each goes to the one prose chapter that answers it best.
  const prose = leaves.filter((l) => l.plan.kind === 'prose');
  const textOf = (l: (typeof leaves)[number]) =>
    `${l.node.title} ${l.parent?.title ?? ''} ${l.inherited.map((i) => `${i.name} ${aspectsOf(i.criteria).join(' ')}`).join(' ')}`;
  const profiles = new Map(prose.map((l) => [l, textOf(l)]));
  type Leaf = (typeof leaves)[number];
  /** `tabled`: answered in a response table already, so only a chapter that speaks of it takes it too. */
  const assign = <T>(
    list: T[],
    text: (x: T) => string,
    pool: Leaf[],
    add: (l: Leaf, x: T, i: number) => void,
    load: (l: Leaf) => number,
    cap: number,
    tabled: (x: T) => boolean = () => false,
  ) => {
    if (!pool.length) return;
    list.forEach((x, i) => {
      const t = text(x);
      const ranked = pool
        .map((l) => ({ l, s: similarity(t, profiles.get(l) ?? l.node.title) }))
        .sort((p, q) => q.s - p.s || load(p.l) - load(q.l));
      const best = ranked.find((r) => r.s >= 0.34 && load(r.l) < cap);
      if (!best && tabled(x)) return;
      // No chapter speaks of it (and no table answers it): the least loaded chapter of the pool does.
      const target = best?.l ?? [...pool].sort((p, q) => load(p) - load(q))[0];
      add(target, x, i);
    });
  };
  const technical = prose.filter((l) => l.plan.part === 'technical');
  const commercial = prose.filter((l) => l.plan.part === 'commercial');
  const reqs: Requirement[] = a.requirements ?? [];
  const byKind = (k: ResponseTableKind) => reqs.filter((r) => requirementKind(r.text) === k);
  const reqLoad = (l: Leaf) => l.plan.requirementIds.length;
  const addReq = (l: Leaf, r: Requirement) => l.plan.requirementIds.push(r.id);
  const inTable = new Set(demandedTables(a).flatMap((t) => tableRequirements(t.kind, a).map((r) => r.id)));
  const tabled = (r: Requirement) => inTable.has(r.id);
  assign(
    byKind('commercial'),
    (r) => r.text,
    commercial.length ? commercial : technical.length ? technical : prose,
    addReq,
    reqLoad,
    MAX_REQUIREMENTS_PER_CHAPTER,
    tabled,
  );
  assign(
    [...byKind('technical'), ...byKind('service')],
    (r) => r.text,
    technical.length ? technical : prose,
    addReq,
    reqLoad,
    MAX_REQUIREMENTS_PER_CHAPTER,
    tabled,
  );
  // A clause that restates a requirement item goes where that item is answered (one answer, not two).
  const clauses: Array<{ c: (typeof a.starClauses)[number]; i: number }> = [];
  a.starClauses.forEach((c, i) => {
    const twin = reqs.find((r) => similarity(r.text, c.text) >= 0.7);
    const home = twin && prose.find((l) => l.plan.requirementIds.includes(twin.id));
    if (home) home.plan.starClauses.push(i);
    else clauses.push({ c, i });
  });
  assign(
    clauses,
    (x) => x.c.text,
    prose,
    (l, x) => l.plan.starClauses.push(x.i),
    (l) => l.plan.starClauses.length,
    MAX_CLAUSES_PER_CHAPTER,
  );

  // Topic slots: the n-th chapter on a topic gets the n-th share of that topic's measures.
  const seen = new Map<number, number>();
  for (const l of prose) {
    const t = topicOf(`${l.node.title} ${l.inherited.map((i) => i.name).join(' ')} ${l.parent?.title ?? ''}`);
    const n = seen.get(t) ?? 0;
    l.plan.slot = n;
    seen.set(t, n + 1);
  }
  return plans;
}

/** A plan node from a catalog node (scoring items stored as objects with ids). */
export function planNodeOf(n: {
  id: string;
  title: string;
  scoringItems: unknown[] | null;
  children: Array<{ id: string; title: string; scoringItems: unknown[] | null; children: unknown[] }>;
}): PlanNode {
  const ids = (Array.isArray(n.scoringItems) ? n.scoringItems : [])
    .map((x) =>
      x && typeof x === 'object' && typeof (x as { id?: unknown }).id === 'string'
        ? (x as { id: string }).id
        : null,
    )
    .filter((x): x is string => Boolean(x));
  return {
    key: n.id,
    title: n.title,
    itemIds: ids,
    children: n.children.map((c) => planNodeOf(c as typeof n)),
  };
}
