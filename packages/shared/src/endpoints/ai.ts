import { pageSchema } from '../envelope.ts';
import {
  aiGenerateCustomizeContentSchema,
  aiGetBidCatalogChildSchema,
  aiGetBidCatalogSchema,
  aiGetBidContentSchema,
  aiGetExpandRangeSchema,
  analyzeBidSchema,
  bidIdBodySchema,
  bidIdQuerySchema,
  customizeResultSchema,
  isWritingSchema,
} from '../schemas/ai.ts';
import { startAnalysisSchema, tenderAnalysisSchema } from '../schemas/analysis.ts';
import type { CatalogDetail, CatalogNode } from '../schemas/catalog.ts';
import { elementRequestSchema, elementResultSchema, imageSearchResultSchema } from '../schemas/elements.ts';
import { idParamSchema } from '../schemas/common.ts';
import {
  filePageImageParamsSchema,
  uploadedFileSchema,
  uploadProgressResultSchema,
  uploadProgressSchema,
} from '../schemas/file.ts';
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
import { get, post, type Out } from './define.ts';

/** Tender upload and analysis, file interpretation, the AI writer and chapter elements. */
export const aiEndpoints = {
  /** Multipart field `file`; the knowledge base and 查重 upload through it too. */
  uploadTender: post<Out<typeof uploadedFileSchema>>(
    '/file/client/uploadTender',
    null,
    uploadedFileSchema,
    'upload',
  ),
  uploadProgress: post<Out<typeof uploadProgressResultSchema>, typeof uploadProgressSchema>(
    '/file/client/uploadProgress',
    uploadProgressSchema,
    uploadProgressResultSchema,
  ),
  fileDetail: post<Out<typeof uploadedFileSchema>, typeof idParamSchema>(
    '/file/client/detail',
    idParamSchema,
    uploadedFileSchema,
  ),
  /** A page read by OCR as a JPEG, for `<img src>` (the session cookie): the boxes of a passage are on it. */
  filePageImage: get<Blob, typeof filePageImageParamsSchema>(
    '/file/client/pageImage/:id/:page',
    filePageImageParamsSchema,
    binaryResponseSchema,
    'blob',
  ),
  startAnalysis: post<Out<typeof startAnalysisResultSchema>, typeof startAnalysisSchema>(
    '/ai/chat/start-analysis',
    startAnalysisSchema,
    startAnalysisResultSchema,
  ),
  interpretationDetail: get<Out<typeof interpretationDetailSchema>, typeof interpretationIdSchema>(
    '/ai/fileInterpretationClient/detail',
    interpretationIdSchema,
    interpretationDetailSchema,
  ),
  interpretationList: get<
    Out<ReturnType<typeof pageSchema<typeof interpretationListItemSchema>>>,
    typeof interpretationListQuerySchema
  >(
    '/ai/fileInterpretationClient/list',
    interpretationListQuerySchema,
    pageSchema(interpretationListItemSchema),
  ),
  interpretationRemove: post<null, typeof interpretationIdSchema>(
    '/ai/fileInterpretationClient/remove',
    interpretationIdSchema,
    nullSchema,
  ),
  interpretationExport: post<Blob, typeof interpretationIdSchema>(
    '/ai/fileInterpretationClient/export-fileInterpretation',
    interpretationIdSchema,
    binaryResponseSchema,
    'blob',
  ),

  analyzeBid: post<Out<typeof tenderAnalysisSchema>, typeof analyzeBidSchema>(
    '/ai/client/analyzeBid',
    analyzeBidSchema,
    tenderAnalysisSchema,
  ),
  aiGetBidCatalog: post<CatalogNode[], typeof aiGetBidCatalogSchema>(
    '/ai/client/aiGetBidCatalog',
    aiGetBidCatalogSchema,
    catalogTreeSchema,
  ),
  aiGetBidCatalogChild: post<CatalogNode, typeof aiGetBidCatalogChildSchema>(
    '/ai/client/aiGetBidCatalogChild',
    aiGetBidCatalogChildSchema,
    catalogNodeSchema,
  ),
  /** Streams `delta` {text}, `done` {chapter}, `error` {code, msg}; without a stream, the chapter. */
  aiGetBidContent: post<CatalogDetail, typeof aiGetBidContentSchema>(
    '/ai/client/aiGetBidContent',
    aiGetBidContentSchema,
    catalogDetailSchema,
    'sse',
  ),
  aiGenerateCustomizeContent: post<
    Out<typeof customizeResultSchema>,
    typeof aiGenerateCustomizeContentSchema
  >('/ai/client/aiGenerateCustomizeContent', aiGenerateCustomizeContentSchema, customizeResultSchema),
  aiGetExpandRange: post<Out<typeof exportJobStartedSchema>, typeof aiGetExpandRangeSchema>(
    '/ai/client/aiGetExpandRange',
    aiGetExpandRangeSchema,
    exportJobStartedSchema,
  ),
  isWriting: post<Out<typeof isWritingSchema>, typeof bidIdBodySchema>(
    '/ai/client/isWriting',
    bidIdBodySchema,
    isWritingSchema,
  ),
  cancelWriting: post<Out<typeof cancelWritingResultSchema>, typeof bidIdBodySchema>(
    '/ai/client/cancelWriting',
    bidIdBodySchema,
    cancelWritingResultSchema,
  ),
  /** The full-text job's events (WritingEvent), resumable with Last-Event-ID. */
  writingEvents: post<never, typeof bidIdBodySchema>(
    '/ai/client/writingEvents',
    bidIdBodySchema,
    eventStreamSchema,
    'sse',
  ),
  /** The same stream for an EventSource, which can only GET. */
  writingEventsGet: get<never, typeof bidIdQuerySchema>(
    '/ai/client/writingEvents',
    bidIdQuerySchema,
    eventStreamSchema,
    'sse',
  ),

  aiGenerateTable: post<Out<typeof elementResultSchema>, typeof elementRequestSchema>(
    '/ai/client/aiGenerateTable',
    elementRequestSchema,
    elementResultSchema,
  ),
  aiGenerateMindMap: post<Out<typeof elementResultSchema>, typeof elementRequestSchema>(
    '/ai/client/aiGenerateMindMap',
    elementRequestSchema,
    elementResultSchema,
  ),
  aiGenerateFlowchart: post<Out<typeof elementResultSchema>, typeof elementRequestSchema>(
    '/ai/client/aiGenerateFlowchart',
    elementRequestSchema,
    elementResultSchema,
  ),
  aiGenerateGantt: post<Out<typeof elementResultSchema>, typeof elementRequestSchema>(
    '/ai/client/aiGenerateGantt',
    elementRequestSchema,
    elementResultSchema,
  ),
  aiSearchImages: post<Out<typeof imageSearchResultSchema>, typeof elementRequestSchema>(
    '/ai/client/aiSearchImages',
    elementRequestSchema,
    imageSearchResultSchema,
  ),
} as const;
