import type { Logger } from 'pino';
import {
  AI_MESSAGES,
  Code,
  MODEL_TIERS,
  type AiGenerateCustomizeContentInput,
  type CatalogDetail,
  type CatalogNode,
  type CustomizeResult,
  type IsWriting,
  type ModelTier,
  type ReplanOutlineResult,
  type TenderAnalysis,
  type WritingEvent,
} from '@bid/shared';
import { markdownToDoc } from '@bid/document';
import { AiError } from '../../ai/errors.ts';
import type { AiEngine, Generated } from '../../ai/types.ts';
import { AppError, businessWarning, notFound, tooMany } from '../../http/errors.ts';
import type { JobQueue } from '../../jobs/queue.ts';
import type { JobFeed } from '../../jobs/event-stream.ts';
import { JobConflictError } from '../../jobs/queue.ts';
import type { BidRow } from '../bid/repo.ts';
import { authorizeBid } from '../bid/policy.ts';
import type { Actor } from '../../policy/actor.ts';
import type { BidService } from '../bid/service.ts';
import type { CatalogService } from '../catalog/service.ts';
import type { AnalysisService } from '../analysis/service.ts';
import type { UsageRecorder } from './usage.ts';
import type { JobChapterRepo } from './job-chapters-repo.ts';
import { groundChapter, type Grounding } from '../knowledge/grounding.ts';
import { chapterContext, emptyAnalysis, leavesOf, locate, pageCountOf, toCatalogInput } from './context.ts';
import { reviseOutline } from './revise.ts';

const countNodes = (nodes: CatalogNode[]): number =>
  nodes.reduce((n, c) => n + 1 + countNodes(c.children), 0);

export const FULLTEXT_JOB = 'ai.fulltext';
export const fulltextKey = (bidId: string) => `fulltext:${bidId}`;

export interface FullTextPayload {
  bidId: string;
  userId: string;
  tenantId: string;
  role: string;
  tier: ModelTier;
  overwrite: boolean;
}

export interface StreamHooks {
  /** Called once every check has passed, right before generation starts (the route opens its stream). */
  onStart?: () => void;
  onDelta?: (text: string) => void;
  signal?: AbortSignal;
}

/** The engine label stored on a chapter: 'offline' or 'openai:<model>'. */
export function engineLabel(g: Pick<Generated<unknown>, 'engine' | 'model'>): string {
  return g.engine === 'openai' ? `openai:${g.model ?? ''}` : 'offline';
}

/** Turns a model failure into the envelope the client shows. */
export function aiFailure(e: unknown): AppError {
  if (e instanceof AppError) return e;
  if (e instanceof AiError) {
    if (e.kind === 'rate_limited') return tooMany(e.message, 30);
    return new AppError(Code.BUSINESS_WARNING, e.message || AI_MESSAGES.modelFailed);
  }
  return new AppError(Code.SERVER_ERROR);
}

/**
 * The AI calls of SPEC section 7: outline, children, chapter writing (streamed), selection edits
 * and the full-text job. Reads and writes the bid and its outline only through the bid and
 * catalog services.
 */
export class AiService {
  constructor(
    private readonly jobRows: JobChapterRepo,
    readonly engine: AiEngine,
    private readonly bids: BidService,
    private readonly catalog: CatalogService,
    private readonly analysis: AnalysisService,
    private readonly queue: JobQueue,
    private readonly usage: UsageRecorder,
    private readonly log: Logger,
    /** The knowledge base: passages and company cards for chapter writes (none: ungrounded). */
    private readonly grounding: Grounding | null = null,
  ) {}

  // ------------------------------------------------------------------ the guarded preamble and generate()

  /**
   * The one guarded preamble of every AI call that changes a bid: the bid the actor may read (404
   * otherwise), writable (not finished, not in the recycle bin), its tier enabled for the account
   * (601), and, when `busy` is given, no full-text job running on it (10014 with that message).
   */
  private async writableBid(
    owner: Actor,
    bidId: string,
    busy?: string,
  ): Promise<{ bid: BidRow; tier: ModelTier }> {
    const bid = await this.bids.getOwned(owner, bidId);
    authorizeBid(bid, 'update');
    const tier = MODEL_TIERS.find((t) => t === bid.model_type) ?? 'standard';
    await this.bids.authorizeTierOf(owner, tier);
    if (busy !== undefined) {
      const live = await this.queue.findLive(fulltextKey(bid.id));
      if (live) throw new AppError(Code.ACCEPTED_PROCESSING, busy, { jobId: live.id });
    }
    return { bid, tier };
  }

