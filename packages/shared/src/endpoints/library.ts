import { z } from 'zod';
import { pageSchema } from '../envelope.ts';
import { bidChecksQuerySchema, bidChecksSchema, finishBidSchema } from '../schemas/checks.ts';
import { idParamSchema } from '../schemas/common.ts';
import {
  diffCreatedSchema,
  diffCreateSchema,
  diffDetailSchema,
  diffIdSchema,
  diffListItemSchema,
  diffListQuerySchema,
} from '../schemas/diff.ts';
import { exportJobQuerySchema } from '../schemas/export.ts';
import {
  businessBidResultSchema,
  businessBidSchema,
  certificateReadingSchema,
  companyFactSchema,
  knowledgeDetailSchema,
  knowledgeHitSchema,
  knowledgeListResultSchema,
  knowledgeListSchema,
  knowledgeSearchSchema,
  listFactsSchema,
  saveDocumentSchema,
  saveFactSchema,
} from '../schemas/knowledge.ts';
import {
  feedbackImageParamsSchema,
  pictureFileParamsSchema,
  pictureItemSchema,
  pictureListQuerySchema,
  pictureRemovedSchema,
  pictureRemoveSchema,
  pictureTagCountSchema,
  pictureUpdateSchema,
} from '../schemas/picture.ts';
import { binaryResponseSchema, createdIdSchema, nullSchema } from '../schemas/responses.ts';
import { get, post, type Out } from './define.ts';

/** The knowledge base, the company library, the picture library, 查重, the bid checks and the export file. */
export const libraryEndpoints = {
  knowledgeSaveDocument: post<Out<typeof createdIdSchema>, typeof saveDocumentSchema>(
    '/knowledge/client/saveDocument',
    saveDocumentSchema,
    createdIdSchema,
  ),
  knowledgeList: post<Out<typeof knowledgeListResultSchema>, typeof knowledgeListSchema>(
    '/knowledge/client/list',
    knowledgeListSchema,
    knowledgeListResultSchema,
  ),
  knowledgeDetail: post<Out<typeof knowledgeDetailSchema>, typeof idParamSchema>(
    '/knowledge/client/detail',
    idParamSchema,
    knowledgeDetailSchema,
  ),
  knowledgeRemoveDocument: post<null, typeof idParamSchema>(
    '/knowledge/client/removeDocument',
    idParamSchema,
    nullSchema,
  ),
  knowledgeSearch: post<Out<typeof knowledgeHitSchema>[], typeof knowledgeSearchSchema>(
    '/knowledge/client/search',
    knowledgeSearchSchema,
    z.array(knowledgeHitSchema),
  ),
  companySaveFact: post<Out<typeof createdIdSchema>, typeof saveFactSchema>(
    '/company/client/saveFact',
    saveFactSchema,
    createdIdSchema,
  ),
  companyListFacts: post<Out<typeof companyFactSchema>[], typeof listFactsSchema>(
    '/company/client/listFacts',
    listFactsSchema,
    z.array(companyFactSchema),
  ),
  companyRemoveFact: post<null, typeof idParamSchema>(
    '/company/client/removeFact',
    idParamSchema,
    nullSchema,
  ),
  /** Multipart field `file`: a PNG/JPEG or PDF scan of a 资质证书, read by OCR; nothing is saved. */
  companyReadCertificate: post<Out<typeof certificateReadingSchema>>(
    '/company/client/readCertificate',
    null,
    certificateReadingSchema,
    'upload',
  ),
  generateBusinessBid: post<Out<typeof businessBidResultSchema>, typeof businessBidSchema>(
    '/company/client/generateBusinessBid',
    businessBidSchema,
    businessBidResultSchema,
  ),

  /** Multipart field `file`, with optional `name` and `tags` fields. */
  pictureUpload: post<Out<typeof pictureItemSchema>>(
    '/picture/client/upload',
    null,
    pictureItemSchema,
    'upload',
  ),
  /** Image answers the browser loads itself (`<img src>` with the session cookie). */
  pictureThumb: get<Blob, typeof pictureFileParamsSchema>(
    '/picture/client/thumb/:id',
    pictureFileParamsSchema,
    binaryResponseSchema,
    'blob',
  ),
  pictureFile: get<Blob, typeof pictureFileParamsSchema>(
    '/picture/client/file/:id',
    pictureFileParamsSchema,
    binaryResponseSchema,
    'blob',
  ),
  /** An operator sees a user's screenshot only through the feedback it is attached to. */
  adminFeedbackImage: get<Blob, typeof feedbackImageParamsSchema>(
    '/admin/feedback/image/:feedbackId/:pictureId',
    feedbackImageParamsSchema,
    binaryResponseSchema,
    'blob',
  ),
  pictureDetail: post<Out<typeof pictureItemSchema>, typeof idParamSchema>(
    '/picture/client/detail',
    idParamSchema,
    pictureItemSchema,
  ),
  pictureList: post<
    Out<ReturnType<typeof pageSchema<typeof pictureItemSchema>>>,
    typeof pictureListQuerySchema
  >('/picture/client/list', pictureListQuerySchema, pageSchema(pictureItemSchema)),
  pictureTags: post<Out<typeof pictureTagCountSchema>[]>(
    '/picture/client/tags',
    null,
    z.array(pictureTagCountSchema),
  ),
  pictureUpdate: post<Out<typeof pictureItemSchema>, typeof pictureUpdateSchema>(
    '/picture/client/update',
    pictureUpdateSchema,
    pictureItemSchema,
  ),
  pictureRemove: post<Out<typeof pictureRemovedSchema>, typeof pictureRemoveSchema>(
    '/picture/client/remove',
    pictureRemoveSchema,
    pictureRemovedSchema,
  ),

  diffCreate: post<Out<typeof diffCreatedSchema>, typeof diffCreateSchema>(
    '/diff/client/create',
    diffCreateSchema,
    diffCreatedSchema,
  ),
  diffDetail: get<Out<typeof diffDetailSchema>, typeof diffIdSchema>(
    '/diff/client/detail',
    diffIdSchema,
    diffDetailSchema,
  ),
  diffList: get<Out<ReturnType<typeof pageSchema<typeof diffListItemSchema>>>, typeof diffListQuerySchema>(
    '/diff/client/list',
    diffListQuerySchema,
    pageSchema(diffListItemSchema),
  ),
  diffRemove: post<null, typeof diffIdSchema>('/diff/client/remove', diffIdSchema, nullSchema),
  diffExport: post<Blob, typeof diffIdSchema>(
    '/diff/client/export',
    diffIdSchema,
    binaryResponseSchema,
    'blob',
  ),

  getBidChecks: post<Out<typeof bidChecksSchema>, typeof bidChecksQuerySchema>(
    '/bid/client/getBidChecks',
    bidChecksQuerySchema,
    bidChecksSchema,
  ),
  finishBid: post<null, typeof finishBidSchema>('/bid/client/finishBid', finishBidSchema, nullSchema),
  exportBidFile: get<Blob, typeof exportJobQuerySchema>(
    '/bid/client/exportBidFile',
    exportJobQuerySchema,
    binaryResponseSchema,
    'blob',
  ),
} as const;
