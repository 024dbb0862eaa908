import type { Logger } from 'pino';
import {
  Code,
  EXPORT_LIMITS,
  EXPORT_MSG,
  type ExportBidInput,
  type ExportJobProgress,
  type ExportTemplateItem,
} from '@bid/shared';
import { BUILTIN_TEMPLATES, DEFAULT_TEMPLATE_ID } from '@bid/document/templates/builtin';
import { templateDefinitionSchema, type TemplateDefinition } from '@bid/document/templates/schema';
import type { ExportProgress } from '@bid/document/docx/types';
import { AppError, businessWarning, notFound } from '../../http/errors.ts';
import { newId, nowIso } from '../../lib/ids.ts';
import type { JobContext, JobHandler, JobQueue } from '../../jobs/queue.ts';
import { reportingProgress } from '../../jobs/progress.ts';
import type { Actor } from '../../policy/actor.ts';
import { ExportPool, ExportTimeoutError } from './pool.ts';
import type { ExportRepo, TemplateRow } from './repo.ts';
import type { ExportSource } from './source.ts';
import type { ExportTask } from './protocol.ts';
import { keyOfStoredPath, StorageNotFound, type Storage } from '../../storage/storage.ts';
import { zip } from '@bid/document/docx/zip';
import { docxToPdf, pdfAvailable } from './pdf.ts';
import { assertAnonymous, planVolumes, volumeTask, type VolumeChecks } from './volumes.ts';

const DOCX_MIME = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';
const PDF_MIME = 'application/pdf';
const ZIP_MIME = 'application/zip';

export const EXPORT_JOB = 'export.bid';

/** What a background export job carries: the export row it fills and what to write. */
export interface ExportJobPayload {
  exportId: string;
  userId: string;
  tenantId: string;
  role: string;
  bidId: string;
  templateId: string;
}

export interface ExportedFile {
  file: Buffer;
  fileName: string;
  /** MIME type when not a .docx (a .pdf, a zip of volumes). */
  type?: string;
}

/** What the volume export needs besides the writer: the bid checks (identity leaks) and the company's name. */
export interface VolumeDeps {
  checks: VolumeChecks;
  companyName(tenantId: string): Promise<string | null>;
}

const STAGE_LABEL: Record<ExportProgress['stage'] | 'queued', string> = {
  queued: '排队中',
  content: '正在排版',
  pack: '正在生成 Word 文件',
  done: '已完成',
};

/** 0…100 for the progress bar: layout is most of the work, packing the last tenth. */
export function percentOf(p: ExportProgress): number {
  if (p.stage === 'done') return 100;
  if (p.stage === 'pack') return 90;
  return Math.min(88, Math.round((p.done / Math.max(1, p.total)) * 88));
}

