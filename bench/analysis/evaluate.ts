import path from 'node:path';
import type { TenderAnalysis } from '@bid/shared';

/**
 * Scores an analysis against a corpus tender's gold file (apps/server/test/corpus/tNN.gold.json):
 * recall and precision per field, summed over the corpus by `summarize`.
 */

export const CORPUS_DIR = path.resolve(import.meta.dirname, '../../apps/server/test/corpus');

export interface Gold {
  kind: string;
  /** The blind round that wrote the tender (its first run is in rounds.json). */
  round?: string;
  /** The file its author made (a blind round's upload), when the tender is not built from its text. */
  upload?: string;
  /** Fields left out are not scored (a released gold does not give every field). */
  project: {
    method?: string;
    budgetAmount?: number | null;
    bondAmount?: number | null;
    period?: string;
    periodYears?: number;
  };
  scoringItems: Array<{ name: string; points: number; lot: number | null }>;
  starClauses: string[];
  disqualifications: string[];
  /** Clauses are paraphrased, not key phrases copied from the text. */
  paraphrased?: boolean;
  mandatedOutline: string[];
  lots?: Array<{ no: number; name: string }>;
  lotCount?: number;
  pageLimit?: number | null;
  darkBid?: boolean;
  formatRules?: string[];
  responseTables?: string[];
  requirements?: string[];
}

