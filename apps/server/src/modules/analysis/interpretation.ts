import {
  makePage,
  parseAnalysis,
  type InterpretationDetail,
  type InterpretationListItem,
  type ModelTier,
  type Page,
  type PageQuery,
  type StartAnalysisInput,
  type TenderAnalysis,
  type UploadedFile,
} from '@bid/shared';
import type { Logger } from 'pino';
import type { InterpretationTable } from './tables.ts';
import type { JobHandler, JobQueue } from '../../jobs/queue.ts';
import { reportingProgress } from '../../jobs/progress.ts';
import { badRequest, notFound } from '../../http/errors.ts';
import { newId, nowIso } from '../../lib/ids.ts';
import type { FileService } from '../file/service.ts';
import type { ExportedFile } from '../export/service.ts';
import type { InterpretationRepo } from './repo.ts';
import { ownerColumns, ownerOf, type Actor, type ActorScope } from '../../policy/actor.ts';
import { writeReportDocx } from './report.ts';
import { textHash } from './service.ts';

/** The durable job kind of a file interpretation; its payload names the record. */
export const INTERPRETATION_JOB = 'interpretation';
export interface InterpretationJobPayload {
  id: string;
}

/** What the job needs of the analysis: the same path bids use (model, rules as the floor). */
export interface TenderAnalyzer {
  analyze(
    owner: ActorScope,
    text: string,
    tier: ModelTier,
    bidId?: string | null,
    signal?: AbortSignal,
  ): Promise<TenderAnalysis>;
}

const STAGE_QUEUED = '排队等待解析';
const STAGE_READING = '读取招标文件';
const STAGE_ANALYSING = '解析评分标准、★号条款、废标条款与关键时间';
const FAILED = '解析失败，请重新解析';
/** The fields a list row shows that a reconciled record may change. */
const pick = (r: InterpretationTable) => ({
  status: r.status,
  error: r.error,
  progress: r.progress,
  updated_at: r.updated_at,
});

/** How often the running job writes its estimated progress. */
const TICK_MS = 700;

/**
 * The expected duration of one analysis, for the progress estimate while the engine works (it reports
 * no steps of its own): a model reads about 2,000 characters a second on top of a fixed latency.
 */
function expectedMs(chars: number): number {
  return 8_000 + chars / 2;
}

/**
 * File interpretation (招标文件解读): start-analysis records the tender's text and enqueues a durable
 * job; the job analyses it (resumed by another worker if this process dies), reporting progress; the
 * report screen reads the record with its text so every item can show its passage. Scoped to the owner.
 */
export class InterpretationService {
  constructor(
    private readonly repo: InterpretationRepo,
    private readonly analyzer: TenderAnalyzer,
    private readonly files: FileService,
    private readonly queue: JobQueue,
    private readonly log: Logger,
  ) {}

  /** POST /api/ai/chat/start-analysis: answers at once; the same text already analysed is reused. */
  async start(owner: Actor, input: StartAnalysisInput): Promise<InterpretationDetail> {
    let text = input.text?.trim() ?? '';
    let name = input.name?.trim() || '';
    if (input.fileId) {
      // The file's text as stored: bids made from the same file hash the same string and reuse the analysis.
      const f = await this.files.textOf(owner, input.fileId);
      text = f.text;
      name ||= f.name.replace(/\.[a-z0-9]+$/i, '');
    }
    if (!text.trim())
      throw badRequest(
        input.fileId
          ? '该文件中没有可解析的文字（扫描件请先转换为文字版）'
          : '请上传招标文件或粘贴招标文件内容',
      );
    const tier = input.modelType;
    const hash = textHash(text, tier);
    const existing =
      (await this.repo.findLatestByText(owner, hash, 'done')) ??
      (await this.repo.findLatestByText(owner, hash, 'running'));
    if (existing) return this.present(owner, existing, false);

    const now = nowIso();
    const id = newId();
    await this.repo.insert({
      id,
      ...ownerColumns(owner),
      name: (
        name ||
        text
          .split('\n')
          .find((l) => l.trim())
          ?.trim() ||
        '招标文件解读'
      ).slice(0, 200),
      file_id: input.fileId ?? null,
      status: 'running',
      error: null,
      analysis: null,
      text_hash: hash,
      tier,
      created_at: now,
      updated_at: now,
      text,
      chars: text.length,
      progress: 0,
      stage: STAGE_QUEUED,
      job_id: null,
    });
    const job = await this.queue.enqueue<InterpretationJobPayload>(
      INTERPRETATION_JOB,
      { id },
      { dedupeKey: `interpretation:${id}`, ownerId: owner.userId, maxAttempts: 5 },
    );
    await this.repo.update(id, { job_id: job.id });
    return this.detail(owner, id, false);
  }

  /** GET /api/ai/fileInterpretationClient/detail: the record, its progress and (once done) its text. */
  async detail(owner: Actor, id: string, withText = true): Promise<InterpretationDetail> {
    const r = await this.repo.findOwned(owner, id);
    if (!r) throw notFound('解读记录不存在');
    return this.present(owner, await this.reconcile(r), withText);
  }

  async list(owner: Actor, q: PageQuery): Promise<Page<InterpretationListItem>> {
    const { rows, total } = await this.repo.list(owner, (q.current - 1) * q.size, q.size);
    // A running row whose job has ended without it reads as failed here too.
    for (const [i, r] of rows.entries()) {
      if (r.status !== 'running' || !r.job_id) continue;
      const fresh = await this.repo.findOwned(owner, r.id);
      if (fresh) rows[i] = { ...r, ...pick(await this.reconcile(fresh)) };
    }
    const records = rows.map((r) => ({
      id: r.id,
      name: r.name,
      status: r.status,
      progress: r.status === 'done' ? 100 : r.progress,
      error: r.error,
      fileKind: r.file_kind ?? null,
      chars: r.chars,
      createTime: r.created_at,
      updateTime: r.updated_at,
    }));
    return makePage(records, total, q);
  }