/** A file name safe on every OS, from the bid name (the download's name). */
export function exportFileName(bidName: string): string {
  const clean = bidName
    // eslint-disable-next-line no-control-regex
    .replace(/[\u0000-\u001f\u007f/\\:*?"<>|]+/g, ' ')
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, 80);
  return `${clean || '投标文件'}.docx`;
}

/**
 * Word export: the templates, a direct export answered with the file, and background exports with
 * progress whose file is downloaded afterwards. The writing itself runs in worker threads.
 */
export class ExportService {
  constructor(
    private readonly repo: ExportRepo,
    private readonly source: ExportSource,
    private readonly pool: ExportPool,
    private readonly jobs: JobQueue,
    private readonly storage: Storage,
    /** Rows of older versions hold the file's absolute path under DATA_DIR. */
    private readonly dataDir: string,
    private readonly log: Logger,
    private readonly volumeDeps: VolumeDeps | null = null,
  ) {}

  /** Built-in templates follow the code (new ones are added, changed ones updated) unless an operator customised them. */
  async syncBuiltins(): Promise<void> {
    const rows = new Map((await this.repo.allBuiltins()).map((r) => [r.id, r]));
    const now = nowIso();
    for (const t of BUILTIN_TEMPLATES) {
      const definition = JSON.stringify(t.definition);
      const row = rows.get(t.id);
      if (!row) {
        try {
          await this.repo.insertTemplate({
            id: t.id,
            name: t.name,
            description: t.description,
            definition,
            sort: t.sort,
            builtin: 1,
            customized: 0,
            enabled: 1,
            created_at: now,
            updated_at: now,
          });
        } catch {
          /* another instance inserted it first */
        }
      } else if (
        !row.customized &&
        (row.definition !== definition ||
          row.name !== t.name ||
          row.description !== t.description ||
          row.sort !== t.sort)
      ) {
        await this.repo.refreshBuiltin(t.id, {
          name: t.name,
          description: t.description,
          definition,
          sort: t.sort,
          updated_at: now,
        });
      }
    }
    await this.repo.ensureDefault(DEFAULT_TEMPLATE_ID);
  }

  private parse(row: TemplateRow): TemplateDefinition | null {
    try {
      return templateDefinitionSchema.parse(JSON.parse(row.definition));
    } catch (err) {
      // An operator's broken template must not break the list or an export with another template.
      this.log.error({ err, templateId: row.id }, 'invalid export template definition');
      return null;
    }
  }

  async templates(): Promise<ExportTemplateItem[]> {
    const out: ExportTemplateItem[] = [];
    for (const row of await this.repo.listTemplates()) {
      const definition = this.parse(row);
      if (definition)
        out.push({
          id: row.id,
          name: row.display_name || row.name,
          description: row.description,
          sort: row.display_sort ?? row.sort,
          isDefault: row.is_default === 1,
          definition,
        });
    }
    return out;
  }

  /** The template asked for, else the bid's own, else the default; 404 for an unknown or broken one. */
  private async template(
    requested: string | null | undefined,
    bidTemplate: string | null,
  ): Promise<{ id: string; definition: TemplateDefinition }> {
    let id = requested ?? null;
    if (!id && bidTemplate) {
      // A bid created with a template that was removed later falls back to the default.
      id = (await this.repo.findTemplate(bidTemplate)) ? bidTemplate : null;
    }
    id ??= (await this.repo.defaultTemplateId()) ?? DEFAULT_TEMPLATE_ID;
    const row = await this.repo.findTemplate(id);
    const definition = row ? this.parse(row) : null;
    if (!definition) throw notFound(EXPORT_MSG.templateNotFound);
    return { id, definition };
  }

  private async prepare(
    auth: Actor,
    input: ExportBidInput,
  ): Promise<{ task: ExportTask; templateId: string; fileName: string }> {
    const loaded = await this.source.loadBidForExport(auth, input.id);
    const template = await this.template(input.templateId, loaded.templateId);
    if (!loaded.chapters.length) throw businessWarning(EXPORT_MSG.empty);
    const images = await this.source.loadImages(auth, loaded.chapters);
    return {
      task: { bid: loaded.bid, chapters: loaded.chapters, template: template.definition, images },
      templateId: template.id,
      fileName: exportFileName(loaded.bid.name),
    };
  }

  private failure(err: unknown): AppError {
    if (err instanceof AppError) return err;
    if (err instanceof ExportTimeoutError) return new AppError(Code.SERVER_ERROR, EXPORT_MSG.timeout);
    this.log.error({ err }, 'export failed');
    return new AppError(Code.SERVER_ERROR, EXPORT_MSG.failed);
  }

  /** exportBid: the file itself (or a zip of the tender's volumes), written in a worker thread. */
  async exportNow(auth: Actor, input: ExportBidInput): Promise<ExportedFile> {
    if (input.format === 'pdf' && !(await pdfAvailable())) throw businessWarning(EXPORT_MSG.noPdf);
    if (input.volumes) return this.exportVolumes(auth, input);
    const { task, fileName } = await this.prepare(auth, input);
    const file = await this.write({ ...task, forPdf: input.format === 'pdf' });
    if (input.format !== 'pdf') return { file, fileName };
    return {
      file: await this.pdf(file, fileName),
      fileName: fileName.replace(/\.docx$/, '.pdf'),
      type: PDF_MIME,
    };
  }

  private async write(task: ExportTask): Promise<Buffer> {
    try {
      return await this.pool.run(task, { timeoutMs: EXPORT_LIMITS.timeoutMs });
    } catch (err) {
      throw this.failure(err);
    }
  }

  private async pdf(docx: Buffer, name: string): Promise<Buffer> {
    try {
      return await docxToPdf(docx);
    } catch (err) {
      this.log.error({ err }, 'pdf conversion failed');
      throw new AppError(Code.SERVER_ERROR, EXPORT_MSG.pdfFailed(name));
    }
  }

  /** Whether PDF can be written here (the export dialog says when it cannot). */
  async capabilities(): Promise<{ pdf: boolean }> {
    return { pdf: await pdfAvailable() };
  }

  /** Each volume the tender asks for as its own file (cover, TOC, numbering of its own) in one zip. */
  private async exportVolumes(auth: Actor, input: ExportBidInput): Promise<ExportedFile> {
    const loaded = await this.source.loadBidForExport(auth, input.id);
    if (!loaded.analysis?.volumes.length || !this.volumeDeps) throw businessWarning(EXPORT_MSG.noVolumes);
    if (!loaded.chapters.length) throw businessWarning(EXPORT_MSG.empty);
    const plans = planVolumes(loaded, loaded.analysis, input.volumes ?? []);
    const empty = plans.find((p) => !p.chapters.length);
    if (empty) throw businessWarning(EXPORT_MSG.emptyVolume(empty.volume.name));
    const bidder = await this.volumeDeps.companyName(auth.tenantId);
    // The identity check runs on the 暗标 volume before a byte of it is written.
    if (plans.some((p) => p.volume.anonymous))
      assertAnonymous(plans, await this.volumeDeps.checks.check(auth, input.id), loaded.analysis, bidder);
    const template = await this.template(input.templateId, loaded.templateId);
    const base = exportFileName(loaded.bid.name).replace(/\.docx$/, '');
    const entries = [];
    for (const [i, plan] of plans.entries()) {
      const { bid, template: def } = volumeTask(plan, loaded.bid, bidder, template.definition);
      const images = await this.source.loadImages(auth, plan.chapters);
      const docx = await this.write({
        bid,
        chapters: plan.chapters,
        template: def,
        images,
        forPdf: input.format === 'pdf',
      });
      const name = `${i + 1}-${plan.volume.name}`;
      entries.push(
        input.format === 'pdf'
          ? { name: `${name}.pdf`, data: await this.pdf(docx, plan.volume.name), level: 6 }
          : { name: `${name}.docx`, data: docx, level: 0 },
      );
    }
    return { file: zip(entries), fileName: `${base}（分册）.zip`, type: ZIP_MIME };
  }

  /** exportBidStart: checks at once (404 for a foreign bid, unknown template), then writes in the background. */
  async start(auth: Actor, input: ExportBidInput): Promise<{ jobId: string }> {
    if ((await this.repo.countRunning(auth.userId)) >= EXPORT_LIMITS.perUserRunning) {
      throw new AppError(
        Code.TOO_MANY_REQUESTS,
        EXPORT_MSG.busy,
        { retryAfter: 10 },
        { 'retry-after': '10' },
      );
    }
    // Ownership first (a foreign bid is 404 whatever was asked), then what the background export does.
    const { templateId, fileName } = await this.prepare(auth, input);
    // The background export writes the bid as one .docx; volumes and PDF are exportBid's.
    if (input.volumes || input.format === 'pdf') throw businessWarning(EXPORT_MSG.foregroundOnly);
    const jobId = newId();
    const now = nowIso();
    await this.repo.insertJob({
      id: jobId,
      user_id: auth.userId,
      tenant_id: auth.tenantId,
      bid_id: input.id,
      template_id: templateId,
      status: 'queued',
      progress: 0,
      stage: STAGE_LABEL.queued,
      message: null,
      file_name: fileName,
      file_path: null,
      size: null,
      created_at: now,
      updated_at: now,
      expires_at: new Date(Date.now() + EXPORT_LIMITS.fileTtlMs).toISOString(),
    });
    // A durable job: a restart resumes it instead of leaving the export queued for ever.
    await this.jobs.enqueue<ExportJobPayload>(
      EXPORT_JOB,
      {
        exportId: jobId,
        userId: auth.userId,
        tenantId: auth.tenantId,
        role: auth.role,
        bidId: input.id,
        templateId,
      },
      { ownerId: auth.userId, maxAttempts: 2 },
    );
    return { jobId };
  }

  /** The job queue's handler: prepares the bid as it is now (with the template chosen at start) and writes it. */
  handler(): JobHandler<ExportJobPayload> {
    return reportingProgress<ExportJobPayload>(
      async (jc) => {
        const p = jc.job.payload;
        let task: ExportTask;
        try {
          ({ task } = await this.prepare(
            { userId: p.userId, tenantId: p.tenantId, role: p.role },
            { id: p.bidId, templateId: p.templateId, format: 'docx' },
          ));
        } catch (err) {
          await this.repo.updateJob(p.exportId, {
            status: 'error',
            message: this.failure(err).message,
            updated_at: nowIso(),
          });
          return;
        }
        await this.runJob(jc, task);
      },
      // The export's own row is what exportBidProgress answers.
      (job, progress) =>
        this.repo.updateJob(job.payload.exportId, {
          status: 'running',
          progress: progress.percent,
          stage: progress.stage ?? STAGE_LABEL.content,
          updated_at: nowIso(),
        }),
    );
  }

  private async runJob(jc: JobContext<ExportJobPayload>, task: ExportTask): Promise<void> {
    const jobId = jc.job.payload.exportId;
    // Reports are chained: none lands after the final write below.
    let reported = Promise.resolve();
    try {
      const file = await this.pool.run(task, {
        timeoutMs: EXPORT_LIMITS.timeoutMs,
        onProgress: (p) => {
          const progress = {
            percent: percentOf(p),
            stage: STAGE_LABEL[p.stage],
            done: p.done,
            total: p.total,
          };
          reported = reported.then(() => jc.setProgress(progress)).catch(() => {});
        },
      });
      await reported;
      const filePath = `exports/${jobId}.docx`;
      await this.storage.put(filePath, file, DOCX_MIME);
      await this.repo.updateJob(jobId, {
        status: 'done',
        progress: 100,
        stage: STAGE_LABEL.done,
        file_path: filePath,
        size: file.length,
        updated_at: nowIso(),
      });
    } catch (err) {
      await reported;
      const e = this.failure(err);
      await this.repo
        .updateJob(jobId, { status: 'error', message: e.message, updated_at: nowIso() })
        .catch((dbErr) => this.log.error({ err: dbErr }, 'export job update failed'));
    }
  }

  async progress(auth: Actor, jobId: string): Promise<ExportJobProgress> {
    const job = await this.repo.findJob(auth.userId, jobId);
    if (!job || Date.parse(job.expires_at) < Date.now()) throw notFound(EXPORT_MSG.jobNotFound);
    return {
      jobId: job.id,
      status: job.status,
      progress: job.progress,
      stage: job.stage,
      message: job.message,
      fileName: job.file_name,
      size: job.size,
    };
  }

  async file(auth: Actor, jobId: string): Promise<ExportedFile> {
    const job = await this.repo.findJob(auth.userId, jobId);
    if (!job || Date.parse(job.expires_at) < Date.now()) throw notFound(EXPORT_MSG.jobNotFound);
    if (job.status === 'error') throw new AppError(Code.SERVER_ERROR, job.message ?? EXPORT_MSG.failed);
    if (job.status !== 'done' || !job.file_path) throw businessWarning(EXPORT_MSG.notReady);
    try {
      return {
        file: await this.storage.read(keyOfStoredPath(this.dataDir, job.file_path)),
        fileName: job.file_name,
      };
    } catch (e) {
      if (e instanceof StorageNotFound) throw notFound(EXPORT_MSG.jobNotFound);
      throw e;
    }
  }

  /** Starts a writer thread before the first export needs it. */
  prewarm(): void {
    this.pool.prewarm();
  }

  /** Removes expired jobs and their files; fails jobs an earlier process left behind. */
  async sweep(): Promise<void> {
    const now = nowIso();
    await this.repo.failStale(
      EXPORT_MSG.failed,
      new Date(Date.now() - EXPORT_LIMITS.timeoutMs - 5 * 60_000).toISOString(),
      now,
    );
    const expired = await this.repo.expiredJobs(now);
    for (const j of expired)
      if (j.file_path) await this.storage.remove(keyOfStoredPath(this.dataDir, j.file_path)).catch(() => {});
    await this.repo.deleteJobs(expired.map((j) => j.id));
  }
}
