import { z } from 'zod';
import { pageSchema } from '../envelope.ts';
import { idParamSchema } from '../schemas/common.ts';
import {
  bidDetailSchema,
  bidListItemSchema,
  bidListQuerySchema,
  feedbackItemSchema,
  feedbackListQuerySchema,
  quotaSchema,
  saveBidSchema,
  saveFeedbackSchema,
  updateBidSchema,
} from '../schemas/bid.ts';
import {
  addLowerLevelSchema,
  addSameLevelSchema,
  bidCatalogChildSaveSchema,
  bidCatalogSaveSchema,
  catalogBidIdSchema,
  catalogIdSchema,
  catalogVersionIdSchema,
  catalogVersionListSchema,
  contentVersionRefSchema,
  dragCatalogSchema,
  saveCatalogVersionSchema,
  saveContentVersionSchema,
  updateCatalogContentSchema,
  updateCatalogSettingSchema,
  updateCatalogTitleSchema,
  type CatalogDetail,
  type CatalogNode,
  type CatalogSettings,
  type CatalogStatusItem,
  type CatalogVersionDetail,
  type CatalogVersionItem,
  type ContentVersionDetail,
  type ContentVersionItem,
  type UpdateContentResult,
} from '../schemas/catalog.ts';
import {
  exportBidSchema,
  exportCapabilitiesSchema,
  type ExportCapabilities,
  exportJobQuerySchema,
  type ExportJobProgress,
  type ExportJobStarted,
  type ExportTemplateItem,
} from '../schemas/export.ts';
import {
  binaryResponseSchema,
  catalogDetailSchema,
  catalogNodeSchema,
  catalogSettingsResultSchema,
  catalogStatusListSchema,
  catalogTreeSchema,
  catalogVersionDetailSchema,
  catalogVersionItemSchema,
  contentVersionDetailSchema,
  contentVersionItemSchema,
  createdIdSchema,
  exportJobProgressSchema,
  exportJobStartedSchema,
  exportTemplateListSchema,
  nullSchema,
  restoredContentSchema,
  restoredOutlineSchema,
  savedContentVersionSchema,
  updateContentResultSchema,
} from '../schemas/responses.ts';

import { get, post, type Out } from './define.ts';

