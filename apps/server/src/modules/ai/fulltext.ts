import type { Logger } from 'pino';
import type { CatalogNode, WritingEvent } from '@bid/shared';
import { countWords } from '@bid/shared';
import { markdownToDoc } from '@bid/document';
import { AiError } from '../../ai/errors.ts';
import { AppError } from '../../http/errors.ts';
import type { AiEngine } from '../../ai/types.ts';
import type { JobContext, JobHandler } from '../../jobs/queue.ts';
import { countedProgress, reportingProgress } from '../../jobs/progress.ts';
import type { Actor } from '../../policy/actor.ts';
import type { BidService } from '../bid/service.ts';
import type { BidRow } from '../bid/repo.ts';
import type { CatalogService } from '../catalog/service.ts';
import type { AnalysisService } from '../analysis/service.ts';
import { groundChapter, type Grounding } from '../knowledge/grounding.ts';
import { chapterContext, leavesOf, locate } from './context.ts';
import { dedupePass, type WrittenChapter } from './dedupe.ts';
import { plansOf } from './chapter-plan.ts';
import { engineLabel, type FullTextPayload } from './service.ts';
import type { UsageRecorder } from './usage.ts';
import type { JobChapterRepo, JobChapterRow } from './job-chapters-repo.ts';
import { inTx, type Db } from '../../db/db.ts';

export interface FullTextDeps {
  /** Opens the transaction that saves a chapter and marks it done together. */
  db: Db;
  jobRows: JobChapterRepo;
  engine: AiEngine;
  bids: BidService;
  catalog: CatalogService;
  analysis: AnalysisService;
  usage: UsageRecorder;
  log: Logger;
  /** Chapters written at once; default the tier's concurrency. */
  concurrency?: number;
  /** The knowledge base the chapters are grounded on (none: ungrounded). */
  grounding?: Grounding | null;
}

export interface FullTextResult {
  done: number;
  failed: number;
  total: number;
}

/**
 * The full-text job: writes every empty leaf chapter (every leaf with `overwrite`), several at
 * once. Each chapter's outcome is recorded in `ai_job_chapters`; the row turns `done` in the same
 * transaction that saves the content version, so a job resumed after a crash skips what was saved
 * and a replayed save is a no-op. Events go to the job's log for the page's progress stream.
 */
export class FullTextWriter {
  constructor(private readonly deps: FullTextDeps) {}

  /** The queue's handler; each run of a job gets its own state. */
  handler(): JobHandler<FullTextPayload> {
    return reportingProgress<FullTextPayload>((jc) => new FullTextRun(this.deps, jc).run());
  }
}

type Analysis = Awaited<ReturnType<AnalysisService['ensureForBid']>>;
type ChapterWrite = Awaited<ReturnType<AiEngine['writeChapter']>>;

// The bookkeeping yields first, so that the next chapter's request leaves before this CPU work.
const yieldToRequests = () => new Promise<void>((r) => setTimeout(r, 15));

/** One run of one full-text job (a job resumed after a crash or a lost lease is a new run). */
class FullTextRun {
  private readonly p: FullTextPayload;
  private readonly jobId: string;
  private readonly owner: Actor;
  private done = 0;
  private failed = 0;
  private total = 0;
  private rows: JobChapterRow[] = [];
  private todo: string[] = [];
  /** The outline, refreshed in the background at most once a second (see `freshTree`). */
  private cachedTree: { at: number; tree: CatalogNode[] } | null = null;
  private refreshing: Promise<void> | null = null;
  /** Bookkeeping after a chapter's text arrived runs beside the next model call. */
  private readonly pending = new Set<Promise<void>>();
  /** Chapters written in this run (for the overlap check). */
  private readonly written: WrittenChapter[] = [];
  /** Chapters written at once (the overlap check's rewrites too). */
  private parallel = 1;
  /** Chapters whose stream broke once. */
  private readonly retried = new Set<string>();

  constructor(
    private readonly deps: FullTextDeps,
    private readonly jc: JobContext<FullTextPayload>,
  ) {
    this.p = jc.job.payload;
    this.jobId = jc.job.id;
    this.owner = { userId: this.p.userId, tenantId: this.p.tenantId, role: this.p.role };
  }