  private async analysisOf(owner: Actor, bid: BidRow, tier: ModelTier): Promise<TenderAnalysis> {
    return (await this.analysis.ensureForBid(owner, bid, tier)) ?? emptyAnalysis();
  }

  /** writableBid for the chapter's bid, plus what writing into the chapter needs: analysis, outline, its place. */
  private async writableChapter(owner: Actor, catalogId: string) {
    const detail = await this.catalog.detail(owner, catalogId);
    const { bid, tier } = await this.writableBid(owner, detail.bidId);
    const analysis = await this.analysisOf(owner, bid, tier);
    const tree = await this.catalog.treeOfBid(bid.id);
    const loc = locate(tree, catalogId);
    if (!loc) throw notFound('章节不存在');
    return { detail, bid, tier, analysis, tree, loc };
  }

  /**
   * Every model call of this service: a failure becomes the envelope the client shows (after
   * `onFailure`, if given, put things back), a result has its usage recorded against the bid.
   */
  private async generate<T>(
    owner: Actor,
    tier: ModelTier,
    task: { name: string; bidId: string; catalogId?: string },
    run: () => Promise<Generated<T>>,
    onFailure?: (e: unknown) => Promise<void>,
  ): Promise<Generated<T>> {
    let g: Generated<T>;
    try {
      g = await run();
    } catch (e) {
      await onFailure?.(e);
      throw aiFailure(e);
    }
    await this.usage.record(owner, g, tier, task.name, task.bidId, task.catalogId);
    return g;
  }

  // ------------------------------------------------------------------ analysis and outline

  /** Analyses (again) the bid's tender and stores the result with the bid. */
  async analyzeBid(owner: Actor, bidId: string, refresh = false): Promise<TenderAnalysis> {
    const { bid, tier } = await this.writableBid(owner, bidId);
    return this.analysis.ensureForBid(owner, bid, tier, { refresh });
  }

  /** aiGetBidCatalog: a new outline; the old one is kept as an outline version. */
  async generateOutline(owner: Actor, input: { bidId: string; pageCount?: number }): Promise<CatalogNode[]> {
    const { bid, tier } = await this.writableBid(
      owner,
      input.bidId,
      '全文写作进行中，请先停止后再重新生成大纲',
    );
    const analysis = await this.analysisOf(owner, bid, tier);
    const pageCount = pageCountOf(input.pageCount, bid.page_count);
    const g = await this.generate(owner, tier, { name: 'outline', bidId: bid.id }, () =>
      this.engine.generateOutline(
        { bidName: bid.name, analysis, pageCount, templateId: bid.template_id },
        { tier, actor: owner },
      ),
    );
    if (input.pageCount && input.pageCount !== bid.page_count)
      await this.bids.update(owner, { id: bid.id, pageCount: input.pageCount });
    return this.catalog.saveOutline(
      owner,
      bid.id,
      toCatalogInput(g.value, analysis),
      undefined,
      'AI 重新生成大纲前自动保存',
    );
  }

  /**
   * replanBidCatalog: the outline follows the scoring items as the writer corrected them, chapters
   * with text kept (revise.ts says how); a bid without an outline gets one as aiGetBidCatalog makes it.
   */
  async replanOutline(owner: Actor, bidId: string): Promise<ReplanOutlineResult> {
    const { bid, tier } = await this.writableBid(owner, bidId, '全文写作进行中，请先停止后再调整大纲');
    if (!(await this.bids.outlineSize(bid.id))) {
      const outline = await this.generateOutline(owner, { bidId });
      return { outline, added: countNodes(outline), updated: 0, marked: 0, removed: 0 };
    }
    const analysis = await this.analysisOf(owner, bid, tier);
    const g = await this.generate(owner, tier, { name: 'outline', bidId: bid.id }, () =>
      this.engine.generateOutline(
        {
          bidName: bid.name,
          analysis,
          pageCount: pageCountOf(undefined, bid.page_count),
          templateId: bid.template_id,
        },
        { tier, actor: owner },
      ),
    );
    const { changes, tree } = await this.catalog.outline.revise(
      owner,
      bid.id,
      (current) => reviseOutline(current, analysis, g.value),
      '按修改后的评分项调整大纲前自动保存',
    );
    return { outline: tree, ...changes.summary };
  }

