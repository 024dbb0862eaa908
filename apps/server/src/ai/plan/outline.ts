import { MAX_WORDS_PER_CALL, type ScoringCategory, type ScoringItem, type TenderAnalysis } from '@bid/shared';
import {
  pageModelOf,
  plannedPages,
  wordsForPages,
  wordsPerTableRow,
  type PageModel,
} from '../pages/model.ts';
import { demandedTables, RESPONSE_TABLE_TITLES, tableKindOf, tableRequirements } from './tables.ts';
import type { OutlineNode } from '../types.ts';
import { similarity } from '../tender-text.ts';

/**
 * Outline rules shared by both engines: the offline skeleton, coverage of every scoring item
 * (checked and repaired in code, never trusted to a model) and word budgets from the page count.
 */

type Role = 'form' | 'qualification' | 'commercial' | 'technical' | 'price' | 'other';

export function roleOf(title: string): Role {
  if (/报价|开标一览表|工程量清单|价格|分项报价/.test(title)) return 'price';
  if (/技术|施工组织设计|服务方案|实施方案|设计方案|供货方案|服务计划|技术标/.test(title)) return 'technical';
  if (/商务|资信|业绩|信誉|项目管理机构|售后|服务承诺|偏离/.test(title)) return 'commercial';
  if (/资格|资质证明|资格证明|审查资料/.test(title)) return 'qualification';
  if (/投标函|响应函|磋商函|授权|身份证明|保证金|承诺函|声明|附录/.test(title)) return 'form';
  return 'other';
}

const node = (title: string, children: OutlineNode[] = [], scoringItemIds: string[] = []): OutlineNode => ({
  title,
  children,
  scoringItemIds,
  targetWords: null,
});

/** The standard skeleton of a Chinese bid when the tender prescribes none. */
function standardSkeleton(a: TenderAnalysis): OutlineNode[] {
  const hasCommercial = a.scoringItems.some((i) => i.category === 'commercial');
  const out = [node('投标函'), node('法定代表人身份证明及授权委托书'), node('资格证明文件')];
  if (hasCommercial) out.push(node('商务部分'));
  out.push(node(a.darkBid ? '技术部分（暗标）' : '技术部分'));
  out.push(node('报价文件'));
  out.push(node('其他材料'));
  return out;
}

export function fromMandated(a: TenderAnalysis): OutlineNode[] {
  const roots: OutlineNode[] = [];
  const stack: Array<{ level: number; n: OutlineNode }> = [];
  for (const s of a.mandatedOutline) {
    const n = node(s.title);
    while (stack.length && stack[stack.length - 1].level >= s.level) stack.pop();
    if (stack.length) stack[stack.length - 1].n.children.push(n);
    else roots.push(n);
    stack.push({ level: s.level, n });
  }
  return roots;
}

function walk(
  nodes: OutlineNode[],
  fn: (n: OutlineNode, depth: number, parent: OutlineNode | null) => void,
  depth = 1,
  parent: OutlineNode | null = null,
): void {
  for (const n of nodes) {
    fn(n, depth, parent);
    walk(n.children, fn, depth + 1, n);
  }
}

/** Sections that could hold a category's items, deepest first (施工组织设计 before 技术标). */
function sectionsFor(roots: OutlineNode[], role: Role): OutlineNode[] {
  const out: Array<{ n: OutlineNode; depth: number }> = [];
  walk(roots, (n, depth) => {
    if (depth <= 2 && !n.scoringItemIds.length && roleOf(n.title) === role && !tableKindOf(n.title))
      out.push({ n, depth });
  });
  return out.sort((x, y) => y.depth - x.depth).map((x) => x.n);
}

/** The section an item belongs under: a strong title match first, then its category's section. */
function pickSection(roots: OutlineNode[], item: ScoringItem): OutlineNode | null {
  // Set inside the walk's callback: kept in a holder so its type is not narrowed to the initial null.
  const top: { best: { n: OutlineNode; s: number } | null } = { best: null };
  walk(roots, (n, depth) => {
    // A response table the tender mandates holds its table, never a scoring item's text.
    if (depth > 2 || n.scoringItemIds.length || tableKindOf(n.title)) return;
    const r = roleOf(n.title);
    if (r === 'form' || (r === 'price') !== (item.category === 'price')) return;
    const s = Math.max(similarity(item.name, n.title), item.group ? similarity(item.group, n.title) : 0);
    if (!top.best || s > top.best.s) top.best = { n, s };
  });
  const b = top.best;
  if (b && b.s >= 0.5) return b.n;
  const role: Role =
    item.category === 'price' ? 'price' : item.category === 'commercial' ? 'commercial' : 'technical';
  return (
    sectionsFor(roots, role)[0] ??
    (role === 'commercial' ? (sectionsFor(roots, 'qualification')[0] ?? null) : null)
  );
}

