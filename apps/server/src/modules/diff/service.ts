import {
  Code,
  DIFF_LIMITS,
  DIFF_MSG,
  makePage,
  type DiffCreateInput,
  type DiffDetail,
  type DiffListItem,
  type Page,
  type PageQuery,
} from '@bid/shared';
import type { Logger } from 'pino';
import { AppError, businessWarning, notFound } from '../../http/errors.ts';
import type { JobHandler, JobQueue } from '../../jobs/queue.ts';
import { reportingProgress } from '../../jobs/progress.ts';
import { newId, nowIso } from '../../lib/ids.ts';
import type { Actor } from '../../policy/actor.ts';
import { runComparison, type ComparedDocument, type DiffResult } from './run.ts';
import type { DiffRepo } from './repo.ts';
import { writeDiffReport } from './report.ts';
import type { DiffSource } from './source.ts';
import type { DiffTable } from './tables.ts';

export const DIFF_JOB = 'diff.compare';

export interface DiffJobPayload {
  diffId: string;
}

/** Comparisons one user may have queued or running at once. */
const LIVE_PER_USER = 3;
const KEYS = ['A', 'B', 'C', 'D', 'E'];

interface DiffInputs {
  actor: Actor;
  docs: ComparedDocument[];
  tenderFileId: string | null;
  jobId?: string;
}

function parse<T>(json: string | null, fallback: T): T {
  if (!json) return fallback;
  try {
    return JSON.parse(json) as T;
  } catch {
    return fallback;
  }
}

/** A file name safe on every OS for the report's download. */
/** What the list and the detail both show of a comparison. */
function summaryOf(row: Pick<DiffTable, 'id' | 'name' | 'status' | 'progress' | 'score' | 'created_at'>) {
  return {
    id: row.id,
    name: row.name,
    status: row.status,
    progress: row.progress,
    score: row.score,
    createTime: row.created_at,
  };
}

