import type { ProjectFacts, ScoringItem, TenderAnalysis } from '@bid/shared';
import type { ModelAnalysis } from './model-schema.ts';
import { parseAmount } from './money.ts';
import { categoryOfName } from './scoring/category.ts';
import { extractVolumes } from './volumes.ts';

/**
 * Model readings (one per chunk) merged with the rules' analysis field by field, keeping the
 * better of the two: a scoring list that adds up to the stated total beats one that does not,
 * clauses are united, a fact the rules found is never lost. So a short or cut model answer never
 * lowers what was already found.
 */

type ModelReading = ModelAnalysis;

const norm = (s: string) => s.replace(/[\s，,。；;：:、（）()“”"《》]/g, '');

function uniteStrings(a: string[], b: string[]): string[] {
  const out = [...a];
  const seen = a.map(norm);
  for (const s of b) {
    const n = norm(s);
    if (!n || seen.some((x) => x.includes(n) || n.includes(x))) continue;
    seen.push(n);
    out.push(s.trim());
  }
  return out;
}

/** How trustworthy a scoring list is: items adding up to the total (per 包), then more items. */
export function scoringQuality(
  items: Array<Pick<ScoringItem, 'points' | 'lot' | 'name'>>,
  total = 100,
): number {
  if (!items.length) return 0;
  const byLot = new Map<number | null, number>();
  for (const i of items) byLot.set(i.lot ?? null, (byLot.get(i.lot ?? null) ?? 0) + (i.points ?? 0));
  const sums = [...byLot.values()].filter((s) => Math.abs(s - total) < 0.01).length;
  const bad = items.filter((i) => i.points == null || /^(优|良|中|差|一般)[（(：:]|得\d/.test(i.name)).length;
  return sums * 1000 + items.length - bad * 5;
}

function combine(readings: ModelReading[]): ModelReading {
  const first = readings[0];
  const out: ModelReading = {
    ...first,
    scoringItems: [],
    starClauses: [],
    disqualifications: [],
    keyDates: [],
    qualifications: [],
    formatRules: [],
    responseTables: [],
    mandatedOutline: [],
  };
  const project: Record<string, string | null | undefined> = {};
  for (const r of readings) {
    for (const [k, v] of Object.entries(r.project)) if (v && !project[k]) project[k] = v;
    for (const it of r.scoringItems) {
      if (
        !out.scoringItems.some(
          (x) => norm(x.name) === norm(it.name) && x.points === it.points && x.lot === it.lot,
        )
      )
        out.scoringItems.push(it);
    }
    for (const c of r.starClauses)
      if (!out.starClauses.some((x) => norm(x.text) === norm(c.text))) out.starClauses.push(c);
    out.disqualifications = uniteStrings(out.disqualifications, r.disqualifications);
    out.qualifications = uniteStrings(out.qualifications, r.qualifications);
    out.formatRules = uniteStrings(out.formatRules, r.formatRules);
    out.responseTables = uniteStrings(out.responseTables, r.responseTables);
    for (const d of r.keyDates) if (!out.keyDates.some((x) => x.label === d.label)) out.keyDates.push(d);
    if (r.mandatedOutline.length > out.mandatedOutline.length) out.mandatedOutline = r.mandatedOutline;
    out.darkBid ||= r.darkBid;
    out.pageLimit ??= r.pageLimit;
    out.scoringMethod ??= r.scoringMethod;
  }
  out.project = project;
  return out;
}

export function mergeAnalyses(
  text: string,
  rules: TenderAnalysis,
  readings: ModelReading[],
  model: string,
): TenderAnalysis {
  const m = combine(readings);
  const declared = /(?:总分|满分|总分值|满分为|总分为)\s*(?:为|是)?\s*(\d{2,3})\s*分/.exec(text);
  const total = declared ? Number(declared[1]) : 100;
  const fromModel = modelItems(text, m.scoringItems).map((it) => {
    // The rules know exactly where an item they also found stands in the text.
    const same = rules.scoringItems.find((r) => norm(r.name) === norm(it.name) && r.points === it.points);
    return same ? { ...it, source: same.source, lot: it.lot ?? same.lot } : it;
  });
  const scoringItems =
    scoringQuality(fromModel, total) >= scoringQuality(rules.scoringItems, total)
      ? fromModel
      : rules.scoringItems;

  const project = { ...rules.project } as ProjectFacts;
  for (const key of [
    'name',
    'number',
    'owner',
    'agency',
    'budget',
    'period',
    'location',
    'scope',
    'bond',
    'method',
  ] as const) {
    project[key] = rules.project[key] ?? m.project[key] ?? null;
  }
  project.bondAmount = rules.project.bondAmount ?? (project.bond ? parseAmount(project.bond) : null);
  project.budgetAmount = rules.project.budgetAmount ?? (project.budget ? parseAmount(project.budget) : null);

  const starClauses = [...rules.starClauses];
  for (const c of m.starClauses) {
    const n = norm(c.text);
    if (starClauses.some((x) => norm(x.text).includes(n) || n.includes(norm(x.text)))) continue;
    const at = text.indexOf(c.text);
    starClauses.push({
      mark: c.mark,
      text: c.text.slice(0, 2000),
      lot: c.lot,
      source: at >= 0 ? { start: at, end: at + c.text.length } : null,
    });
  }
  const disqualifications = uniteStrings(rules.disqualifications, m.disqualifications).slice(0, 150);
  const disqualificationSources = disqualifications.map((d, i) => {
    if (i < rules.disqualifications.length) return rules.disqualificationSources[i] ?? null;
    const at = text.indexOf(d);
    return at >= 0 ? { start: at, end: at + d.length } : null;
  });
  const outline = rules.mandatedOutline.length
    ? rules.mandatedOutline
    : m.mandatedOutline.length >= 3
      ? m.mandatedOutline.map((s) => ({ ...s, source: null }))
      : [];
  const warnings = scoringItems.length
    ? rules.warnings.filter((w) => !/评分标准/.test(w))
    : [...rules.warnings];
  return {
    ...rules,
    project,
    scoringMethod: rules.scoringMethod ?? m.scoringMethod,
    qualifications:
      m.qualifications.length > rules.qualifications.length ? m.qualifications : rules.qualifications,
    // Spans belong to the rules' rows; a model's rows have none.
    qualificationSources:
      m.qualifications.length > rules.qualifications.length ? [] : rules.qualificationSources,
    scoringItems,
    starClauses,
    disqualifications,
    disqualificationSources,
    keyDates:
      m.keyDates.length > rules.keyDates.length
        ? m.keyDates.map((d) => ({ ...d, source: null }))
        : rules.keyDates,
    mandatedOutline: outline,
    darkBid: rules.darkBid || m.darkBid,
    volumes: extractVolumes(text, rules.darkBid || m.darkBid),
    pageLimit:
      rules.pageLimit ??
      (m.pageLimit && m.pageLimit > 0 && Number.isInteger(m.pageLimit) ? m.pageLimit : null),
    formatRules: uniteStrings(rules.formatRules, m.formatRules).slice(0, 40),
    responseTables: uniteStrings(rules.responseTables, m.responseTables).slice(0, 30),
    engine: 'openai',
    model,
    warnings,
  };
}

/** Model items as analysis items: ids, categories and the passage where the name appears. */
export function modelItems(text: string, items: ModelAnalysis['scoringItems']): ScoringItem[] {
  return items.map((it, i) => {
    const at = text.indexOf(it.name);
    return {
      id: `S${i + 1}`,
      category: /价格|报价/.test(it.name) ? 'price' : (it.category ?? categoryOfName(it.name, null)),
      name: it.name.slice(0, 200),
      group: it.group ?? null,
      points: it.points,
      criteria: (it.criteria ?? '').slice(0, 4000),
      lot: it.lot,
      source: at >= 0 ? { start: at, end: at + it.name.length } : null,
    };
  });
}

/**
 * A fresh analysis of a bid (refresh) against the one it replaces: per field the better one is
 * kept, so a model that answers worse this time (cut short, fewer items) lowers nothing.
 */
export function notWorse(previous: TenderAnalysis, next: TenderAnalysis): TenderAnalysis {
  const total = 100;
  const out: TenderAnalysis = { ...next };
  if (scoringQuality(previous.scoringItems, total) > scoringQuality(next.scoringItems, total)) {
    out.scoringItems = previous.scoringItems;
    out.warnings = [
      '重新解析的评分标准不如上次完整，已保留上次的评分项',
      ...next.warnings.filter((w) => !/评分标准/.test(w)),
    ];
  }
  const prevStars = previous.starClauses.filter(
    (c) => !next.starClauses.some((n) => norm(n.text) === norm(c.text)),
  );
  out.starClauses = [...next.starClauses, ...prevStars];
  const kept = previous.disqualifications.filter(
    (d) => !next.disqualifications.some((n) => norm(n) === norm(d)),
  );
  out.disqualifications = [...next.disqualifications, ...kept];
  out.disqualificationSources = [
    ...next.disqualifications.map((_, i) => next.disqualificationSources[i] ?? null),
    ...kept.map((d) => previous.disqualificationSources[previous.disqualifications.indexOf(d)] ?? null),
  ];
  if (!next.mandatedOutline.length) out.mandatedOutline = previous.mandatedOutline;
  if (next.requirements.length < previous.requirements.length) out.requirements = previous.requirements;
  out.project = { ...next.project };
  for (const k of Object.keys(previous.project) as Array<keyof ProjectFacts>) {
    if (out.project[k] == null && previous.project[k] != null)
      (out.project as Record<string, unknown>)[k] = previous.project[k];
  }
  return out;
}