const CATEGORY_SECTION: Record<ScoringCategory, string> = {
  technical: '技术部分',
  commercial: '商务部分',
  price: '报价文件',
  other: '其他评分响应',
};

/**
 * Puts every scoring item under a chapter. Items a model left out (or the skeleton has no place
 * for) get a chapter of their own; returns the tree (mutated) for chaining.
 */
export function ensureCoverage(
  roots: OutlineNode[],
  items: ScoringItem[],
  opts: { addAspects?: boolean; darkBid?: boolean; keepOrder?: boolean } = {},
): OutlineNode[] {
  const covered = new Set<string>();
  walk(roots, (n) => n.scoringItemIds.forEach((id) => covered.add(id)));
  for (const item of items) {
    if (covered.has(item.id)) continue;
    let section = pickSection(roots, item);
    if (!section) {
      const title =
        item.category === 'technical' && opts.darkBid ? '技术部分（暗标）' : CATEGORY_SECTION[item.category];
      section = roots.find((r) => r.title === title) ?? null;
      if (!section) {
        section = node(title);
        // Technical and commercial parts go before the price file and the closing material.
        // (A mandated outline keeps its order: a new section then follows it.)
        const idx = opts.keepOrder
          ? -1
          : roots.findIndex((r) => roleOf(r.title) === 'price' || /其他/.test(r.title));
        if (item.category !== 'price' && idx >= 0) roots.splice(idx, 0, section);
        else roots.push(section);
      }
    }
    if (item.category === 'price') {
      // The price file answers the price item itself; its content is the quotation.
      section.scoringItemIds.push(item.id);
    } else {
      const similar = section.children.find((c) => similarity(c.title, item.name) >= 0.8);
      if (similar) similar.scoringItemIds.push(item.id);
      else if (section.children.length === 0 && similarity(section.title, item.name) >= 0.8)
        section.scoringItemIds.push(item.id);
      else section.children.push(node(item.name, opts.addAspects ? aspectChildren(item) : [], [item.id]));
    }
    covered.add(item.id);
  }
  return roots;
}

const ASPECT_TRIM_HEAD = /^(对|针对|根据|包括|具有|提供|有|其)/;
const ASPECT_TRIM_TAIL =
  /(完整|合理|可行|完善|健全|明确|清晰|科学|具体|先进|规范|到位|齐全|透彻|准确|可控|高效|得当|可靠|落实|全面|有效|及时|充足|针对性强|可操作性强|满足需求|符合规定|符合要求|的)+$/;

/** Sub-topics named in a criterion ("运维组织、响应机制、巡检、应急预案及培训计划完整…"). */
export function aspectsOf(criteria: string): string[] {
  const head = criteria.split(/[，,。；;：:]|得\s*\d|的?得分|分值/)[0] ?? '';
  if (!/、/.test(head)) return [];
  const raw = head.split('、');
  // "A、B、C及D": the last part names two topics.
  const last = raw.pop()!;
  raw.push(...last.split(/以及|及|和/));
  const parts = raw
    .map((p) =>
      p
        .trim()
        .replace(/等.*$/, '')
        .replace(/[一二三四五六七八九十\d]+(个|项|类|方面).*$/, '')
        .replace(ASPECT_TRIM_HEAD, '')
        .replace(ASPECT_TRIM_TAIL, '')
        .trim(),
    )
    // A word that names no topic of its own ("方案", what is left of "针对性强") is no aspect.
    .filter(
      (p) =>
        p.length >= 2 &&
        p.length <= 12 &&
        !/\d/.test(p) &&
        !/^(方案|措施|响应|计划|预案|内容|要求|性强|措施得当|方案全面)$/.test(p),
    );
  const unique = [...new Set(parts)];
  return unique.length >= 2 && unique.length <= 8 ? unique : [];
}

const GENERIC_ASPECTS = ['总体思路与目标', '具体措施', '保障措施'];

/** Children of a technical scoring chapter: the aspects its criterion names, else a standard set. */
export function aspectChildren(item: ScoringItem): OutlineNode[] {
  if (item.category !== 'technical') return [];
  const aspects = aspectsOf(item.criteria);
  const titles = aspects.length >= 2 ? aspects : GENERIC_ASPECTS;
  return titles.map((t) => node(t));
}