  /** Removes a record (its job, when still running, is cancelled). */
  async remove(owner: Actor, id: string): Promise<null> {
    const r = await this.repo.findOwned(owner, id);
    if (!r || !(await this.repo.removeOwned(owner, id))) throw notFound('解读记录不存在');
    if (r.status === 'running' && r.job_id)
      await this.queue
        .cancel(r.job_id)
        .catch((err) => this.log.warn({ err, id }, 'cancelling an interpretation job failed'));
    return null;
  }

  /** POST /api/ai/fileInterpretationClient/export-fileInterpretation: the report as .docx. */
  async exportDocx(owner: Actor, id: string): Promise<ExportedFile> {
    const r = await this.repo.findOwned(owner, id);
    if (!r) throw notFound('解读记录不存在');
    if (r.status === 'running') throw badRequest('解读尚未完成，请完成后再导出');
    const analysis = parseAnalysis(r.analysis);
    if (!analysis) throw badRequest('该解读没有可导出的报告，请重新解析');
    return { file: await writeReportDocx(r.name, analysis), fileName: `${r.name}-解读报告.docx` };
  }

  /** The job: analyses the record's text, reporting estimated progress while the engine works. */
  handler(): JobHandler<InterpretationJobPayload> {
    return reportingProgress<InterpretationJobPayload>(
      async (ctx) => {
        const row = await this.repo.get(ctx.job.payload.id);
        // Removed, or finished by an earlier attempt that died before the queue heard of it.
        if (!row || row.status !== 'running') return;
        const owner = ownerOf(row);
        await ctx.setProgress({ percent: 5, stage: STAGE_READING });
        const text =
          row.text ??
          (row.file_id ? (await this.files.textOf(owner, row.file_id).catch(() => null))?.text : null) ??
          '';
        if (!text.trim()) {
          await this.fail(row.id, '招标文件内容为空或已被删除，请重新上传');
          return;
        }
        const started = Date.now();
        const expected = expectedMs(text.length);
        await ctx.setProgress({ percent: 10, stage: STAGE_ANALYSING });
        const tick = setInterval(() => {
          const f = 1 - Math.exp(-(Date.now() - started) / expected);
          void ctx
            .setProgress({ percent: Math.min(95, Math.round(10 + 85 * f)), stage: STAGE_ANALYSING })
            .catch(() => undefined);
        }, TICK_MS);
        tick.unref();
        let analysis: TenderAnalysis;
        try {
          analysis = await this.analyzer.analyze(owner, text, row.tier, null, ctx.signal);
        } catch (e) {
          // Stopped (shutdown, lost lease, removed): the queue gives the job back or ends it.
          if (ctx.signal.aborted) throw e;
          this.log.error({ err: e, id: row.id }, 'interpretation failed');
          await this.fail(row.id, FAILED);
          return;
        } finally {
          clearInterval(tick);
        }
        // Kept even when a stop arrived meanwhile: a released job finds the record done and ends at once;
        // a removed record is not written.
        await this.repo.updateRunning(row.id, {
          status: 'done',
          analysis: JSON.stringify(analysis),
          progress: 100,
          stage: null,
          error: null,
          updated_at: nowIso(),
        });
      },
      // The record's own row is what the list and the detail show.
      (job, p) =>
        this.repo.updateRunning(job.payload.id, {
          progress: p.percent,
          stage: p.stage,
          updated_at: nowIso(),
        }),
    );
  }

  private fail(id: string, error: string) {
    return this.repo.updateRunning(id, { status: 'error', error, stage: null, updated_at: nowIso() });
  }

  /** Records left "running" without a job since before `before` (their process died) read as failed. */
  async failStale(before: Date): Promise<void> {
    await this.repo.failStale(before.toISOString());
  }

  /** A record whose job ended without finishing it (gave up after repeated crashes, cancelled) reads as failed. */
  private async reconcile(r: InterpretationTable): Promise<InterpretationTable> {
    if (r.status !== 'running' || !r.job_id) return r;
    const job = await this.queue.get(r.job_id);
    if (!job || job.status === 'failed' || job.status === 'cancelled' || job.status === 'done') {
      // A 'done' job with a running record: the handler returned without a result (its record changed under it).
      const patch = { status: 'error' as const, error: FAILED, stage: null, updated_at: nowIso() };
      await this.repo.updateRunning(r.id, patch);
      const fresh = await this.repo.get(r.id);
      return fresh ?? { ...r, ...patch };
    }
    return r;
  }

  private async present(
    owner: Actor,
    r: InterpretationTable,
    withText: boolean,
  ): Promise<InterpretationDetail> {
    let file: UploadedFile | null = null;
    if (r.file_id) file = await this.files.detail(owner, r.file_id).catch(() => null);
    let text: string | null = null;
    if (withText && r.status === 'done') {
      // Records from before the text was kept: the uploaded file's text is what was analysed.
      text =
        r.text ??
        (r.file_id ? ((await this.files.textOf(owner, r.file_id).catch(() => null))?.text ?? null) : null);
    }
    return {
      id: r.id,
      name: r.name,
      fileId: r.file_id,
      status: r.status,
      error: r.error,
      analysis: r.status === 'done' ? parseAnalysis(r.analysis) : null,
      createTime: r.created_at,
      updateTime: r.updated_at,
      progress: r.status === 'done' ? 100 : r.progress,
      stage: r.status === 'running' ? r.stage : null,
      text,
      file,
      version: r.analysis_version ?? 0,
    };
  }
}
