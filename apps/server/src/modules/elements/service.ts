import {
  CATALOG_MSG,
  ELEMENT_LABELS,
  ELEMENT_LIMITS,
  ELEMENT_MSG,
  pathInTree,
  type BidDetail,
  type ElementKind,
  type ElementRequest,
  type ElementResult,
  type ImageResult,
  type ImageSearchResult,
  type ModelTier,
  type TenderAnalysis,
} from '@bid/shared';
import { docSchema, type PMNode } from '@bid/document';
import type { Logger } from 'pino';
import { tooMany } from '../../http/errors.ts';
import type { RateLimiter } from '../../http/rate-limit.ts';
import type { ChatProvider } from '../../ai/providers/types.ts';
import type { FairUse } from '../../ai/fair-use.ts';
import type { UsageRecorder } from '../ai/usage.ts';
import { AiError } from '../../ai/errors.ts';
import { buildContext, type ElementContext } from '../../ai/elements/context.ts';
import { generateElement, searchKeywords } from '../../ai/elements/generate.ts';
import type { BidService } from '../bid/service.ts';
import type { CatalogService } from '../catalog/service.ts';
import type { ImageSource } from '../picture/image-source.ts';
import type { Actor } from '../../policy/actor.ts';
import { authorizeBid } from '../bid/policy.ts';

/** Element calls per user per minute (each may cost two model calls). */
const CALLS_PER_MINUTE = 30;

/** The chapter's document as the API answered it (an empty chapter when it is not one). */
function docOf(content: unknown): PMNode | null {
  const r = docSchema.safeParse(content);
  return r.success ? r.data : null;
}

function periodOf(analysis: TenderAnalysis | null): string | null {
  const p = analysis?.project.period;
  return p?.trim() ? p : null;
}

/**
 * Rich elements for a chapter: builds the chapter's context from the bid and outline, asks the
 * model (or the offline engine), and keeps the chapter as a content version before a replace.
 */
export interface ElementsDeps {
  bids: BidService;
  catalog: CatalogService;
  /** The model client shared with the AI module; null means the offline engine. */
  provider: Pick<ChatProvider, 'chat'> | null;
  limiter: RateLimiter;
  imageSources: readonly ImageSource[];
  log: Logger;
  /** The fair-use rules of the AI engine: elements count against the same slots and budgets. */
  fair: FairUse;
  /** Slots of a tier (the engine's concurrency), as the engine's own tasks use them. */
  slotsOf: (tier: ModelTier) => number;
  /** Where the model calls' tokens are recorded (they count against the daily budgets). */
  usage: UsageRecorder;
}

export class ElementsService {
  private readonly bids: BidService;
  private readonly catalog: CatalogService;

  constructor(private readonly deps: ElementsDeps) {
    this.bids = deps.bids;
    this.catalog = deps.catalog;
  }

  private async limit(owner: Actor): Promise<void> {
    const r = await this.deps.limiter.hit(`ai-elements:${owner.userId}`, CALLS_PER_MINUTE, 60);
    if (!r.allowed)
      throw tooMany(`生成图表过于频繁，请 ${r.retryAfterSeconds} 秒后再试`, r.retryAfterSeconds);
  }

  /**
   * Budget, then a fair slot of the tier, like every engine task (ai/fair-use.ts); the tokens of
   * every model call made inside (a repair too) are recorded afterwards, so elements spend the same
   * daily budget as chapters.
   */
  private async fairly<T>(
    owner: Actor,
    tier: ModelTier,
    task: string,
    bidId: string,
    catalogId: string,
    fn: (provider: ElementsDeps['provider']) => Promise<T>,
    signal?: AbortSignal,
  ): Promise<T> {
    const inner = this.deps.provider;
    const spent: { promptTokens: number; completionTokens: number; model: string | null } = {
      promptTokens: 0,
      completionTokens: 0,
      model: null,
    };
    const metered: ElementsDeps['provider'] = inner && {
      chat: async (req) => {
        const r = await inner.chat(req);
        spent.promptTokens += r.usage.promptTokens;
        spent.completionTokens += r.usage.completionTokens;
        spent.model = r.model;
        return r;
      },
    };
    const scope = { userId: owner.userId, tenantId: owner.tenantId };
    try {
      return await this.deps.fair.run(scope, tier, this.deps.slotsOf(tier), () => fn(metered), signal);
    } catch (e) {
      // A spent budget answers 429 as the engine's tasks do.
      if (e instanceof AiError && e.kind === 'rate_limited') throw tooMany(e.message, 30);
      throw e;
    } finally {
      if (spent.promptTokens + spent.completionTokens > 0) {
        await this.deps.usage.record(
          scope,
          {
            value: null,
            engine: 'openai',
            model: spent.model,
            promptTokens: spent.promptTokens,
            completionTokens: spent.completionTokens,
          },
          tier,
          task,
          bidId,
          catalogId,
        );
      }
    }
  }

