import type { ScoringCategory } from '@bid/shared';
import type { Line } from '../lines.ts';

/** A span of the analysed text (character offsets). */
export interface Span {
  start: number;
  end: number;
}

/** One scoring item as a reader proposes it, with the evidence the judge checks. */
export interface ProposedItem {
  name: string;
  points: number | null;
  criteria: string;
  /** The category the reading puts it under (from a category cell or heading), if any. */
  category: ScoringCategory | null;
  /** The parent factor or category label it is listed under, as the tender writes it. */
  group: string | null;
  lot: number | null;
  /** Where the item's row or paragraph is. */
  span: Span;
  /** Where its name is (the judge checks the name is written there). */
  nameSpan: Span;
  /** Where its points are written; null when they were inferred (e.g. price from the stated split). */
  pointsSpan: Span | null;
  /** The serial number written in its row, if any. */
  serial: number | null;
}

/** A complete reading of one scoring part (one 包's table, or the tender's only one). */
export interface Proposal {
  /** Which reader (and variant) produced it: shown nowhere, kept for the benchmark's diagnostics. */
  reader: string;
  lot: number | null;
  items: ProposedItem[];
  /**
   * The reading passed over category cells it could not read (merged cells printed as pieces): its
   * rows may take the stated split's parts by their sums (stated-runs.ts).
   */
  uncategorised?: boolean;
  /** Category labels with points the reading met on its way (技术部分（55分）): subtotals it can be checked against. */
  subtotals: Array<{ label: string; category: ScoringCategory | null; points: number; span: Span }>;
}

/**
 * A reader: the lines of the text (or of one 包's part), the page-furniture filter, the 包 they are
 * for; a reading of the scoring items, or null where the text is not in the reader's layout.
 */
export type Reader = (lines: Line[], isNoise: (t: string) => boolean, lot: number | null) => Proposal | null;

/** What the tender says the points add up to, read before any item. */
export interface StatedTotals {
  lot: number | null;
  total: number | null;
  /** Stated subtotals by label (价格分 30, 技术标 30, 施工组织设计 40 …), each mapped to a category when it names one. */
  parts: Array<{ label: string; category: ScoringCategory | null; points: number; span: Span }>;
  span: Span | null;
}
