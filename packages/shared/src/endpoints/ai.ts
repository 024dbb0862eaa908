import { pageSchema } from '../envelope.ts';
import {
  aiGenerateCustomizeContentSchema,
  aiGetBidCatalogChildSchema,
  aiGetBidCatalogSchema,
  aiGetBidContentSchema,
  aiGetExpandRangeSchema,
  analyzeBidSchema,
  bidIdBodySchema,
  customizeResultSchema,
  isWritingSchema,
} from '../schemas/ai.ts';
import { startAnalysisSchema, tenderAnalysisSchema } from '../schemas/analysis.ts';
import type { CatalogDetail, CatalogNode } from '../schemas/catalog.ts';
import { elementRequestSchema, elementResultSchema, imageSearchResultSchema } from '../schemas/elements.ts';
import { uploadedFileSchema } from '../schemas/file.ts';
import {
  interpretationDetailSchema,
  interpretationIdSchema,
  interpretationListItemSchema,
  interpretationListQuerySchema,
  startAnalysisResultSchema,
} from '../schemas/interpretation.ts';
import {
  binaryResponseSchema,
  cancelWritingResultSchema,
  catalogDetailSchema,
  catalogNodeSchema,
  catalogTreeSchema,
  eventStreamSchema,
  exportJobStartedSchema,
  nullSchema,
} from '../schemas/responses.ts';
import { get, post, type In, type Out } from './define.ts';

/** Tender upload and analysis, file interpretation, the AI writer and chapter elements. */
export const aiEndpoints = {
  /** Multipart field `file`; the knowledge base and 查重 upload through it too. */
  uploadTender: post<Out<typeof uploadedFileSchema>>(
    '/file/client/uploadTender',
    null,
    uploadedFileSchema,
    'upload',
  ),
  startAnalysis: post<Out<typeof startAnalysisResultSchema>, In<typeof startAnalysisSchema>>(
    '/ai/chat/start-analysis',
    startAnalysisSchema,
    startAnalysisResultSchema,
  ),
  interpretationDetail: get<Out<typeof interpretationDetailSchema>, In<typeof interpretationIdSchema>>(
    '/ai/fileInterpretationClient/detail',
    interpretationIdSchema,
    interpretationDetailSchema,
  ),
  interpretationList: get<
    Out<ReturnType<typeof pageSchema<typeof interpretationListItemSchema>>>,
    In<typeof interpretationListQuerySchema>
  >(
    '/ai/fileInterpretationClient/list',
    interpretationListQuerySchema,
    pageSchema(interpretationListItemSchema),
  ),
  interpretationRemove: post<null, In<typeof interpretationIdSchema>>(
    '/ai/fileInterpretationClient/remove',
    interpretationIdSchema,
    nullSchema,
  ),
  interpretationExport: post<Blob, In<typeof interpretationIdSchema>>(
    '/ai/fileInterpretationClient/export-fileInterpretation',
    interpretationIdSchema,
    binaryResponseSchema,
    'blob',
  ),

  analyzeBid: post<Out<typeof tenderAnalysisSchema>, In<typeof analyzeBidSchema>>(
    '/ai/client/analyzeBid',
    analyzeBidSchema,
    tenderAnalysisSchema,
  ),
  aiGetBidCatalog: post<CatalogNode[], In<typeof aiGetBidCatalogSchema>>(
    '/ai/client/aiGetBidCatalog',
    aiGetBidCatalogSchema,
    catalogTreeSchema,
  ),
  aiGetBidCatalogChild: post<CatalogNode, In<typeof aiGetBidCatalogChildSchema>>(
    '/ai/client/aiGetBidCatalogChild',
    aiGetBidCatalogChildSchema,
    catalogNodeSchema,
  ),
  /** Streams `delta` {text}, `done` {chapter}, `error` {code, msg}; without a stream, the chapter. */
  aiGetBidContent: post<CatalogDetail, In<typeof aiGetBidContentSchema>>(
    '/ai/client/aiGetBidContent',
    aiGetBidContentSchema,
    catalogDetailSchema,
    'sse',
  ),
  aiGenerateCustomizeContent: post<
    Out<typeof customizeResultSchema>,
    In<typeof aiGenerateCustomizeContentSchema>
  >('/ai/client/aiGenerateCustomizeContent', aiGenerateCustomizeContentSchema, customizeResultSchema),
  aiGetExpandRange: post<Out<typeof exportJobStartedSchema>, In<typeof aiGetExpandRangeSchema>>(
    '/ai/client/aiGetExpandRange',
    aiGetExpandRangeSchema,
    exportJobStartedSchema,
  ),
  isWriting: post<Out<typeof isWritingSchema>, In<typeof bidIdBodySchema>>(
    '/ai/client/isWriting',
    bidIdBodySchema,
    isWritingSchema,
  ),
  cancelWriting: post<Out<typeof cancelWritingResultSchema>, In<typeof bidIdBodySchema>>(
    '/ai/client/cancelWriting',
    bidIdBodySchema,
    cancelWritingResultSchema,
  ),
  /** The full-text job's events (WritingEvent), resumable with Last-Event-ID. */
  writingEvents: post<never, In<typeof bidIdBodySchema>>(
    '/ai/client/writingEvents',
    bidIdBodySchema,
    eventStreamSchema,
    'sse',
  ),

  aiGenerateTable: post<Out<typeof elementResultSchema>, In<typeof elementRequestSchema>>(
    '/ai/client/aiGenerateTable',
    elementRequestSchema,
    elementResultSchema,
  ),
  aiGenerateMindMap: post<Out<typeof elementResultSchema>, In<typeof elementRequestSchema>>(
    '/ai/client/aiGenerateMindMap',
    elementRequestSchema,
    elementResultSchema,
  ),
  aiGenerateFlowchart: post<Out<typeof elementResultSchema>, In<typeof elementRequestSchema>>(
    '/ai/client/aiGenerateFlowchart',
    elementRequestSchema,
    elementResultSchema,
  ),
  aiGenerateGantt: post<Out<typeof elementResultSchema>, In<typeof elementRequestSchema>>(
    '/ai/client/aiGenerateGantt',
    elementRequestSchema,
    elementResultSchema,
  ),
  aiSearchImages: post<Out<typeof imageSearchResultSchema>, In<typeof elementRequestSchema>>(
    '/ai/client/aiSearchImages',
    elementRequestSchema,
    imageSearchResultSchema,
  ),
} as const;
