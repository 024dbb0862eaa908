import {
  analysisProblems,
  reviewedAnalysisSchema,
  totalsMismatches,
  type AnalysisTotals,
  type ReparseScoringResult,
  type ScoringCategory,
  type ScoringItem,
  type SourceSpan,
  type TenderAnalysis,
} from '@bid/shared';

/**
 * The edits of the review screen on a tender analysis, as pure functions (the screen keeps the
 * draft in state and saves it whole). Item ids stay stable where an item stays (chapters refer to
 * items by id); new items get ids not used in the draft.
 */

/** An id of the form S<n> not used by any item yet. */
export function nextItemId(items: Array<Pick<ScoringItem, 'id'>>): string {
  const used = new Set(items.map((i) => i.id));
  let n = items.reduce((max, i) => {
    const m = /^S(\d+)$/.exec(i.id);
    return m ? Math.max(max, Number(m[1])) : max;
  }, 0);
  do n += 1;
  while (used.has(`S${n}`));
  return `S${n}`;
}

export function newItem(items: ScoringItem[], category: ScoringCategory = 'technical'): ScoringItem {
  return {
    id: nextItemId(items),
    category,
    name: '',
    group: null,
    points: null,
    criteria: '',
    lot: null,
    source: null,
  };
}

export function updateItem(items: ScoringItem[], id: string, patch: Partial<ScoringItem>): ScoringItem[] {
  return items.map((i) => (i.id === id ? { ...i, ...patch, id: i.id } : i));
}

export function removeItem(items: ScoringItem[], id: string): ScoringItem[] {
  return items.filter((i) => i.id !== id);
}

/** Points of two items together: unknown only when neither states any. */
function addPoints(a: number | null, b: number | null): number | null {
  if (a == null && b == null) return null;
  return Math.round(((a ?? 0) + (b ?? 0)) * 100) / 100;
}

/**
 * Two items made one (a name the reader cut in two, a sub-row taken as an item): it takes the place
 * and the id of the one listed first, the points of both, both criteria (once when the same), and the
 * first source found.
 */
export function mergeItems(items: ScoringItem[], ids: [string, string], name: string): ScoringItem[] {
  const [a, b] = items.filter((i) => ids.includes(i.id)).sort((x, y) => items.indexOf(x) - items.indexOf(y));
  if (!a || !b) return items;
  const merged: ScoringItem = {
    ...a,
    name: name.trim() || a.name,
    points: addPoints(a.points, b.points),
    // Halves of a split share their criteria: it is kept once.
    criteria: [...new Set([a.criteria.trim(), b.criteria.trim()].filter(Boolean))].join('\n'),
    source: a.source ?? b.source ?? null,
  };
  return items.filter((i) => i.id !== b.id).map((i) => (i.id === a.id ? merged : i));
}

export interface SplitPart {
  name: string;
  points: number | null;
}

/**
 * One item made two (two factors the reader read as one row): the first part keeps the id and the
 * source, the second comes right after it with a new id and the same category and criteria.
 */
export function splitItem(items: ScoringItem[], id: string, parts: [SplitPart, SplitPart]): ScoringItem[] {
  const at = items.findIndex((i) => i.id === id);
  if (at < 0) return items;
  const it = items[at];
  const first: ScoringItem = { ...it, name: parts[0].name.trim(), points: parts[0].points };
  const second: ScoringItem = {
    ...it,
    id: nextItemId(items),
    name: parts[1].name.trim(),
    points: parts[1].points,
    source: null,
  };
  return [...items.slice(0, at), first, second, ...items.slice(at + 1)];
}

/** Halves for a split: the first part gets the larger half, in whole points when the total is whole. */
export function splitPoints(points: number | null): [number | null, number | null] {
  if (points == null) return [null, null];
  const first = Number.isInteger(points) ? Math.ceil(points / 2) : Math.round((points / 2) * 100) / 100;
  return [first, Math.round((points - first) * 100) / 100];
}