  /** aiGetBidCatalogChild: new children for one chapter (the old ones kept in an outline version). */
  async generateChildren(owner: Actor, catalogId: string): Promise<CatalogNode> {
    const { bid, tier, analysis, tree, loc } = await this.writableChapter(owner, catalogId);
    const ctx = chapterContext(tree, loc, analysis, bid.name, null, bid.template_id);
    const g = await this.generate(owner, tier, { name: 'outline-children', bidId: bid.id, catalogId }, () =>
      this.engine.generateChildren(
        {
          bidName: bid.name,
          analysis,
          path: ctx.path,
          title: loc.node.title,
          scoringItems: ctx.scoringItems,
          targetWords: loc.node.targetWords,
          siblings: ctx.siblings,
        },
        { tier, actor: owner },
      ),
    );
    return this.catalog.saveChildren(owner, catalogId, toCatalogInput(g.value, analysis), 'replace');
  }

  // ------------------------------------------------------------------ chapter writing

  /**
   * aiGetBidContent: writes one chapter (streamed through hooks.onDelta), converts the Markdown to
   * the document model and saves it as a new content version. The chapter shows `writing` while
   * it runs and `error` when the model fails.
   */
  async writeChapter(
    owner: Actor,
    input: { catalogId: string; requirement?: string },
    hooks: StreamHooks = {},
  ): Promise<CatalogDetail> {
    const { detail, bid, tier, analysis, tree, loc } = await this.writableChapter(owner, input.catalogId);
    if (loc.node.children.length) throw businessWarning('请选择没有下级章节的章节写作，或使用全文写作');
    const ctx = chapterContext(tree, loc, analysis, bid.name, input.requirement, bid.template_id);
    const grounded = await groundChapter(this.grounding, owner, ctx, this.log);
    const before = { status: detail.status, hasContent: detail.hasContent };
    await this.catalog.setGenerationState(undefined, input.catalogId, { status: 'writing', progress: 0 });
    hooks.onStart?.();
    const g = await this.generate(
      owner,
      tier,
      { name: 'chapter', bidId: bid.id, catalogId: input.catalogId },
      () =>
        this.engine.writeChapter(ctx, { tier, actor: owner, signal: hooks.signal, onDelta: hooks.onDelta }),
      async (e) => {
        const aborted = (e instanceof AiError && e.kind === 'aborted') || hooks.signal?.aborted;
        // A write the user abandoned leaves the chapter as it was; a failed one shows the error.
        await this.catalog
          .setGenerationState(undefined, input.catalogId, {
            status: aborted ? (before.hasContent ? 'done' : 'empty') : 'error',
            progress: aborted && before.hasContent ? 100 : 0,
          })
          .catch((err) => this.log.warn({ err }, 'chapter state reset failed'));
      },
    );
    const markdown = this.grounding
      ? await this.grounding.finish(input.catalogId, grounded, g.value)
      : g.value;
    await this.catalog.saveGeneratedContent(undefined, input.catalogId, markdownToDoc(markdown), {
      engine: engineLabel(g),
      name: g.engine === 'offline' ? '离线草稿' : 'AI 写作',
      createdBy: owner.userId,
    });
    return this.catalog.detail(owner, input.catalogId);
  }