/** Fixed budgets of formal documents (letters, forms), in pages: they are short by nature. */
function fixedPages(title: string): number | null {
  if (/^其他|其他材料|其他资料/.test(title)) return 0.4;
  const r = roleOf(title);
  if (r === 'form') return 0.7;
  if (r === 'qualification') return 0.8;
  if (r === 'price') return 0.6;
  return null;
}

/** Evidence chapters (业绩, 证书, 人员) are a table and attachment slots: about a page of text. */
const EVIDENCE_PAGES = 1;
const EVIDENCE_TITLE = /业绩|资质|认证|证书|信誉|获奖|荣誉|财务|社保|纳税|简历/;

export interface BudgetOptions {
  /** The page model of the template the bid exports with (default: the default template). */
  model?: PageModel;
  /** Rows of the response table or index a table chapter holds, by its node. */
  tableRows?: (n: OutlineNode) => number | null;
}

function shapeOf(roots: OutlineNode[]): { parts: number; chapters: number } {
  let chapters = 0;
  walk(roots, (_n, depth) => {
    if (depth > 1) chapters += 1;
  });
  return { parts: roots.length, chapters };
}

/**
 * Word budgets from the page count: the template's page model takes the structure's own pages
 * (cover, contents, part breaks, headings) off the target, formal documents and evidence get
 * fixed small budgets, table chapters what their rows take, and the rest is spread over the
 * leaves by the points of the scoring items they answer (items without points and unscored
 * chapters weigh as an average item). Parents get the sum of their children.
 */
export function assignBudgets(
  roots: OutlineNode[],
  items: ScoringItem[],
  pageCount: number,
  opts: BudgetOptions = {},
): OutlineNode[] {
  const model = opts.model ?? pageModelOf(null);
  const total = wordsForPages(Math.max(1, pageCount), { ...shapeOf(roots), tableRows: 0 }, model);
  const pointsOf = new Map(items.map((i) => [i.id, i.points]));
  const categoryOf = new Map(items.map((i) => [i.id, i.category]));
  const known = items.map((i) => i.points).filter((p): p is number => p != null && p > 0);
  const avg = known.length ? known.reduce((a, b) => a + b, 0) / known.length : 5;

  interface Leaf {
    n: OutlineNode;
    fixed: number | null;
    weight: number;
  }
  const leaves: Leaf[] = [];
  const collect = (
    n: OutlineNode,
    inherited: string[],
    siblingShare: number,
    inheritedFixed: number | null,
  ) => {
    const ids = n.scoringItemIds.length ? n.scoringItemIds : inherited;
    const fixedP = fixedPages(n.title) ?? inheritedFixed;
    if (!n.children.length) {
      // Commercial items are answered with evidence (certificates, contracts, CVs): shorter text.
      const pts = ids.reduce(
        (s, id) => s + (pointsOf.get(id) ?? avg) * (categoryOf.get(id) === 'commercial' ? 0.5 : 1),
        0,
      );
      const ownPrice = ids.length && ids.every((id) => categoryOf.get(id) === 'price');
      const rows = opts.tableRows?.(n) ?? null;
      const evidence = EVIDENCE_TITLE.test(n.title) && ids.every((id) => categoryOf.get(id) === 'commercial');
      const pages = rows != null ? null : ownPrice ? 0.6 : evidence ? EVIDENCE_PAGES : fixedP;
      const fixed =
        rows != null
          ? Math.round(rows * wordsPerTableRow(model) + 60)
          : pages != null
            ? pages * model.charsPerPage
            : null;
      leaves.push({ n, fixed, weight: (ids.length ? pts : avg * 0.5) * siblingShare });
      return;
    }
    const share = n.scoringItemIds.length ? 1 / n.children.length : siblingShare;
    for (const c of n.children) collect(c, ids, n.scoringItemIds.length ? share : siblingShare, fixedP);
  };
  for (const r of roots) collect(r, [], 1, null);

  // A short bid (or a tight page limit) cannot give every form its usual page: all shrink alike.
  const rawFixed = leaves.reduce((s, l) => s + (l.fixed ?? 0), 0);
  const squeeze = rawFixed > total * 0.5 ? (total * 0.5) / rawFixed : 1;
  const fixedSum = rawFixed * squeeze;
  const flexible = leaves.filter((l) => l.fixed == null);
  for (const l of leaves) if (l.fixed != null) fixedLeaves.add(l.n);
  const weightSum = flexible.reduce((s, l) => s + l.weight, 0) || 1;
  const floor = (total - fixedSum) / Math.max(1, flexible.length) < 200 ? 50 : 200;
  const pool = Math.max(total - fixedSum, flexible.length * floor);
  for (const l of leaves) {
    const words = l.fixed != null ? l.fixed * squeeze : (pool * l.weight) / weightSum;
    l.n.targetWords = Math.max(l.fixed != null ? 50 : floor, Math.round(words / 10) * 10);
  }
  return sumParents(roots);
}

