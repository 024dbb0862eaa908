import {
  analysisForLot,
  analysisProblems,
  parseAnalysis,
  REVIEW_LIMITS,
  REVIEW_MSG,
  reviewTotals,
  type AnalysisVersion,
  type BidAnalysis,
  type ModelTier,
  type ReparseScoringResult,
  type ReviewedAnalysis,
  type ReviewTarget,
  type ScoringItem,
  type SourceSpan,
  type TenderAnalysis,
  type TenderPassage,
} from '@bid/shared';
import { badRequest, conflict, notFound } from '../../http/errors.ts';
import { nowIso } from '../../lib/ids.ts';
import { ownerOf, type Actor, type ActorScope } from '../../policy/actor.ts';
import { passageOnPage } from '../../files/ocr/passage.ts';
import type { ScoringFragment } from '../../ai/offline/tasks.ts';
import { isBidReadOnly } from '../bid/policy.ts';
import type { BidService } from '../bid/service.ts';
import type { FileService } from '../file/service.ts';
import type { InterpretationRepo } from './repo.ts';
import type { AnalysisService } from './service.ts';

/** Reads only a pasted scoring table (the offline engine's rules, in its worker pool). */
export interface ScoringFragmentReader {
  readScoringFragment(text: string): Promise<ScoringFragment>;
}

interface PassageQuery {
  id: string;
  start: number;
  end: number;
  context: number;
}

const NOT_FOUND_INTERPRETATION = '解读记录不存在';

/** Offsets of an analysis point into the text as the readers saw it (line ends made `\n`). */
const asAnalysed = (text: string) => text.replace(/\r\n?/g, '\n');

/**
 * The analysis as stored after the writer's review: what the writer cannot change (the text's
 * length, the engine that read it) comes from the stored analysis, and every 废标 clause has its
 * source entry.
 */
function reviewed(edited: ReviewedAnalysis, stored: TenderAnalysis | null): TenderAnalysis {
  return {
    ...edited,
    chars: stored?.chars ?? edited.chars,
    engine: stored?.engine ?? edited.engine,
    model: stored?.model ?? edited.model,
    disqualificationSources: edited.disqualifications.map(
      (_, i) => edited.disqualificationSources[i] ?? null,
    ),
  };
}

/** The passage of a pasted item in the tender itself: its name followed by its points; null when the tender lacks it. */
export function relocate(text: string, item: Pick<ScoringItem, 'name' | 'points'>): SourceSpan | null {
  const name = item.name.trim();
  if (!name) return null;
  const points =
    item.points == null
      ? null
      : new RegExp(`(?<![\\d.])${String(item.points).replace('.', '\\.')}(?![\\d.])`);
  let at = text.indexOf(name);
  for (let tries = 0; at >= 0 && tries < 200; tries += 1) {
    const after = text.slice(at + name.length, at + name.length + 200);
    if (!points || points.test(after)) return { start: at, end: at + name.length };
    at = text.indexOf(name, at + name.length);
  }
  return null;
}

/** A window of the text around a span: the span marked, `context` characters each side. */
export function passageOf(text: string, q: Omit<PassageQuery, 'id'>): TenderPassage {
  if (!text) throw badRequest(REVIEW_MSG.noText);
  if (q.start > text.length) throw badRequest(REVIEW_MSG.outsideText);
  const start = q.start;
  const end = Math.min(q.end, text.length);
  const shown = Math.min(end, start + REVIEW_LIMITS.passageSpan);
  const from = Math.max(0, start - q.context);
  const to = Math.min(text.length, shown + q.context);
  return {
    start,
    end: shown,
    from,
    to,
    total: text.length,
    before: text.slice(from, start),
    text: text.slice(start, shown),
    after: text.slice(shown, to),
    cut: shown < end,
  };
}

/**
 * The writer's review of a tender analysis before the outline: a bid's analysis with its version
 * and sums, the corrected analysis saved over the version the writer loaded (409 otherwise), a
 * pasted scoring table read on its own, and passages of the tender around an item's source. The
 * same for a file interpretation. Every id is scoped to the caller (404 for a foreign one).
 */
export class AnalysisReviewService {
  constructor(
    private readonly bids: BidService,
    private readonly analysis: AnalysisService,
    private readonly interpretations: InterpretationRepo,
    private readonly files: FileService,
    private readonly reader: ScoringFragmentReader,
  ) {}

  /** getBidAnalysis: made now when the bid has none yet (the review is the first step that needs it). */
  async bidAnalysis(actor: Actor, id: string): Promise<BidAnalysis> {
    let bid = await this.bids.getOwned(actor, id);
    let stored = parseAnalysis(bid.analysis);
    if (!stored && !isBidReadOnly(bid)) {
      const tier: ModelTier = bid.model_type;
      await this.bids.authorizeTierOf(actor, tier);
      stored = await this.analysis.ensureForBid(actor, bid, tier);
      bid = await this.bids.getOwned(actor, id);
    }
    const analysis = stored ? analysisForLot(stored, bid.lot) : null;
    return {
      version: bid.analysis_version ?? 0,
      lot: bid.lot,
      analysis,
      totals: analysis ? reviewTotals(analysis, bid.lot) : [],
      chapters: await this.bids.outlineSize(bid.id),
    };
  }

