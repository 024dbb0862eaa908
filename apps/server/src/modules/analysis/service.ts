import { createHash } from 'node:crypto';
import { analysisForLot, parseAnalysis, type ModelTier, type TenderAnalysis } from '@bid/shared';
import type { Logger } from 'pino';
import { AiError } from '../../ai/errors.ts';
import { rulesFallback } from '../../ai/analysis/fallback.ts';
import { notWorse } from '../../ai/analysis/merge.ts';
import type { AiEngine } from '../../ai/types.ts';
import type { BidRow } from '../bid/repo.ts';
import type { BidService } from '../bid/service.ts';
import type { FileService } from '../file/service.ts';
import type { UsageRecorder } from '../ai/usage.ts';
import { SYSTEM_ACTOR, ownerOf, type Actor, type ActorScope } from '../../policy/actor.ts';
import { InterpretationRepo } from './repo.ts';

export function textHash(text: string, tier: ModelTier): string {
  return createHash('sha256').update(tier).update('\n').update(text).digest('hex');
}

/**
 * Tender analysis: the analysis stored with each bid, and the engine call file interpretations
 * (interpretation.ts) run in their job. The same text is analysed once per user and tier (a bid reuses
 * a finished interpretation of its text); a model failure falls back to the rules, saying so.
 */
export class AnalysisService {
  constructor(
    readonly repo: InterpretationRepo,
    private readonly engine: AiEngine,
    private readonly files: FileService,
    private readonly bids: BidService,
    private readonly log: Logger,
    private readonly usage: UsageRecorder,
  ) {}

  /** Analyses text with the engine; a failed model call degrades to the rule-based result. */
  async analyze(
    owner: ActorScope,
    text: string,
    tier: ModelTier,
    bidId: string | null = null,
    signal?: AbortSignal,
  ): Promise<TenderAnalysis> {
    try {
      const g = await this.engine.analyzeTender(text, { tier, signal, actor: owner });
      await this.usage.record(owner, g, tier, 'analysis', bidId);
      return g.value;
    } catch (e) {
      if (e instanceof AiError && e.kind === 'aborted') throw e;
      this.log.warn({ err: e }, 'model analysis failed, using rules');
      return rulesFallback(text, e instanceof Error ? e.message : String(e));
    }
  }

  /** The tender text of a bid: pasted text, else its uploaded file's text. */
  async tenderTextOf(owner: Actor, bid: BidRow): Promise<string> {
    if (bid.tender_text?.trim()) return bid.tender_text;
    if (bid.file_id) {
      try {
        return (await this.files.textOf(ownerOf(bid), bid.file_id)).text;
      } catch {
        return '';
      }
    }
    void owner;
    return '';
  }

  /**
   * The analysis of a bid, made (and stored with the bid) when it has none yet. Reuses the
   * interpretation of the same text made on the create page.
   */
  async ensureForBid(
    owner: Actor,
    bid: BidRow,
    tier: ModelTier,
    opts: { refresh?: boolean; signal?: AbortSignal } = {},
  ): Promise<TenderAnalysis> {
    const stored = parseAnalysis(bid.analysis);
    if (stored && !opts.refresh) return stored;
    const text = await this.tenderTextOf(owner, bid);
    let analysis: TenderAnalysis;
    const prior = text
      ? await this.repo.findLatestByText(ownerOf(bid), textHash(text, tier), 'done')
      : undefined;
    const reused = parseAnalysis(prior?.analysis);
    if (reused && !opts.refresh) analysis = reused;
    else if (text) analysis = await this.analyze(ownerOf(bid), text, tier, bid.id, opts.signal);
    else {
      analysis = rulesFallback('', '未提供招标文件');
      analysis.warnings = ['未提供招标文件内容：大纲按标准结构生成，项目信息请在各章节补充'];
    }
    // A refresh of the same text never lowers what the stored analysis had (it holds the bid's 包 only).
    if (stored && text && stored.chars === analysis.chars)
      analysis = notWorse(stored, analysisForLot(analysis, bid.lot));
    await this.bids.saveAnalysis(SYSTEM_ACTOR, bid.id, analysis);
    // The bid works from its 包 only (saveAnalysis stores it so too).
    return analysisForLot(analysis, bid.lot);
  }
}