/** Leaves whose budget is fixed by their kind (forms, tables, evidence): a rescale leaves them alone. */
const fixedLeaves = new WeakSet<OutlineNode>();

function sumParents(roots: OutlineNode[]): OutlineNode[] {
  const sum = (n: OutlineNode): number => {
    if (!n.children.length) return n.targetWords ?? 0;
    n.targetWords = n.children.reduce((s, c) => s + sum(c), 0);
    return n.targetWords;
  };
  roots.forEach(sum);
  return roots;
}

const SPLIT_ASPECTS = [
  '总体思路与目标',
  '组织与职责',
  '实施步骤',
  '关键控制点',
  '检查与考核',
  '风险与应对',
  '资源保障',
  '持续改进',
];

/**
 * Splits leaves whose budget is beyond one model answer into parts, so that each call stays
 * within MAX_WORDS_PER_CALL (AI-NOTES: models stall near 2,000 words per answer). Each part is a
 * named aspect (of the criterion, the title's topic, or a standard sequence), never "X（1）…（4）",
 * so that the parts get different aims. The split adds headings: budgets are then scaled so the
 * page count still holds.
 */
export function splitOversizedLeaves(
  roots: OutlineNode[],
  items: ScoringItem[] = [],
  pageCount?: number,
  opts: BudgetOptions = {},
): OutlineNode[] {
  const byId = new Map(items.map((i) => [i.id, i]));
  let split = false;
  walk(roots, (n) => {
    // A table's budget is its rows: it is built whole, never split.
    if (
      n.children.length ||
      !n.targetWords ||
      n.targetWords <= MAX_WORDS_PER_CALL ||
      opts.tableRows?.(n) != null
    )
      return;
    const parts = Math.min(8, Math.ceil(n.targetWords / MAX_WORDS_PER_CALL));
    const criteria = n.scoringItemIds.map((id) => byId.get(id)?.criteria ?? '').join('；');
    const candidates = [aspectsOf(criteria), titleAspects(n.title), SPLIT_ASPECTS];
    const titles =
      candidates.find((c) => c.length >= parts && c !== GENERIC_ASPECTS)?.slice(0, parts) ??
      SPLIT_ASPECTS.slice(0, parts);
    const each = Math.round(n.targetWords / parts / 10) * 10;
    n.children = titles.map((t) => ({ ...node(t), targetWords: each }));
    split = true;
  });
  if (split && pageCount) rescale(roots, pageCount, opts);
  return sumParents(roots);
}

/** Scales the flexible leaves so that the whole still fills the page count after a change of shape. */
function rescale(roots: OutlineNode[], pageCount: number, opts: BudgetOptions): void {
  const model = opts.model ?? pageModelOf(null);
  const total = wordsForPages(pageCount, { ...shapeOf(roots), tableRows: 0 }, model);
  const all: OutlineNode[] = [];
  walk(roots, (n) => {
    if (!n.children.length) all.push(n);
  });
  const fixed = all.filter((n) => fixedLeaves.has(n));
  const flex = all.filter((n) => !fixed.includes(n));
  const fixedSum = fixed.reduce((s, n) => s + (n.targetWords ?? 0), 0);
  const flexSum = flex.reduce((s, n) => s + (n.targetWords ?? 0), 0);
  if (!flexSum) return;
  const k = Math.max(0.2, (total - fixedSum) / flexSum);
  for (const n of flex) n.targetWords = Math.max(50, Math.round(((n.targetWords ?? 0) * k) / 10) * 10);
}

export interface OutlineOptions {
  templateId?: string | null;
}

/** The offline outline: the tender's own order (or the standard skeleton) + every scoring item + its tables. */
export function buildOutline(a: TenderAnalysis, pageCount: number, opts: OutlineOptions = {}): OutlineNode[] {
  const mandated = a.mandatedOutline.length >= 3;
  const roots = mandated ? fromMandated(a) : standardSkeleton(a);
  ensureCoverage(roots, a.scoringItems, { addAspects: true, darkBid: a.darkBid, keepOrder: mandated });
  return finishOutline(roots, a, pageCount, opts);
}

/**
 * What both engines do after the chapters are laid out: one owner per scoring item, the tables
 * the tender demands, budgets from the page model (within the tender's page limit), oversized
 * leaves split.
 */
