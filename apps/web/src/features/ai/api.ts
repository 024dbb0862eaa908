import {
  endpoints,
  parseResult,
  streamDeltaSchema,
  streamErrorSchema,
  type CatalogDetail,
  type CustomizeAction,
  type ModelTier,
  type UploadProgress,
} from '@bid/shared';
import { api } from '../../api/request.ts';
import { sse, type SseEvent } from '../../api/sse.ts';
import { uploadFile } from '../files/upload.ts';

/** The AI calls of SPEC section 7 (and the tender upload), typed from packages/shared. */

/** A writing-events stream stays open for the whole job (SPEC: full text up to 3 hours). */
const EVENTS_TIMEOUT_MS = 3 * 60 * 60 * 1000;

export const aiKeys = {
  writing: (bidId: string) => ['ai', 'writing', bidId] as const,
  interpretation: (id: string) => ['ai', 'interpretation', id] as const,
};

export const aiApi = {
  /** A tender through the upload that reads a scan's pages by OCR, whose progress `onOcr` is given. */
  uploadTender: (file: File, onPercent?: (percent: number) => void, onOcr?: (p: UploadProgress) => void) =>
    uploadFile(file, { onPercent, onOcr }),
  startAnalysis: (input: { fileId?: string; text?: string; name?: string; modelType?: ModelTier }) =>
    api.call(endpoints.startAnalysis, input, { timeout: 60_000 }),
  interpretation: (id: string) => api.call(endpoints.interpretationDetail, { id }),
  analyzeBid: (bidId: string, refresh = false) =>
    api.call(endpoints.analyzeBid, { bidId, refresh }, { timeout: 360_000 }),
  generateOutline: (bidId: string, pageCount?: number | null) =>
    api.call(endpoints.aiGetBidCatalog, { bidId, ...(pageCount ? { pageCount } : {}) }),
  generateChildren: (catalogId: string) => api.call(endpoints.aiGetBidCatalogChild, { catalogId }),
  customize: (input: {
    catalogId: string;
    action: CustomizeAction;
    selection: string;
    instruction?: string;
  }) => api.call(endpoints.aiGenerateCustomizeContent, input, { timeout: 360_000 }),
  /** The whole envelope: 10014 (a job is already running) is a success the caller tells apart. */
  startFullText: (bidId: string, overwrite = false) =>
    api.call(endpoints.aiGetExpandRange, { bidId, overwrite }, { raw: true }),
  isWriting: (bidId: string) =>
    api.call(endpoints.isWriting, { bidId }, { noDuplicateGuard: true, silent: true }),
  cancelWriting: (bidId: string) => api.call(endpoints.cancelWriting, { bidId }),

  /**
   * Writes one chapter, streaming: `onText` gets each piece as it arrives; resolves with the saved
   * chapter (or rejects with the server's error, already shown to the user).
   */
  async writeChapter(
    catalogId: string,
    requirement: string | undefined,
    onText: (text: string) => void,
    signal?: AbortSignal,
  ): Promise<CatalogDetail> {
    let chapter: CatalogDetail | null = null;
    let failure: StreamFailure | null = null;
    const r = await sse(
      endpoints.aiGetBidContent,
      { catalogId, ...(requirement?.trim() ? { requirement: requirement.trim() } : {}) },
      {
        signal,
        onEvent: (e: SseEvent) => {
          const data: unknown = JSON.parse(e.data);
          if (e.event === 'delta') {
            const delta = streamDeltaSchema.safeParse(data);
            if (delta.success && delta.data.text) onText(delta.data.text);
          } else if (e.event === 'done' && data && typeof data === 'object' && 'chapter' in data) {
            chapter = parseResult(endpoints.aiGetBidContent, data.chapter);
          } else if (e.event === 'error') {
            const err = streamErrorSchema.partial().safeParse(data);
            failure = new StreamFailure(err.data?.msg ?? '写作失败', err.data?.code ?? 500);
          }
        },
      },
    );
    if (failure) throw failure;
    if (!chapter && r.envelope) chapter = parseResult(endpoints.aiGetBidContent, r.envelope.data);
    if (!chapter) throw new StreamFailure('写作中断，请重试', 500);
    return chapter;
  },

  /** The events of a bid's full-text job (SSE; `lastEventId` resumes after a reconnect). */
  writingEvents(
    bidId: string,
    lastEventId: string | null,
    onEvent: (e: SseEvent) => void,
    signal: AbortSignal,
  ) {
    return sse(
      endpoints.writingEvents,
      { bidId },
      {
        onEvent,
        signal,
        silent: true,
        noDuplicateGuard: true,
        timeout: EVENTS_TIMEOUT_MS,
        headers: lastEventId ? { 'Last-Event-ID': lastEventId } : undefined,
      },
    );
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