  async run(): Promise<FullTextResult> {
    const { deps, jc, p, jobId } = this;
    try {
      const bid = await deps.bids.getOwned(this.owner, p.bidId);
      const analysis = await deps.analysis.ensureForBid(this.owner, bid, p.tier, { signal: jc.signal });
      await this.planRows(bid, analysis);
      await this.progress();

      this.todo = this.rows
        .filter((r) => r.status === 'pending' || r.status === 'writing')
        .map((r) => r.catalog_id);
      // The outline is read once and then refreshed in the background, so that the next model call
      // never waits for the database (whose single SQLite connection is busy with the saves of
      // finished chapters). The checks it serves (chapter removed, written by the user meanwhile)
      // do not need fresher data.
      this.cachedTree = { at: Date.now(), tree: await deps.catalog.treeOfBid(bid.id) };

      this.parallel = Math.max(1, deps.concurrency ?? deps.engine.concurrency(p.tier));
      const parallel = Math.min(this.parallel, this.todo.length || 1);
      const workers = Array.from({ length: parallel }, async () => {
        while (this.todo.length && !jc.signal.aborted) await this.writeOne(bid, analysis, this.todo.shift()!);
      });
      await Promise.all(workers);
      while (this.pending.size) await Promise.all([...this.pending]);

      if (jc.signal.aborted) {
        if (jc.abortReason() === 'cancelled')
          await this.emit({
            type: 'job',
            jobId,
            status: 'cancelled',
            ...this.counts(),
            msg: '全文写作已停止',
          });
        return this.counts();
      }
      const overlap = await this.checkOverlap(bid);
      await jc.setProgress(countedProgress(this.counts()));
      const notes = [this.failed ? `${this.failed} 个章节写作失败，可单独重试` : '全文写作完成', ...overlap];
      await this.emit({ type: 'job', jobId, status: 'done', ...this.counts(), msg: notes.join('；') });
      return this.counts();
    } catch (e) {
      if (jc.signal.aborted) throw e;
      const msg =
        e instanceof Error && /[\u4e00-\u9fff]/.test(e.message) ? e.message : '全文写作失败，请重试';
      await this.emit({ type: 'job', jobId, status: 'failed', ...this.counts(), msg }).catch(() => {});
      throw e;
    }
  }

  /** The first run plans the chapters; a resumed run reads the plan and the outcomes so far. */
  private async planRows(bid: BidRow, analysis: Analysis): Promise<void> {
    const { deps, p, jobId } = this;
    this.rows = await deps.jobRows.list(jobId);
    if (!this.rows.length) {
      const tree = await deps.catalog.treeOfBid(bid.id);
      // Tables built from the analysis (scoring index, response tables) are rebuilt every time, so
      // they follow the outline as it is now.
      const plans = plansOf(tree, analysis);
      const targets = leavesOf(tree).filter(
        (l) => p.overwrite || !l.hasContent || plans.get(l.id)?.kind === 'table',
      );
      const now = new Date().toISOString();
      const values = targets.map((t, i): JobChapterRow => ({
        job_id: jobId,
        catalog_id: t.id,
        bid_id: bid.id,
        status: 'pending',
        engine: null,
        version_id: null,
        error: null,
        attempts: 0,
        sort: i,
        updated_at: now,
      }));
      await deps.jobRows.plan(values);
      this.rows = await deps.jobRows.list(jobId);
    }
    this.total = this.rows.length;
    this.done = this.rows.filter((r) => r.status === 'done' || r.status === 'skipped').length;
    this.failed = this.rows.filter((r) => r.status === 'error').length;
  }

  private counts(): FullTextResult {
    return { done: this.done, failed: this.failed, total: this.total };
  }

  private emit(e: WritingEvent): Promise<number> {
    return this.jc.emit(e.type, e);
  }

  /** The counts, to the page (the event log) and to the job (its progress, like every job's). */
  private async progress(): Promise<void> {
    await this.emit({ type: 'job', jobId: this.jobId, status: 'running', ...this.counts() });
    await this.jc.setProgress(countedProgress(this.counts()));
  }

