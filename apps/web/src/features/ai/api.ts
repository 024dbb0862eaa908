import type {
  CatalogDetail,
  CatalogNode,
  CustomizeAction,
  CustomizeResult,
  InterpretationDetail,
  IsWriting,
  ModelTier,
  TenderAnalysis,
  UploadedFile,
} from '@bid/shared';
import { api } from '../../api/request.ts';
import { sse, type SseEvent } from '../../api/sse.ts';

/** The AI calls of SPEC section 7 (and the tender upload), typed from packages/shared. */

/** A writing-events stream stays open for the whole job (SPEC: full text up to 3 hours). */
const EVENTS_TIMEOUT_MS = 3 * 60 * 60 * 1000;

export const aiKeys = {
  writing: (bidId: string) => ['ai', 'writing', bidId] as const,
  interpretation: (id: string) => ['ai', 'interpretation', id] as const,
};

export const aiApi = {
  uploadTender: (file: File, onProgress?: (percent: number) => void) =>
    api.upload('/file/client/uploadTender', file, { onProgress: onProgress ? (p) => onProgress(p) : undefined }) as Promise<UploadedFile>,
  startAnalysis: (input: { fileId?: string; text?: string; name?: string; modelType?: ModelTier }) => api.post<InterpretationDetail>('/ai/chat/start-analysis', input, { timeout: 60_000 }),
  interpretation: (id: string) => api.get<InterpretationDetail>('/ai/fileInterpretationClient/detail', { id }),
  analyzeBid: (bidId: string, refresh = false) => api.post<TenderAnalysis>('/ai/client/analyzeBid', { bidId, refresh }, { timeout: 360_000 }),
  generateOutline: (bidId: string, pageCount?: number | null) => api.post<CatalogNode[]>('/ai/client/aiGetBidCatalog', { bidId, ...(pageCount ? { pageCount } : {}) }),
  generateChildren: (catalogId: string) => api.post<CatalogNode>('/ai/client/aiGetBidCatalogChild', { catalogId }),
  customize: (input: { catalogId: string; action: CustomizeAction; selection: string; instruction?: string }) =>
    api.post<CustomizeResult>('/ai/client/aiGenerateCustomizeContent', input, { timeout: 360_000 }),
  startFullText: (bidId: string, overwrite = false) => api.post<{ jobId: string }>('/ai/client/aiGetExpandRange', { bidId, overwrite }, { raw: true }),
  isWriting: (bidId: string) => api.post<IsWriting>('/ai/client/isWriting', { bidId }, { noDuplicateGuard: true, silent: true }),
  cancelWriting: (bidId: string) => api.post<{ jobId: string | null; cancelled: boolean }>('/ai/client/cancelWriting', { bidId }),

  /**
   * Writes one chapter, streaming: `onText` gets each piece as it arrives; resolves with the saved
   * chapter (or rejects with the server's error, already shown to the user).
   */
  async writeChapter(catalogId: string, requirement: string | undefined, onText: (text: string) => void, signal?: AbortSignal): Promise<CatalogDetail> {
    let chapter: CatalogDetail | null = null;
    let failure: { code: number; msg: string } | null = null;
    const r = await sse(
      '/ai/client/aiGetBidContent',
      { catalogId, ...(requirement?.trim() ? { requirement: requirement.trim() } : {}) },
      {
        signal,
        onEvent: (e: SseEvent) => {
          const data = JSON.parse(e.data) as { text?: string; chapter?: CatalogDetail; code?: number; msg?: string };
          if (e.event === 'delta' && data.text) onText(data.text);
          else if (e.event === 'done' && data.chapter) chapter = data.chapter;
          else if (e.event === 'error') failure = { code: data.code ?? 500, msg: data.msg ?? '写作失败' };
        },
      },
    );
    if (failure) throw new StreamFailure((failure as { msg: string }).msg, (failure as { code: number }).code);
    if (!chapter && r.envelope) chapter = r.envelope.data as CatalogDetail;
    if (!chapter) throw new StreamFailure('写作中断，请重试', 500);
    return chapter;
  },

  /** The events of a bid's full-text job (SSE; `lastEventId` resumes after a reconnect). */
  writingEvents(bidId: string, lastEventId: string | null, onEvent: (e: SseEvent) => void, signal: AbortSignal) {
    return sse('/ai/client/writingEvents', { bidId }, {
      onEvent,
      signal,
      silent: true,
      noDuplicateGuard: true,
      timeout: EVENTS_TIMEOUT_MS,
      headers: lastEventId ? { 'Last-Event-ID': lastEventId } : undefined,
    });
  },
};

/** A failure reported inside a stream (after it started): the page shows it itself. */
export class StreamFailure extends Error {
  constructor(
    message: string,
    readonly code: number,
  ) {
    super(message);
  }
}