  /** The chapter's context (404 for a chapter that is not the caller's). */
  async contextOf(
    owner: Actor,
    input: Pick<ElementRequest, 'catalogId' | 'instruction'>,
  ): Promise<{ ctx: ElementContext; tier: ModelTier; bid: BidDetail }> {
    const detail = await this.catalog.detail(owner, input.catalogId);
    const bid = await this.bids.detail(owner, detail.bidId);
    const tree = await this.catalog.treeOfBid(detail.bidId);
    const path = pathInTree(tree, detail.id);
    const node = path?.[path.length - 1];
    const ctx = buildContext({
      bidName: bid.name,
      path: path?.map((n) => n.title) ?? [detail.title],
      childTitles: node?.children.map((c) => c.title) ?? [],
      doc: docOf(detail.content),
      tenderText: bid.tenderText,
      periodText: periodOf(bid.analysis),
      instruction: input.instruction,
    });
    return { ctx, tier: bid.modelType, bid };
  }

  async generate(
    owner: Actor,
    kind: ElementKind,
    input: ElementRequest,
    signal?: AbortSignal,
  ): Promise<ElementResult> {
    await this.limit(owner);
    const { ctx, tier, bid } = await this.contextOf(owner, input);
    authorizeBid(bid, 'update');
    await this.bids.authorizeTierOf(owner, tier);
    let versionId: string | null = null;
    if (input.replace) {
      try {
        versionId = (
          await this.catalog.saveContentVersion(owner, input.catalogId, `重新生成${ELEMENT_LABELS[kind]}前`)
        ).id;
      } catch (e) {
        // An empty chapter has nothing to keep; anything else (404, finished bid) stops here.
        if (!(e instanceof Error && e.message === CATALOG_MSG.emptyContentVersion)) throw e;
      }
    }
    const out = await this.fairly(
      owner,
      tier,
      `element-${kind}`,
      bid.id,
      input.catalogId,
      (provider) => generateElement(kind, ctx, { provider, tier, signal, budgetMs: 55_000 }),
      signal,
    );
    return {
      kind,
      node: out.node as ElementResult['node'],
      caption: out.caption,
      engine: out.engine,
      notice: out.notice,
      versionId,
    };
  }

  async searchImages(owner: Actor, input: ElementRequest, signal?: AbortSignal): Promise<ImageSearchResult> {
    await this.limit(owner);
    const { ctx, tier, bid } = await this.contextOf(owner, input);
    await this.bids.authorizeTierOf(owner, tier);
    const { keywords, engine } = await this.fairly(
      owner,
      tier,
      'element-images',
      bid.id,
      input.catalogId,
      (provider) => searchKeywords(ctx, { provider, tier, signal, budgetMs: 40_000 }),
      signal,
    );
    const sources = this.deps.imageSources;
    const lists = await Promise.all(
      sources.map((s) =>
        s.search(owner, keywords, ELEMENT_LIMITS.imageResults).catch((err): ImageResult[] => {
          this.deps.log.warn({ err, source: s.name }, 'image source failed');
          return [];
        }),
      ),
    );
    const images = lists
      .flat()
      .sort((a, b) => b.score - a.score)
      .slice(0, ELEMENT_LIMITS.imageResults);
    return { keywords, images, engine, notice: images.length ? null : ELEMENT_MSG.noImages };
  }
}
