import { createHash } from 'node:crypto';
import {
  makePage,
  tenderAnalysisSchema,
  type Interpretation,
  type ModelTier,
  type Page,
  type PageQuery,
  type StartAnalysisInput,
  type TenderAnalysis,
} from '@bid/shared';
import type { Logger } from 'pino';
import { AiError } from '../../ai/errors.ts';
import { rulesFallback } from '../../ai/model-engine.ts';
import type { AiEngine } from '../../ai/types.ts';
import { badRequest, notFound } from '../../http/errors.ts';
import { newId, nowIso } from '../../lib/ids.ts';
import type { BidOwner, BidRow } from '../bid/repo.ts';
import type { BidService } from '../bid/service.ts';
import type { FileService } from '../file/service.ts';
import type { UsageRecorder } from '../ai/usage.ts';
import { InterpretationRepo, type Owner } from './repo.ts';

/** Longest wait for an analysis before start-analysis answers "running" (the page then polls). */
const SYNC_WAIT_MS = 8_000;

export function textHash(text: string, tier: ModelTier): string {
  return createHash('sha256').update(tier).update('\n').update(text).digest('hex');
}

function parseAnalysis(text: string | null | undefined): TenderAnalysis | null {
  if (!text) return null;
  try {
    const r = tenderAnalysisSchema.safeParse(JSON.parse(text));
    return r.success ? r.data : null;
  } catch {
    return null;
  }
}

/**
 * Tender analysis: file interpretations (文件解读) and the analysis stored with each bid. The same
 * text is analysed once per user and tier; a model failure falls back to the rules, saying so.
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
  async analyze(owner: Owner, text: string, tier: ModelTier, bidId: string | null = null, signal?: AbortSignal): Promise<TenderAnalysis> {
    try {
      const g = await this.engine.analyzeTender(text, { tier, signal });
      await this.usage.record(owner, g, tier, 'analysis', bidId);
      return g.value;
    } catch (e) {
      if (e instanceof AiError && e.kind === 'aborted') throw e;
      this.log.warn({ err: e }, 'model analysis failed, using rules');
      return rulesFallback(text, e instanceof Error ? e.message : String(e));
    }
  }

  private present(r: { id: string; name: string; file_id: string | null; status: string; error: string | null; analysis?: string | null; created_at: string; updated_at: string }): Interpretation {
    return {
      id: r.id,
      name: r.name,
      fileId: r.file_id,
      status: r.status as Interpretation['status'],
      error: r.error,
      analysis: parseAnalysis(r.analysis ?? null),
      createTime: r.created_at,
      updateTime: r.updated_at,
    };
  }

  /** POST /api/ai/chat/start-analysis: analyses a file or pasted text and keeps the report. */
  async start(owner: Owner, input: StartAnalysisInput): Promise<Interpretation> {
    let text = input.text?.trim() ?? '';
    let name = input.name?.trim() || '';
    if (input.fileId) {
      const f = await this.files.textOf(owner, input.fileId);
      text = f.text;
      name ||= f.name.replace(/\.[a-z0-9]+$/i, '');
    }
    if (!text) throw badRequest('请上传招标文件或粘贴招标文件内容');
    const tier = input.modelType;
    const hash = textHash(text, tier);
    const existing = await this.repo.findDone(owner, hash);
    if (existing) return this.present(existing);
    const now = nowIso();
    const id = newId();
    await this.repo.insert({
      id,
      user_id: owner.userId,
      tenant_id: owner.tenantId,
      name: (name || text.split('\n').find((l) => l.trim())?.trim() || '招标文件解读').slice(0, 200),
      file_id: input.fileId ?? null,
      status: 'running',
      error: null,
      analysis: null,
      text_hash: hash,
      tier,
      created_at: now,
      updated_at: now,
    });
    const work = this.analyze(owner, text, tier)
      .then((a) => this.repo.update(id, { status: 'done', analysis: JSON.stringify(a), updated_at: nowIso() }))
      .catch((e) => this.repo.update(id, { status: 'error', error: e instanceof Error ? e.message.slice(0, 300) : '解析失败', updated_at: nowIso() }))
      .catch((err) => this.log.error({ err }, 'interpretation bookkeeping failed'));
    let timer: NodeJS.Timeout | undefined;
    await Promise.race([work, new Promise((r) => (timer = setTimeout(r, SYNC_WAIT_MS)))]);
    clearTimeout(timer);
    return this.detail(owner, id);
  }

  async detail(owner: Owner, id: string): Promise<Interpretation> {
    const r = await this.repo.findOwned(owner, id);
    if (!r) throw notFound('解读记录不存在');
    return this.present(r);
  }

  async list(owner: Owner, q: PageQuery): Promise<Page<Interpretation>> {
    const { rows, total } = await this.repo.list(owner, (q.current - 1) * q.size, q.size);
    return makePage(rows.map((r) => this.present(r)), total, q);
  }

  /** The tender text of a bid: pasted text, else its uploaded file's text. */
  async tenderTextOf(owner: Owner, bid: BidRow): Promise<string> {
    if (bid.tender_text?.trim()) return bid.tender_text;
    if (bid.file_id) {
      try {
        return (await this.files.textOf({ userId: bid.user_id, tenantId: bid.tenant_id }, bid.file_id)).text;
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
  async ensureForBid(owner: BidOwner, bid: BidRow, tier: ModelTier, opts: { refresh?: boolean; signal?: AbortSignal } = {}): Promise<TenderAnalysis> {
    const stored = opts.refresh ? null : parseAnalysis(bid.analysis);
    if (stored) return stored;
    const text = await this.tenderTextOf(owner, bid);
    let analysis: TenderAnalysis;
    const prior = text ? await this.repo.findDone({ userId: bid.user_id, tenantId: bid.tenant_id }, textHash(text, tier)) : undefined;
    const reused = parseAnalysis(prior?.analysis);
    if (reused && !opts.refresh) analysis = reused;
    else if (text) analysis = await this.analyze({ userId: bid.user_id, tenantId: bid.tenant_id }, text, tier, bid.id, opts.signal);
    else {
      analysis = rulesFallback('', '未提供招标文件');
      analysis.warnings = ['未提供招标文件内容：大纲按标准结构生成，项目信息请在各章节补充'];
    }
    await this.bids.saveAnalysis(null, bid.id, analysis);
    return analysis;
  }

  parse(text: string | null | undefined): TenderAnalysis | null {
    return parseAnalysis(text);
  }
}
