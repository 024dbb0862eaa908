import type { Kysely } from 'kysely';
import type { Logger } from 'pino';
import type { ChapterStatus, WritingEvent } from '@bid/shared';
import { countWords } from '@bid/shared';
import { markdownToDoc } from '@bid/document';
import type { Database } from '../../db/schema.ts';
import { AiError } from '../../ai/errors.ts';
import { AppError } from '../../http/errors.ts';
import type { AiEngine } from '../../ai/types.ts';
import type { JobContext } from '../../jobs/queue.ts';
import type { BidService } from '../bid/service.ts';
import type { CatalogService } from '../catalog/service.ts';
import type { AnalysisService } from '../analysis/service.ts';
import { groundChapter, type Grounding } from '../knowledge/grounding.ts';
import { chapterContext, leavesOf, locate } from './context.ts';
import { dedupePass, type WrittenChapter } from './dedupe.ts';
import { plansOf } from './chapter-plan.ts';
import { engineLabel, type FullTextPayload } from './service.ts';
import type { UsageRecorder } from './usage.ts';
import type { JobChapterRepo, JobChapterRow } from './job-chapters.ts';

export interface FullTextDeps {
  /** Opens the transaction that saves a chapter and marks it done together. */
  db: Kysely<Database>;
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

/**
 * The full-text job: writes every empty leaf chapter (every leaf with `overwrite`), several at
 * once. Each chapter's outcome is recorded in `ai_job_chapters`; the row turns `done` in the same
 * transaction that saves the content version, so a job resumed after a crash skips what was saved
 * and a replayed save is a no-op. Events go to the job's log for the page's progress stream.
 */
export function fullTextHandler(deps: FullTextDeps) {
  return async (jc: JobContext<FullTextPayload>): Promise<{ done: number; failed: number; total: number }> => {
    const p = jc.job.payload;
    const jobId = jc.job.id;
    const owner = { userId: p.userId, tenantId: p.tenantId, role: p.role };
    const emit = (e: WritingEvent) => jc.emit(e.type, e);
    let done = 0;
    let failed = 0;
    let total = 0;
    try {
      const bid = await deps.bids.getOwned(owner, p.bidId);
      const analysis = await deps.analysis.ensureForBid(owner, bid, p.tier, { signal: jc.signal });

      let rows = await deps.jobRows.list(jobId);
      if (!rows.length) {
        const tree = await deps.catalog.treeOfBid(bid.id);
        // Tables built from the analysis (scoring index, response tables) are rebuilt every time, so
        // they follow the outline as it is now.
        const plans = plansOf(tree, analysis);
        const targets = leavesOf(tree).filter((l) => p.overwrite || !l.hasContent || plans.get(l.id)?.kind === 'table');
        const now = new Date().toISOString();
        const values = targets.map((t, i): JobChapterRow => ({ job_id: jobId, catalog_id: t.id, bid_id: bid.id, status: 'pending', engine: null, version_id: null, error: null, attempts: 0, sort: i, updated_at: now }));
        await deps.jobRows.plan(values);
        rows = await deps.jobRows.list(jobId);
      }
      total = rows.length;
      done = rows.filter((r) => r.status === 'done' || r.status === 'skipped').length;
      failed = rows.filter((r) => r.status === 'error').length;
      await emit({ type: 'job', jobId, status: 'running', done, failed, total });

      const todo = rows.filter((r) => r.status === 'pending' || r.status === 'writing').map((r) => r.catalog_id);
      const progress = () => emit({ type: 'job', jobId, status: 'running', done, failed, total });
      const setRow = (catalogId: string, patch: Partial<JobChapterRow>) => deps.jobRows.update(jobId, catalogId, patch);

      // The outline is read once and then refreshed in the background at most once a second, so
      // that the next model call never waits for the database (whose single SQLite connection is
      // busy with the saves of finished chapters). The checks it serves (chapter removed, written
      // by the user meanwhile) do not need fresher data.
      let cachedTree = { at: Date.now(), tree: await deps.catalog.treeOfBid(bid.id) };
      let refreshing: Promise<void> | null = null;
      const freshTree = async () => {
        if (!refreshing && Date.now() - cachedTree.at > 1000) {
          refreshing = deps.catalog
            .treeOfBid(bid.id)
            .then((tree) => {
              cachedTree = { at: Date.now(), tree };
            })
            .catch(() => {})
            .finally(() => {
              refreshing = null;
            });
        }
        return cachedTree.tree;
      };
      // Bookkeeping after a chapter's text arrived runs beside the next model call.
      const pending = new Set<Promise<void>>();
      // The bookkeeping yields first, so that the next chapter's request leaves before this CPU work.
      const yieldToRequests = () => new Promise<void>((r) => setTimeout(r, 15));
      const background = (work: () => Promise<void>) => {
        const pr = yieldToRequests()
          .then(work)
          .catch((err) => deps.log.error({ err, jobId }, 'chapter bookkeeping failed'))
          .finally(() => pending.delete(pr));
        pending.add(pr);
      };

      const fail = async (catalogId: string, title: string, msg: string) => {
        failed += 1;
        await setRow(catalogId, { status: 'error', error: msg.slice(0, 300) });
        await deps.catalog.setGenerationState(undefined, catalogId, { status: 'error', progress: 0 }).catch(() => {});
        await emit({ type: 'chapter', jobId, catalogId, title, status: 'error', msg });
        await progress();
      };

      // Chapters written in this run (for the overlap check), and chapters whose stream broke once.
      const written: WrittenChapter[] = [];
      const retried = new Set<string>();

      const writeOne = async (catalogId: string): Promise<void> => {
        const tree = await freshTree();
        const loc = locate(tree, catalogId);
        // Removed, turned into a parent, or written by the user meanwhile: nothing to do.
        if (!loc || loc.node.children.length || (!p.overwrite && loc.node.hasContent && plansOf(tree, analysis).get(catalogId)?.kind !== 'table')) {
          await setRow(catalogId, { status: 'skipped' });
          done += 1;
          await emit({ type: 'chapter', jobId, catalogId, title: loc?.node.title ?? '', status: (loc?.node.status as ChapterStatus) ?? 'done' });
          await progress();
          return;
        }
        const title = loc.node.title;
        const hadContent = loc.node.hasContent;
        const ctx = chapterContext(tree, loc, analysis, bid.name, null, bid.template_id);
        const grounded = await groundChapter(deps.grounding ?? null, owner, ctx, deps.log);
        // The chapter shows `writing` while the model call is already under way.
        const started = (async () => {
          await yieldToRequests();
          await setRow(catalogId, { status: 'writing', attempts: (rows.find((r) => r.catalog_id === catalogId)?.attempts ?? 0) + 1 });
          await deps.catalog.setGenerationState(undefined, catalogId, { status: 'writing', progress: 0 });
          await emit({ type: 'chapter', jobId, catalogId, title, status: 'writing' });
        })();
        started.catch(() => {});
        let g: Awaited<ReturnType<AiEngine['writeChapter']>>;
        try {
          g = await deps.engine.writeChapter(ctx, {
            tier: p.tier,
            actor: owner,
            signal: jc.signal,
            onDelta: (text) => jc.publish('delta', { type: 'delta', jobId, catalogId, text } satisfies WritingEvent),
          });
        } catch (e) {
          await started.catch(() => {});
          if (jc.signal.aborted || (e instanceof AiError && e.kind === 'aborted')) {
            if (jc.abortReason() === 'cancelled') {
              await setRow(catalogId, { status: 'pending' });
              await deps.catalog.setGenerationState(undefined, catalogId, { status: hadContent ? 'done' : 'empty', progress: hadContent ? 100 : 0 }).catch(() => {});
              await emit({ type: 'chapter', jobId, catalogId, title, status: hadContent ? 'done' : 'empty' });
            }
            // Shutdown or lost lease: the row stays `writing` and the next run writes it.
            return;
          }
          deps.log.warn({ err: e, jobId, catalogId }, 'chapter write failed');
          // A stream that broke off is tried once more, after the chapters still waiting.
          if (e instanceof AiError && e.kind === 'stream_broken' && !retried.has(catalogId)) {
            retried.add(catalogId);
            await setRow(catalogId, { status: 'pending' });
            await emit({ type: 'chapter', jobId, catalogId, title, status: 'writing', msg: '连接中断，稍后自动重试一次' });
            todo.push(catalogId);
            return;
          }
          await fail(catalogId, title, e instanceof AiError ? e.message : '写作失败，请重试');
          return;
        }
        const result = g;
        background(async () => {
          await started.catch(() => {});
          const engine = engineLabel(result);
          const doc = markdownToDoc(deps.grounding ? await deps.grounding.finish(catalogId, grounded, result.value) : result.value);
          let saved = false;
          try {
            saved = await deps.db.transaction().execute(async (trx) => {
              // Already saved by an earlier run of this job: the replay is a no-op.
              if (!(await deps.jobRows.markDone(jobId, catalogId, engine, trx))) return false;
              const res = await deps.catalog.saveGeneratedContent(trx, catalogId, doc, { engine, name: result.engine === 'offline' ? '全文写作（离线草稿）' : '全文写作', createdBy: p.userId });
              await deps.jobRows.update(jobId, catalogId, { version_id: res.versionId }, trx);
              return true;
            });
          } catch (e) {
            // What the user may read is chosen by type: an AppError carries a message written for them.
            await fail(catalogId, title, e instanceof AppError ? e.message : '保存失败，请重试');
            return;
          }
          await deps.usage.record(owner, result, p.tier, 'fulltext', bid.id, catalogId);
          // Tables and forms restate the tender and the facts by design: the overlap check reads prose.
          if (saved && (!ctx.plan || ctx.plan.kind === 'prose' || ctx.plan.kind === 'evidence')) written.push({ catalogId, title, text: result.value, ctx });
          done += 1;
          await emit({ type: 'chapter', jobId, catalogId, title, status: 'done', engine: result.engine, words: countWords(result.value) });
          if (saved) await progress();
        });
      };

      /** The overlap check: rewrites (model) or flags (offline) chapters repeating earlier ones. */
      const checkOverlap = async (list: WrittenChapter[]): Promise<string[]> => {
        const order = new Map(rows.map((r, i) => [r.catalog_id, i]));
        const sorted = [...list].sort((x, y) => (order.get(x.catalogId) ?? 0) - (order.get(y.catalogId) ?? 0));
        const r = await dedupePass(deps.engine, sorted, { tier: p.tier, actor: owner, signal: jc.signal }, async (w, g) => {
          await deps.catalog.saveGeneratedContent(undefined, w.catalogId, markdownToDoc(g.value), { engine: engineLabel(g), name: '全文写作（去重改写）', createdBy: p.userId });
          await deps.usage.record(owner, g, p.tier, 'fulltext-dedupe', bid.id, w.catalogId);
        });
        const names = r.flagged.slice(0, 5).map((f) => `「${f.title}」`).join('、');
        return [
          ...(r.rewritten.length ? [`${r.rewritten.length} 个章节与其他章节重复，已改写`] : []),
          ...(r.flagged.length ? [`${r.flagged.length} 个章节与其他章节有重复段落，请修改：${names}${r.flagged.length > 5 ? '等' : ''}`] : []),
        ];
      };

      const parallel = Math.max(1, Math.min(deps.concurrency ?? deps.engine.concurrency(p.tier), todo.length || 1));
      const workers = Array.from({ length: parallel }, async () => {
        while (todo.length && !jc.signal.aborted) await writeOne(todo.shift()!);
      });
      await Promise.all(workers);
      while (pending.size) await Promise.all([...pending]);

      if (jc.signal.aborted) {
        if (jc.abortReason() === 'cancelled') await emit({ type: 'job', jobId, status: 'cancelled', done, failed, total, msg: '全文写作已停止' });
        return { done, failed, total };
      }
      const overlap = await checkOverlap(written);
      await jc.setProgress({ done, failed, total });
      const notes = [failed ? `${failed} 个章节写作失败，可单独重试` : '全文写作完成', ...overlap];
      await emit({ type: 'job', jobId, status: 'done', done, failed, total, msg: notes.join('；') });
      return { done, failed, total };
    } catch (e) {
      if (jc.signal.aborted) throw e;
      const msg = e instanceof Error && /[\u4e00-\u9fff]/.test(e.message) ? e.message : '全文写作失败，请重试';
      await emit({ type: 'job', jobId, status: 'failed', done, failed, total, msg }).catch(() => {});
      throw e;
    }
  };
}