  private setRow(catalogId: string, patch: Partial<JobChapterRow>): Promise<void> {
    return this.deps.jobRows.update(this.jobId, catalogId, patch);
  }

  private async freshTree(bidId: string): Promise<CatalogNode[]> {
    const cached = this.cachedTree!;
    if (!this.refreshing && Date.now() - cached.at > 1000) {
      this.refreshing = this.deps.catalog
        .treeOfBid(bidId)
        .then((tree) => {
          this.cachedTree = { at: Date.now(), tree };
        })
        .catch(() => {})
        .finally(() => {
          this.refreshing = null;
        });
    }
    return cached.tree;
  }

  private background(work: () => Promise<void>): void {
    const pr = yieldToRequests()
      .then(work)
      .catch((err) => this.deps.log.error({ err, jobId: this.jobId }, 'chapter bookkeeping failed'))
      .finally(() => this.pending.delete(pr));
    this.pending.add(pr);
  }

  private async fail(catalogId: string, title: string, msg: string): Promise<void> {
    this.failed += 1;
    await this.setRow(catalogId, { status: 'error', error: msg.slice(0, 300) });
    await this.deps.catalog
      .setGenerationState(undefined, catalogId, { status: 'error', progress: 0 })
      .catch(() => {});
    await this.emit({ type: 'chapter', jobId: this.jobId, catalogId, title, status: 'error', msg });
    await this.progress();
  }

  private async writeOne(bid: BidRow, analysis: Analysis, catalogId: string): Promise<void> {
    const { deps, jc, p, jobId } = this;
    const tree = await this.freshTree(bid.id);
    const loc = locate(tree, catalogId);
    // Removed, turned into a parent, or written by the user meanwhile: nothing to do.
    if (
      !loc ||
      loc.node.children.length ||
      (!p.overwrite && loc.node.hasContent && plansOf(tree, analysis).get(catalogId)?.kind !== 'table')
    ) {
      await this.setRow(catalogId, { status: 'skipped' });
      this.done += 1;
      await this.emit({
        type: 'chapter',
        jobId,
        catalogId,
        title: loc?.node.title ?? '',
        status: loc?.node.status ?? 'done',
      });
      await this.progress();
      return;
    }
    const title = loc.node.title;
    const hadContent = loc.node.hasContent;
    const ctx = chapterContext(tree, loc, analysis, bid.name, null, bid.template_id);
    const grounded = await groundChapter(deps.grounding ?? null, this.owner, ctx, deps.log);
    // The chapter shows `writing` while the model call is already under way.
    const started = (async () => {
      await yieldToRequests();
      await this.setRow(catalogId, {
        status: 'writing',
        attempts: (this.rows.find((r) => r.catalog_id === catalogId)?.attempts ?? 0) + 1,
      });
      await deps.catalog.setGenerationState(undefined, catalogId, { status: 'writing', progress: 0 });
      await this.emit({ type: 'chapter', jobId, catalogId, title, status: 'writing' });
    })();
    started.catch(() => {});
    let result: ChapterWrite;
    try {
      result = await deps.engine.writeChapter(ctx, {
        tier: p.tier,
        actor: this.owner,
        signal: jc.signal,
        onDelta: (text) =>
          jc.publish('delta', { type: 'delta', jobId, catalogId, text } satisfies WritingEvent),
      });
    } catch (e) {
      await started.catch(() => {});
      await this.writeFailed(e, catalogId, title, hadContent);
      return;
    }
    this.background(async () => {
      await started.catch(() => {});
      const engine = engineLabel(result);
      const doc = markdownToDoc(
        deps.grounding ? await deps.grounding.finish(catalogId, grounded, result.value) : result.value,
      );
      let saved = false;
      try {
        saved = await inTx(deps.db, async (trx) => {
          // Already saved by an earlier run of this job: the replay is a no-op.
          if (!(await deps.jobRows.markDone(jobId, catalogId, engine, trx))) return false;
          const res = await deps.catalog.saveGeneratedContent(trx, catalogId, doc, {
            engine,
            name: result.engine === 'offline' ? '全文写作（离线草稿）' : '全文写作',
            createdBy: p.userId,
          });
          await deps.jobRows.update(jobId, catalogId, { version_id: res.versionId }, trx);
          return true;
        });
      } catch (e) {
        // What the user may read is chosen by type: an AppError carries a message written for them.
        await this.fail(catalogId, title, e instanceof AppError ? e.message : '保存失败，请重试');
        return;
      }
      await deps.usage.record(this.owner, result, p.tier, 'fulltext', bid.id, catalogId);
      // Tables and forms restate the tender and the facts by design: the overlap check reads prose.
      if (saved && (!ctx.plan || ctx.plan.kind === 'prose' || ctx.plan.kind === 'evidence'))
        this.written.push({ catalogId, title, text: result.value, ctx });
      this.done += 1;
      await this.emit({
        type: 'chapter',
        jobId,
        catalogId,
        title,
        status: 'done',
        engine: result.engine,
        words: countWords(result.value),
      });
      if (saved) await this.progress();
    });
  }