  /** aiGenerateCustomizeContent: the replacement for exactly the selection (Markdown and plain text). */
  async customize(
    owner: Actor,
    input: AiGenerateCustomizeContentInput,
    hooks: StreamHooks = {},
  ): Promise<CustomizeResult> {
    const { bid, tier, analysis, tree, loc } = await this.writableChapter(owner, input.catalogId);
    const chapter = chapterContext(tree, loc, analysis, bid.name, null, bid.template_id);
    hooks.onStart?.();
    const g = await this.generate(
      owner,
      tier,
      { name: `edit:${input.action}`, bidId: bid.id, catalogId: input.catalogId },
      () =>
        this.engine.editSelection(
          { action: input.action, selection: input.selection, instruction: input.instruction, chapter },
          { tier, actor: owner, signal: hooks.signal, onDelta: hooks.onDelta },
        ),
    );
    const text = g.value
      .replace(/^#{1,6}\s+/gm, '')
      .replace(/\*\*([^*]+)\*\*/g, '$1')
      .replace(/【待填写：([^】]*)】/g, '【待填写：$1】');
    return { markdown: g.value, text, engine: g.engine };
  }

  // ------------------------------------------------------------------ full text

  /** aiGetExpandRange: starts (or refuses with 10014 while one runs) the full-text job. */
  async startFullText(
    owner: Actor,
    input: { bidId: string; overwrite?: boolean },
  ): Promise<{ jobId: string }> {
    const { bid, tier } = await this.writableBid(owner, input.bidId, AI_MESSAGES.jobRunning);
    const tree = await this.catalog.treeOfBid(bid.id);
    const leaves = leavesOf(tree);
    if (!leaves.length) throw businessWarning(AI_MESSAGES.noOutline);
    if (!input.overwrite && leaves.every((l) => l.hasContent))
      throw businessWarning('所有章节都已有内容；如需重写请选择覆盖已有内容');
    // Analyse now (not in the job) so that a missing tender shows up here, once.
    await this.analysisOf(owner, bid, tier);
    const payload: FullTextPayload = {
      bidId: bid.id,
      userId: owner.userId,
      tenantId: owner.tenantId,
      role: owner.role,
      tier,
      overwrite: Boolean(input.overwrite),
    };
    try {
      const job = await this.queue.enqueue(FULLTEXT_JOB, payload, {
        dedupeKey: fulltextKey(bid.id),
        ownerId: owner.userId,
        maxAttempts: 20,
      });
      return { jobId: job.id };
    } catch (e) {
      if (e instanceof JobConflictError)
        throw new AppError(Code.ACCEPTED_PROCESSING, AI_MESSAGES.jobRunning, {
          jobId: e.existing?.id ?? null,
        });
      throw e;
    }
  }

  /** isWriting: whether a full-text job runs, with its chapter counts (else the bid's leaf counts). */
  async isWriting(owner: Actor, bidId: string): Promise<IsWriting> {
    const bid = await this.bids.getOwned(owner, bidId);
    const job = await this.queue.latest(fulltextKey(bid.id));
    const writing = job?.status === 'queued' || job?.status === 'running';
    if (job && writing) {
      const counts = await this.jobCounts(job.id);
      if (counts.total > 0)
        return { writing, done: counts.done, failed: counts.failed, total: counts.total, jobId: job.id };
    }
    const leaves = leavesOf(await this.catalog.treeOfBid(bid.id));
    return {
      writing,
      done: leaves.filter((l) => l.hasContent).length,
      failed: leaves.filter((l) => l.status === 'error').length,
      total: leaves.length,
      jobId: job?.id ?? null,
    };
  }

  async jobCounts(jobId: string): Promise<{ done: number; failed: number; total: number }> {
    const rows = await this.jobRows.list(jobId);
    return {
      total: rows.length,
      done: rows.filter((r) => r.status === 'done' || r.status === 'skipped').length,
      failed: rows.filter((r) => r.status === 'error').length,
    };
  }

  /** cancelWriting: stops the bid's running job (chapters already written stay). */
  async cancelWriting(owner: Actor, bidId: string): Promise<{ jobId: string | null; cancelled: boolean }> {
    const bid = await this.bids.getOwned(owner, bidId);
    const job = await this.queue.findLive(fulltextKey(bid.id));
    if (!job) return { jobId: null, cancelled: false };
    const cancelled = await this.queue.cancel(job.id);
    return { jobId: job.id, cancelled };
  }

  /** What the writing-events stream of a bid follows: its newest full-text job, from a snapshot of the chapters. */
  async writingFeed(owner: Actor, bidId: string): Promise<JobFeed> {
    const bid = await this.bids.getOwned(owner, bidId);
    const job = await this.queue.latest(fulltextKey(bid.id));
    const state = await this.isWriting(owner, bid.id);
    const chapters = job ? await this.jobRows.list(job.id) : [];
    return {
      job,
      snapshot: {
        jobId: job?.id ?? null,
        status: job?.status ?? null,
        done: state.done,
        total: state.total,
        chapters: chapters.map((c) => ({
          catalogId: c.catalog_id,
          status: c.status,
          engine: c.engine,
          msg: c.error,
        })),
      },
      isEnd: ({ data: d }) =>
        typeof d === 'object' &&
        d !== null &&
        'type' in d &&
        d.type === 'job' &&
        'status' in d &&
        (d.status === 'done' || d.status === 'failed' || d.status === 'cancelled'),
      endEvent: async (ended) => {
        const counts = await this.jobCounts(ended.id);
        const data: WritingEvent = { type: 'job', jobId: ended.id, status: ended.status, ...counts };
        return { type: 'job', data };
      },
    };
  }
}