function reportFileName(name: string): string {
  const clean = name
    // eslint-disable-next-line no-control-regex
    .replace(/[\u0000-\u001f\u007f/\\:*?"<>|]+/g, ' ')
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, 80);
  return `查重报告-${clean || '未命名'}.docx`;
}

/**
 * 查重: checks the inputs at once (count, duplicates, ownership: a foreign id is 404), then compares
 * them in a durable job (a restarted server resumes it) whose progress and result live in `diffs`.
 */
export class DiffService {
  constructor(
    private readonly repo: DiffRepo,
    private readonly source: DiffSource,
    private readonly queue: JobQueue,
    private readonly log: Logger,
  ) {}

  async create(actor: Actor, input: DiffCreateInput): Promise<{ id: string }> {
    if ((await this.repo.countLive(actor)) >= LIVE_PER_USER) {
      throw new AppError(Code.TOO_MANY_REQUESTS, DIFF_MSG.busy, { retryAfter: 10 }, { 'retry-after': '10' });
    }
    const docs: ComparedDocument[] = [];
    for (const id of input.bidIds ?? [])
      docs.push({ key: KEYS[docs.length], source: 'bid', id, name: await this.source.bidName(actor, id) });
    for (const id of input.fileIds ?? [])
      docs.push({ key: KEYS[docs.length], source: 'file', id, name: await this.source.fileName(actor, id) });
    const tenderFileId = input.tenderFileId ?? null;
    if (tenderFileId) await this.source.fileName(actor, tenderFileId);
    const name = (input.name?.trim() || docs.map((d) => d.name).join(' / ')).slice(0, DIFF_LIMITS.nameMax);
    const id = newId();
    const now = nowIso();
    const inputs: DiffInputs = {
      actor: { userId: actor.userId, tenantId: actor.tenantId, role: actor.role },
      docs,
      tenderFileId,
    };
    await this.repo.insert({
      id,
      user_id: actor.userId,
      tenant_id: actor.tenantId,
      name,
      status: 'queued',
      progress: 0,
      stage: '排队中',
      error: null,
      score: 0,
      inputs: JSON.stringify(inputs),
      result: null,
      created_at: now,
      updated_at: now,
    });
    const job = await this.queue.enqueue<DiffJobPayload>(
      DIFF_JOB,
      { diffId: id },
      { ownerId: actor.userId, maxAttempts: 2 },
    );
    await this.repo.update(id, { inputs: JSON.stringify({ ...inputs, jobId: job.id }) });
    return { id };
  }

  /** The job handler: reads the documents, compares them and stores the result (or the reason it failed). */
  handler(): JobHandler<DiffJobPayload> {
    return reportingProgress<DiffJobPayload>(
      async (ctx) => {
        const row = await this.repo.findById(ctx.job.payload.diffId);
        if (!row) return;
        const inputs = parse<DiffInputs | null>(row.inputs, null);
        if (!inputs) return;
        const progress = async (percent: number, stage: string) => {
          if (ctx.signal.aborted) throw new Error('aborted');
          // Yield to the event loop between steps so that requests are served while comparing.
          await new Promise((r) => setImmediate(r));
          await ctx.setProgress({ percent: Math.round(percent), stage });
        };
        try {
          await this.repo.update(row.id, { error: null });
          await ctx.setProgress({ percent: 1, stage: '正在读取文件' });
          const result = await runComparison(
            inputs.actor,
            inputs.docs,
            inputs.tenderFileId,
            this.source,
            progress,
          );
          const score = result.pairs.reduce((m, p) => Math.max(m, p.score), 0);
          await this.repo.update(row.id, {
            status: 'done',
            progress: 100,
            stage: '已完成',
            score,
            result: JSON.stringify(result),
            updated_at: nowIso(),
          });
        } catch (err) {
          if (ctx.signal.aborted) throw err;
          const message = err instanceof AppError ? err.message : DIFF_MSG.failed;
          if (!(err instanceof AppError)) this.log.error({ err, diffId: row.id }, 'diff failed');
          await this.repo.update(row.id, {
            status: 'failed',
            error: message,
            stage: '失败',
            updated_at: nowIso(),
          });
        }
      },
      // The comparison's own row is what the list and the detail show.
      (job, p) =>
        this.repo.update(job.payload.diffId, {
          status: 'running',
          progress: p.percent,
          stage: p.stage ?? '',
          updated_at: nowIso(),
        }),
    );
  }

  private async owned(actor: Actor, id: string): Promise<DiffTable> {
    const row = await this.repo.findOwned(actor, id);
    if (!row) throw notFound(DIFF_MSG.notFound);
    return row;
  }

  /**
   * A comparison whose job ended without writing its result (given up after crashing its process
   * too often, or cancelled) reads as failed instead of running forever.
   */
  private async settleOrphan(row: DiffTable): Promise<DiffTable> {
    if (row.status !== 'queued' && row.status !== 'running') return row;
    const jobId = parse<DiffInputs | null>(row.inputs, null)?.jobId;
    const job = jobId ? await this.queue.get(jobId) : null;
    if (!job || (job.status !== 'failed' && job.status !== 'cancelled')) return row;
    const patch = { status: 'failed' as const, error: DIFF_MSG.failed, stage: '失败', updated_at: nowIso() };
    await this.repo.update(row.id, patch);
    return { ...row, ...patch };
  }

  async detail(actor: Actor, id: string): Promise<DiffDetail> {
    const row = await this.settleOrphan(await this.owned(actor, id));
    const inputs = parse<DiffInputs | null>(row.inputs, null);
    const result = parse<DiffResult | null>(row.result, null);
    return {
      ...summaryOf(row),
      stage: row.stage,
      error: row.error,
      documents:
        result?.documents ??
        (inputs?.docs ?? []).map((d) => ({
          key: d.key,
          name: d.name,
          source: d.source,
          text: '',
          images: 0,
        })),
      pairs: result?.pairs ?? [],
      passages: result?.passages ?? [],
      images: result?.images ?? [],
      metadata: result?.metadata ?? [],
      tenderExcluded: result?.tenderExcluded ?? false,
    };
  }

  async list(actor: Actor, q: PageQuery): Promise<Page<DiffListItem>> {
    const { rows, total } = await this.repo.page(actor, (q.current - 1) * q.size, q.size);
    const records = rows.map((r) => ({
      ...summaryOf(r),
      documents: (parse<DiffInputs | null>(r.inputs, null)?.docs ?? []).map((d) => ({
        key: d.key,
        name: d.name,
      })),
    }));
    return makePage(records, total, q);
  }

  async remove(actor: Actor, id: string): Promise<void> {
    const row = await this.owned(actor, id);
    const jobId = parse<DiffInputs | null>(row.inputs, null)?.jobId;
    if (jobId && (row.status === 'queued' || row.status === 'running'))
      await this.queue.cancel(jobId).catch(() => false);
    if (!(await this.repo.remove(actor, id))) throw notFound(DIFF_MSG.notFound);
  }

  async export(actor: Actor, id: string): Promise<{ file: Buffer; fileName: string }> {
    const detail = await this.detail(actor, id);
    if (detail.status !== 'done') throw businessWarning(DIFF_MSG.notReady);
    return { file: await writeDiffReport(detail), fileName: reportFileName(detail.name) };
  }
}