/** Bids, the outline and its chapters, versions and the Word export. */
export const bidEndpoints = {
  // ---- bids ----
  saveBid: post<Out<typeof createdIdSchema>, typeof saveBidSchema>(
    '/bid/client/saveBid',
    saveBidSchema,
    createdIdSchema,
  ),
  getBidList: post<Out<ReturnType<typeof pageSchema<typeof bidListItemSchema>>>, typeof bidListQuerySchema>(
    '/bid/client/getBidList',
    bidListQuerySchema,
    pageSchema(bidListItemSchema),
  ),
  getBidDetail: post<Out<typeof bidDetailSchema>, typeof idParamSchema>(
    '/bid/client/getBidDetail',
    idParamSchema,
    bidDetailSchema,
  ),
  updateBid: post<Out<typeof bidDetailSchema>, typeof updateBidSchema>(
    '/bid/client/updateBid',
    updateBidSchema,
    bidDetailSchema,
  ),
  clientRemoveBid: post<null, typeof idParamSchema>('/bid/client/clientRemoveBid', idParamSchema, nullSchema),
  clientRecoverBid: post<null, typeof idParamSchema>(
    '/bid/client/clientRecoverBid',
    idParamSchema,
    nullSchema,
  ),
  getBidQuota: post<Out<typeof quotaSchema>>('/bid/client/getBidQuota', null, quotaSchema),
  saveFeedback: post<Out<typeof createdIdSchema>, typeof saveFeedbackSchema>(
    '/bid/client/saveFeedback',
    saveFeedbackSchema,
    createdIdSchema,
  ),
  getFeedbackList: post<
    Out<ReturnType<typeof pageSchema<typeof feedbackItemSchema>>>,
    typeof feedbackListQuerySchema
  >('/bid/client/getFeedbackList', feedbackListQuerySchema, pageSchema(feedbackItemSchema)),

  // ---- the outline (catalog) and its chapters ----
  bidCatalogSave: post<CatalogNode[], typeof bidCatalogSaveSchema>(
    '/catalog/client/bidCatalogSave',
    bidCatalogSaveSchema,
    catalogTreeSchema,
  ),
  getBidCatalogList: post<CatalogNode[], typeof catalogBidIdSchema>(
    '/catalog/client/getBidCatalogList',
    catalogBidIdSchema,
    catalogTreeSchema,
  ),
  getBidCatalogDetail: post<CatalogDetail, typeof catalogIdSchema>(
    '/catalog/client/getBidCatalogDetail',
    catalogIdSchema,
    catalogDetailSchema,
  ),
  updateBidCatalogTitle: post<null, typeof updateCatalogTitleSchema>(
    '/catalog/client/updateBidCatalogTitle',
    updateCatalogTitleSchema,
    nullSchema,
  ),
  moveUpBidCatalog: post<null, typeof catalogIdSchema>(
    '/catalog/client/moveUpBidCatalog',
    catalogIdSchema,
    nullSchema,
  ),
  moveDownBidCatalog: post<null, typeof catalogIdSchema>(
    '/catalog/client/moveDownBidCatalog',
    catalogIdSchema,
    nullSchema,
  ),
  removeBidCatalog: post<null, typeof catalogIdSchema>(
    '/catalog/client/removeBidCatalog',
    catalogIdSchema,
    nullSchema,
  ),
  addLowerLevelBidCatalog: post<Out<typeof createdIdSchema>, typeof addLowerLevelSchema>(
    '/catalog/client/addLowerLevelBidCatalog',
    addLowerLevelSchema,
    createdIdSchema,
  ),
  addSameLevelBidCatalog: post<Out<typeof createdIdSchema>, typeof addSameLevelSchema>(
    '/catalog/client/addSameLevelBidCatalog',
    addSameLevelSchema,
    createdIdSchema,
  ),
  bidCatalogChildSave: post<CatalogNode, typeof bidCatalogChildSaveSchema>(
    '/catalog/client/bidCatalogChildSave',
    bidCatalogChildSaveSchema,
    catalogNodeSchema,
  ),
  dragBidCatalog: post<null, typeof dragCatalogSchema>(
    '/catalog/client/dragBidCatalog',
    dragCatalogSchema,
    nullSchema,
  ),
  upGradeBidCatalog: post<null, typeof catalogIdSchema>(
    '/catalog/client/upGradeBidCatalog',
    catalogIdSchema,
    nullSchema,
  ),
  deGradeBidCatalog: post<null, typeof catalogIdSchema>(
    '/catalog/client/deGradeBidCatalog',
    catalogIdSchema,
    nullSchema,
  ),
  getBidCatalogStatus: post<CatalogStatusItem[], typeof catalogBidIdSchema>(
    '/catalog/client/getBidCatalogStatus',
    catalogBidIdSchema,
    catalogStatusListSchema,
  ),
  removeCatalogErrorStatus: post<null, typeof catalogIdSchema>(
    '/catalog/client/removeCatalogErrorStatus',
    catalogIdSchema,
    nullSchema,
  ),
  updateBidCatalogSetting: post<CatalogSettings, typeof updateCatalogSettingSchema>(
    '/catalog/client/updateBidCatalogSetting',
    updateCatalogSettingSchema,
    catalogSettingsResultSchema,
  ),
  updateBidCatalogContent: post<UpdateContentResult, typeof updateCatalogContentSchema>(
    '/catalog/client/updateBidCatalogContent',
    updateCatalogContentSchema,
    updateContentResultSchema,
  ),

  // ---- versions ----
  saveCatalogContentVersion: post<Out<typeof savedContentVersionSchema>, typeof saveContentVersionSchema>(
    '/catalog/client/saveCatalogContentVersion',
    saveContentVersionSchema,
    savedContentVersionSchema,
  ),
  getCatalogContentVersionList: post<ContentVersionItem[], typeof catalogIdSchema>(
    '/catalog/client/getCatalogContentVersionList',
    catalogIdSchema,
    z.array(contentVersionItemSchema),
  ),
  getCatalogContentVersionDetail: post<ContentVersionDetail, typeof contentVersionRefSchema>(
    '/catalog/client/getCatalogContentVersionDetail',
    contentVersionRefSchema,
    contentVersionDetailSchema,
  ),
  restoreCatalogContentVersion: post<Out<typeof restoredContentSchema>, typeof contentVersionRefSchema>(
    '/catalog/client/restoreCatalogContentVersion',
    contentVersionRefSchema,
    restoredContentSchema,
  ),
  getBidCatalogVersionList: post<CatalogVersionItem[], typeof catalogVersionListSchema>(
    '/bid/client/getBidCatalogVersionList',
    catalogVersionListSchema,
    z.array(catalogVersionItemSchema),
  ),
  getBidCatalogVersionDetail: post<CatalogVersionDetail, typeof catalogVersionIdSchema>(
    '/bid/client/getBidCatalogVersionDetail',
    catalogVersionIdSchema,
    catalogVersionDetailSchema,
  ),
  saveCatalogVersion: post<Out<typeof createdIdSchema>, typeof saveCatalogVersionSchema>(
    '/bid/client/saveCatalogVersion',
    saveCatalogVersionSchema,
    createdIdSchema,
  ),
  restoreCatalogVersion: post<
    { backupVersionId: string | null; catalogs: CatalogNode[] },
    typeof catalogVersionIdSchema
  >('/bid/client/restoreCatalogVersion', catalogVersionIdSchema, restoredOutlineSchema),

  // ---- Word export ----
  findAllTemplate: get<ExportTemplateItem[]>(
    '/bid/templateConfig/findAllTemplate',
    null,
    exportTemplateListSchema,
  ),
  /** The .docx at once (a JSON envelope when it fails). */
  exportBid: post<Blob, typeof exportBidSchema>(
    '/bid/client/exportBid',
    exportBidSchema,
    binaryResponseSchema,
    'blob',
  ),
  /** Whether this server can write PDF (LibreOffice installed); the export dialog says when it cannot. */
  exportCapabilities: get<ExportCapabilities>(
    '/bid/client/exportCapabilities',
    null,
    exportCapabilitiesSchema,
  ),
  exportBidStart: post<ExportJobStarted, typeof exportBidSchema>(
    '/bid/client/exportBidStart',
    exportBidSchema,
    exportJobStartedSchema,
  ),
  exportBidProgress: get<ExportJobProgress, typeof exportJobQuerySchema>(
    '/bid/client/exportBidProgress',
    exportJobQuerySchema,
    exportJobProgressSchema,
  ),
} as const;