  /** A model call that threw: cancelled, shut down, a broken stream (retried once) or a failure. */
  private async writeFailed(
    e: unknown,
    catalogId: string,
    title: string,
    hadContent: boolean,
  ): Promise<void> {
    const { deps, jc, jobId } = this;
    if (jc.signal.aborted || (e instanceof AiError && e.kind === 'aborted')) {
      if (jc.abortReason() === 'cancelled') {
        await this.setRow(catalogId, { status: 'pending' });
        await deps.catalog
          .setGenerationState(undefined, catalogId, {
            status: hadContent ? 'done' : 'empty',
            progress: hadContent ? 100 : 0,
          })
          .catch(() => {});
        await this.emit({ type: 'chapter', jobId, catalogId, title, status: hadContent ? 'done' : 'empty' });
      }
      // Shutdown or lost lease: the row stays `writing` and the next run writes it.
      return;
    }
    deps.log.warn({ err: e, jobId, catalogId }, 'chapter write failed');
    // A stream that broke off is tried once more, after the chapters still waiting.
    if (e instanceof AiError && e.kind === 'stream_broken' && !this.retried.has(catalogId)) {
      this.retried.add(catalogId);
      await this.setRow(catalogId, { status: 'pending' });
      await this.emit({
        type: 'chapter',
        jobId,
        catalogId,
        title,
        status: 'writing',
        msg: '连接中断，稍后自动重试一次',
      });
      this.todo.push(catalogId);
      return;
    }
    await this.fail(catalogId, title, e instanceof AiError ? e.message : '写作失败，请重试');
  }

  /** The overlap check: rewrites (model) or flags (offline) chapters repeating earlier ones. */
  private async checkOverlap(bid: BidRow): Promise<string[]> {
    const { deps, jc, p } = this;
    const order = new Map(this.rows.map((r, i) => [r.catalog_id, i]));
    const sorted = [...this.written].sort(
      (x, y) => (order.get(x.catalogId) ?? 0) - (order.get(y.catalogId) ?? 0),
    );
    const r = await dedupePass(
      deps.engine,
      sorted,
      { tier: p.tier, actor: this.owner, signal: jc.signal },
      async (w, g) => {
        await deps.catalog.saveGeneratedContent(undefined, w.catalogId, markdownToDoc(g.value), {
          engine: engineLabel(g),
          name: '全文写作（去重改写）',
          createdBy: p.userId,
        });
        await deps.usage.record(this.owner, g, p.tier, 'fulltext-dedupe', bid.id, w.catalogId);
      },
      this.parallel,
    );
    const names = r.flagged
      .slice(0, 5)
      .map((f) => `「${f.title}」`)
      .join('、');
    return [
      ...(r.rewritten.length ? [`${r.rewritten.length} 个章节与其他章节重复，已改写`] : []),
      ...(r.flagged.length
        ? [
            `${r.flagged.length} 个章节与其他章节有重复段落，请修改：${names}${r.flagged.length > 5 ? '等' : ''}`,
          ]
        : []),
    ];
  }
}