/**
 * 「只粘贴评分表」: the pasted table's items replace the list. Items the list already had (by name)
 * keep their ids, so chapters answering them stay theirs; the tender's own stated totals stay when
 * it had some (they carry their passages), else the pasted table's are taken.
 */
export function replaceScoring(a: TenderAnalysis, pasted: ReparseScoringResult): TenderAnalysis {
  const byName = new Map(a.scoringItems.map((i) => [i.name.trim(), i.id]));
  const taken = new Set<string>();
  const out: ScoringItem[] = [];
  for (const it of pasted.scoringItems) {
    const own = byName.get(it.name.trim());
    const id = own && !taken.has(own) ? own : nextItemId([...a.scoringItems, ...out]);
    taken.add(id);
    out.push({ ...it, id });
  }
  return {
    ...a,
    scoringItems: out,
    statedTotals: a.statedTotals.length ? a.statedTotals : pasted.statedTotals,
  };
}

/** A 废标 clause with its source, the way the list edits it (the analysis keeps them in two arrays). */
export interface TextRow {
  text: string;
  source: SourceSpan | null;
}

export function disqualificationRows(a: TenderAnalysis): TextRow[] {
  return a.disqualifications.map((text, i) => ({ text, source: a.disqualificationSources[i] ?? null }));
}

export function withDisqualifications(a: TenderAnalysis, rows: TextRow[]): TenderAnalysis {
  return {
    ...a,
    disqualifications: rows.map((r) => r.text),
    disqualificationSources: rows.map((r) => r.source),
  };
}

const FIELD_NAMES: Record<string, string> = {
  scoringItems: '评分项',
  starClauses: '★/▲ 条款',
  disqualifications: '废标条款',
  mandatedOutline: '投标文件目录',
  lots: '采购包',
};

export interface DraftProblem {
  /** Where, in words: 「评分项第 3 行」. */
  where: string;
  message: string;
  /** The list and the row, for the screen to mark. */
  field: string;
  row: number | null;
}

/**
 * What the server would refuse in the draft, in the server's own words (the shared schema and
 * cross-field checks), each with the row it is about; empty when the draft can be saved.
 */
export function draftProblems(a: TenderAnalysis, bidLot: number | null = null): DraftProblem[] {
  const out: DraftProblem[] = [];
  const seen = new Set<string>();
  const add = (path: PropertyKey[], message: string) => {
    const field = String(path[0] ?? '');
    const row = typeof path[1] === 'number' ? path[1] : null;
    const key = `${field}:${row}:${message}`;
    if (seen.has(key)) return;
    seen.add(key);
    const name = FIELD_NAMES[field];
    out.push({
      where: name ? (row != null ? `${name}第 ${row + 1} 行` : name) : '解析结果',
      message,
      field,
      row,
    });
  };
  const parsed = reviewedAnalysisSchema.safeParse(a);
  if (!parsed.success) for (const issue of parsed.error.issues) add(issue.path, issue.message);
  for (const p of analysisProblems(a, bidLot)) add(p.path, p.message);
  return out;
}

/**
 * The readers' warnings that ask the writer to check the scoring items (「找到 4 项共 62 分，招标文件总分
 * 100 分，请核对评分项」, 「未识别到评分标准…」). Once the writer has confirmed items whose sums agree with
 * every total the tender states, they no longer hold and are not kept with the confirmed analysis.
 */
const CHECK_ITEMS_WARNING = /请核对评分项|^未识别到评分标准/;

export function settledWarnings(a: TenderAnalysis, totals: AnalysisTotals[]): string[] {
  const agreed =
    a.scoringItems.length > 0 &&
    totals.length > 0 &&
    totals.every((t) => t.stated != null && totalsMismatches(t).length === 0);
  return agreed ? a.warnings.filter((w) => !CHECK_ITEMS_WARNING.test(w)) : a.warnings;
}