export function finishOutline(
  roots: OutlineNode[],
  a: TenderAnalysis,
  pageCount: number,
  opts: OutlineOptions = {},
): OutlineNode[] {
  ensureSingleOwner(roots);
  const rows = planTableChapters(roots, a);
  const budget: BudgetOptions = {
    model: pageModelOf(opts.templateId),
    tableRows: (n) => rows.get(n) ?? null,
  };
  const pages = plannedPages(pageCount, a.pageLimit);
  assignBudgets(roots, a.scoringItems, pages, budget);
  return splitOversizedLeaves(roots, a.scoringItems, pages, budget);
}

/** Keeps each scoring item on one chapter: the deepest that names it (the first of equals). */
export function ensureSingleOwner(roots: OutlineNode[]): OutlineNode[] {
  const owner = new Map<string, { n: OutlineNode; depth: number }>();
  walk(roots, (n, depth) => {
    for (const id of n.scoringItemIds) {
      const o = owner.get(id);
      if (!o || depth > o.depth) owner.set(id, { n, depth });
    }
  });
  walk(roots, (n) => {
    n.scoringItemIds = [...new Set(n.scoringItemIds)].filter((id) => owner.get(id)?.n === n);
  });
  return roots;
}

/**
 * Adds the tables the tender demands and the scoring index as chapters of their own (a title the
 * tender mandates is reused in place) and answers the rows each holds.
 */
export function planTableChapters(roots: OutlineNode[], a: TenderAnalysis): Map<OutlineNode, number> {
  const rows = new Map<OutlineNode, number>();
  const wanted = demandedTables(a);
  if (a.scoringItems.length && !wanted.some((t) => t.kind === 'scoreIndex'))
    wanted.push({ kind: 'scoreIndex', title: RESPONSE_TABLE_TITLES.scoreIndex });
  for (const t of wanted) {
    const leaves: OutlineNode[] = [];
    walk(roots, (n) => {
      if (!n.children.length && tableKindOf(n.title) === t.kind) leaves.push(n);
    });
    let target: OutlineNode | null = leaves[0] ?? null;
    if (!target) {
      target = node(t.title);
      const partRole = t.kind === 'commercial' ? 'commercial' : 'technical';
      const home =
        roots.find((r) => roleOf(r.title) === partRole) ?? roots.find((r) => roleOf(r.title) === 'technical');
      // A part with no chapters of its own keeps its text; the table then closes the bid.
      if (home && home.children.length) home.children.unshift(target);
      else roots.push(target);
    }
    const n = t.kind === 'scoreIndex' ? a.scoringItems.length : tableRequirements(t.kind, a).length;
    rows.set(target, Math.max(1, n));
  }
  return rows;
}

/** Scoring-item ids that no chapter answers (the coverage check of tests and the checks page). */
export function uncoveredItems(roots: OutlineNode[], items: ScoringItem[]): ScoringItem[] {
  const covered = new Set<string>();
  walk(roots, (n) => n.scoringItemIds.forEach((id) => covered.add(id)));
  return items.filter((i) => !covered.has(i.id));
}

/** Children for one chapter (aiGetBidCatalogChild): aspects of its items, else by its title. */
export function buildChildren(
  title: string,
  items: ScoringItem[],
  targetWords: number | null,
): OutlineNode[] {
  let children: OutlineNode[] = [];
  if (items.length > 1) {
    children = items.map((i) => node(i.name, [], [i.id]));
  } else {
    const aspects = items.length ? aspectsOf(items[0].criteria) : [];
    const titles = aspects.length >= 2 ? aspects : titleAspects(title);
    children = titles.map((t) => node(t, [], []));
  }
  const per = targetWords ? Math.max(200, Math.round(targetWords / children.length / 50) * 50) : null;
  for (const c of children) c.targetWords = per;
  return children;
}

function titleAspects(title: string): string[] {
  if (/进度|工期/.test(title)) return ['进度计划', '关键节点控制', '进度保证措施'];
  if (/质量/.test(title)) return ['质量目标', '质量管理体系', '质量控制措施'];
  if (/安全/.test(title)) return ['安全目标与管理体系', '安全技术措施', '应急处置'];
  if (/培训/.test(title)) return ['培训对象与内容', '培训方式与计划', '培训效果评估'];
  if (/运维|售后|维护/.test(title)) return ['服务组织与响应机制', '日常运维与巡检', '故障处理与应急'];
  if (/人员|团队|班子|机构/.test(title)) return ['组织架构', '岗位职责', '人员配置'];
  if (/应急/.test(title)) return ['应急组织', '应急预案', '应急演练与保障'];
  return GENERIC_ASPECTS;
}