/** (Full-width digits and letters as ASCII: the analysis reads ７．５ as 7.5, and shows it so.) */
export const norm = (s: string) =>
  s
    .replace(/[０-９Ａ-Ｚａ-ｚ．]/g, (c) => String.fromCharCode(c.charCodeAt(0) - 0xfee0))
    .replace(/[\s，,。；;：:、（）()“”"'《》【】\-—_]/g, '');

/** A paraphrased clause is found when most of its character pairs occur in one found clause. */
function paraphraseOf(found: string, gold: string): boolean {
  const pairs = (t: string) => new Set([...t].slice(1).map((c, i) => t[i] + c));
  // A figure the paraphrase adds in brackets (（479.5万元）) is not in the clause's own words.
  const g = pairs(norm(gold.replace(/[（(][^（）()]*[)）]/g, '')));
  const f = pairs(found);
  let hit = 0;
  for (const p of g) if (f.has(p)) hit += 1;
  return g.size > 0 && hit / g.size >= 0.6;
}

const YEARS: Record<string, number> = { 一: 1, 两: 2, 二: 2, 三: 3, 四: 4, 五: 5 };

function yearsOf(period: string): number | null {
  const m = /(\d+|[一两二三四五])\s*个?年/.exec(period);
  return m ? (YEARS[m[1]] ?? Number(m[1])) : null;
}

function sameName(a: string, b: string): boolean {
  const x = norm(a);
  const y = norm(b);
  if (x === y) return true;
  const [s, l] = x.length <= y.length ? [x, y] : [y, x];
  return s.length >= 2 && l.includes(s) && s.length / l.length >= 0.6;
}

/** Counts: hit/total pairs per field. */
export interface Score {
  [field: string]: { hit: number; total: number };
}

const add = (s: Score, field: string, hit: number, total: number) => {
  s[field] = { hit: (s[field]?.hit ?? 0) + hit, total: (s[field]?.total ?? 0) + total };
};

export function evaluate(a: TenderAnalysis, g: Gold): Score {
  const s: Score = {};
  // Scoring items: name and points (and 包 when the tender has several).
  const left = [...a.scoringItems];
  let matched = 0;
  for (const gi of g.scoringItems) {
    const k = left.findIndex(
      (f) => f.points === gi.points && sameName(f.name, gi.name) && (gi.lot == null || f.lot === gi.lot),
    );
    if (k >= 0) {
      matched += 1;
      left.splice(k, 1);
    }
  }
  add(s, 'scoring.recall', matched, g.scoringItems.length);
  add(s, 'scoring.precision', matched, a.scoringItems.length);
  const found = (texts: string[], k: string) =>
    g.paraphrased ? texts.some((t) => paraphraseOf(t, k)) : texts.some((t) => t.includes(norm(k)));
  const clauseTexts = a.starClauses.map((c) => norm(c.text));
  add(
    s,
    'starClauses.recall',
    g.starClauses.filter((k) => found(clauseTexts, k)).length,
    g.starClauses.length,
  );
  const dq = a.disqualifications.map(norm);
  add(
    s,
    'disqualifications.recall',
    g.disqualifications.filter((k) => found(dq, k)).length,
    g.disqualifications.length,
  );
  if (g.mandatedOutline.length) {
    const ok =
      a.mandatedOutline.length === g.mandatedOutline.length &&
      a.mandatedOutline.every((m, i) => norm(m.title) === norm(g.mandatedOutline[i]));
    add(s, 'outline.exact', ok ? 1 : 0, 1);
  }
  const p = g.project;
  if (p.bondAmount !== undefined) add(s, 'bond', a.project.bondAmount === p.bondAmount ? 1 : 0, 1);
  if (p.budgetAmount !== undefined) add(s, 'budget', a.project.budgetAmount === p.budgetAmount ? 1 : 0, 1);
  if (p.period !== undefined)
    add(s, 'period', a.project.period != null && norm(a.project.period).includes(norm(p.period)) ? 1 : 0, 1);
  else if (p.periodYears !== undefined)
    add(s, 'period', a.project.period != null && yearsOf(a.project.period) === p.periodYears ? 1 : 0, 1);
  if (p.method !== undefined) add(s, 'method', a.project.method === p.method ? 1 : 0, 1);
  if (g.lots)
    add(
      s,
      'lots',
      a.lots.length === g.lots.length &&
        a.lots.every((l, i) => l.no === g.lots![i].no && norm(l.name) === norm(g.lots![i].name))
        ? 1
        : 0,
      1,
    );
  else if (g.lotCount !== undefined)
    add(s, 'lots', Math.max(1, a.lots.length) === Math.max(1, g.lotCount) ? 1 : 0, 1);
  if (g.pageLimit !== undefined) add(s, 'pageLimit', a.pageLimit === g.pageLimit ? 1 : 0, 1);
  if (g.darkBid !== undefined) add(s, 'darkBid', a.darkBid === g.darkBid ? 1 : 0, 1);
  const rules = a.formatRules.map(norm);
  if (g.formatRules)
    add(
      s,
      'formatRules.recall',
      g.formatRules!.filter((k) => rules.some((r) => r.includes(norm(k)))).length,
      g.formatRules!.length,
    );
  const tables = a.responseTables.map(norm);
  if (g.responseTables)
    add(
      s,
      'responseTables.recall',
      g.responseTables!.filter((k) => tables.includes(norm(k))).length,
      g.responseTables!.length,
    );
  const reqs = a.requirements.map((r) => norm(r.text));
  if (g.requirements)
    add(
      s,
      'requirements.recall',
      g.requirements!.filter((k) => reqs.some((r) => r.includes(norm(k)))).length,
      g.requirements!.length,
    );
  const hasSource = [...a.scoringItems, ...a.starClauses, ...a.requirements, ...a.mandatedOutline].filter(
    (x) => x.source && x.source.end > x.source.start,
  ).length;
  add(
    s,
    'sources',
    hasSource,
    a.scoringItems.length + a.starClauses.length + a.requirements.length + a.mandatedOutline.length,
  );
  return s;
}

export function summarize(scores: Score[]): Score {
  const out: Score = {};
  for (const s of scores) for (const [k, v] of Object.entries(s)) add(out, k, v.hit, v.total);
  return out;
}

export const rate = (v: { hit: number; total: number } | undefined) => (v && v.total ? v.hit / v.total : 1);

/** Every field the benchmark prints, in order. */
export const FIELDS = [
  'scoring.recall',
  'scoring.precision',
  'starClauses.recall',
  'disqualifications.recall',
  'outline.exact',
  'bond',
  'budget',
  'period',
  'method',
  'lots',
  'pageLimit',
  'darkBid',
  'formatRules.recall',
  'responseTables.recall',
  'requirements.recall',
  'sources',
];

/** The acceptance goals (CI fails below them on the corpus and the released set). */
export const GOALS: Record<string, number> = {
  'scoring.recall': 0.95,
  'scoring.precision': 0.95,
  'starClauses.recall': 0.95,
  'disqualifications.recall': 0.95,
  'outline.exact': 1,
  bond: 0.9,
  budget: 0.9,
  period: 0.9,
  method: 0.9,
};