  /** updateBidAnalysis: what aiGetBidCatalog plans from next. */
  async updateBidAnalysis(
    actor: Actor,
    input: { id: string; version: number; analysis: ReviewedAnalysis },
  ): Promise<AnalysisVersion> {
    const bid = await this.bids.getOwned(actor, input.id);
    const problem = analysisProblems(input.analysis, bid.lot)[0];
    if (problem) throw badRequest(problem.message);
    const version = await this.bids.saveReviewedAnalysis(actor, input.id, input.version, (locked) =>
      reviewed(input.analysis, parseAnalysis(locked.analysis)),
    );
    return { version };
  }

  /** The interpretation's updateAnalysis: the report, its Word export and bids made from its text use it. */
  async updateInterpretationAnalysis(
    actor: Actor,
    input: { id: string; version: number; analysis: ReviewedAnalysis },
  ): Promise<AnalysisVersion> {
    const r = await this.interpretations.findOwned(actor, input.id);
    if (!r) throw notFound(NOT_FOUND_INTERPRETATION);
    if (r.status !== 'done') throw badRequest(REVIEW_MSG.interpretationRunning);
    const problem = analysisProblems(input.analysis)[0];
    if (problem) throw badRequest(problem.message);
    const next = reviewed(input.analysis, parseAnalysis(r.analysis));
    const saved = await this.interpretations.updateAnalysisAt(
      actor,
      input.id,
      input.version,
      JSON.stringify(next),
      nowIso(),
    );
    if (saved) return { version: input.version + 1 };
    const now = await this.interpretations.findOwned(actor, input.id);
    if (!now) throw notFound(NOT_FOUND_INTERPRETATION);
    if (now.status !== 'done') throw badRequest(REVIEW_MSG.interpretationRunning);
    throw conflict(REVIEW_MSG.stale, { version: now.analysis_version ?? 0 });
  }

  /**
   * reparseScoring: the scoring items of a pasted table only. Each item's source is where the
   * tender itself has it (name and points), null when the tender lacks it (a page missing from the file).
   */
  async reparseScoring(
    actor: Actor,
    input: { id: string; text: string; target: ReviewTarget },
  ): Promise<ReparseScoringResult> {
    const tender =
      input.target === 'interpretation'
        ? await this.interpretationText(actor, input.id)
        : await this.bidText(actor, input.id);
    const read = await this.reader.readScoringFragment(input.text);
    const scoringItems = read.scoringItems.map((it) => ({
      ...it,
      source: tender ? relocate(tender, it) : null,
    }));
    // The fragment's offsets point into the pasted text, not the tender.
    const statedTotals = read.statedTotals.map((s) => ({
      ...s,
      source: null,
      parts: s.parts.map((p) => ({ ...p, source: null })),
    }));
    return {
      scoringItems,
      statedTotals,
      warnings: read.warnings,
      totals: reviewTotals({ scoringItems, statedTotals }),
    };
  }

  async bidPassage(actor: Actor, q: PassageQuery): Promise<TenderPassage> {
    const passage = passageOf(await this.bidText(actor, q.id), q);
    const bid = await this.bids.getOwned(actor, q.id);
    if (!bid.file_id) return passage;
    return this.onPage(ownerOf(bid), bid.file_id, passage);
  }

  async interpretationPassage(actor: Actor, q: PassageQuery): Promise<TenderPassage> {
    const passage = passageOf(await this.interpretationText(actor, q.id), q);
    const r = await this.interpretations.findOwned(actor, q.id);
    // The interpretation keeps a copy of its file's text: the same offsets.
    if (!r?.file_id) return passage;
    return this.onPage(actor, r.file_id, passage);
  }

  /** A passage of an upload whose pages were read by OCR: where it is on its page image (matched by text, so a tender text from elsewhere finds nothing). */
  private async onPage(owner: ActorScope, fileId: string, passage: TenderPassage): Promise<TenderPassage> {
    const pages = await this.files.ocrBoxesOf(owner, fileId).catch(() => []);
    const at = pages.length ? passageOnPage(pages, passage) : null;
    return at ? { ...passage, scan: { fileId, ...at } } : passage;
  }

  private async bidText(actor: Actor, id: string): Promise<string> {
    const bid = await this.bids.getOwned(actor, id);
    return asAnalysed(await this.analysis.tenderTextOf(actor, bid));
  }

  private async interpretationText(actor: Actor, id: string): Promise<string> {
    const r = await this.interpretations.findOwned(actor, id);
    if (!r) throw notFound(NOT_FOUND_INTERPRETATION);
    if (r.text != null) return asAnalysed(r.text);
    if (!r.file_id) return '';
    const f = await this.files.textOf(actor, r.file_id).catch(() => null);
    return asAnalysed(f?.text ?? '');
  }
}
