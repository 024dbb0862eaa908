import { z } from 'zod';
import { idParamSchema } from '../schemas/common.ts';
import {
  adminContentItemSchema,
  adminContentListQuerySchema,
  adminNoticeItemSchema,
  contentDetailQuerySchema,
  contentDetailSchema,
  contentListItemSchema,
  contentListQuerySchema,
  contentPublishSchema,
  contentSearchHitSchema,
  contentSearchQuerySchema,
  noticePublishSchema,
  savedContentSchema,
  saveContentSchema,
  saveNoticeSchema,
} from '../schemas/content.ts';
import { nullSchema } from '../schemas/responses.ts';
import { get, post, type Out } from './define.ts';

/** Public help/FAQ/news, their console, and the console's notices. */
export const contentEndpoints = {
  contentList: get<Out<typeof contentListItemSchema>[], typeof contentListQuerySchema>(
    '/content/client/list',
    contentListQuerySchema,
    z.array(contentListItemSchema),
  ),
  contentDetail: get<Out<typeof contentDetailSchema>, typeof contentDetailQuerySchema>(
    '/content/client/detail',
    contentDetailQuerySchema,
    contentDetailSchema,
  ),
  contentSearch: get<Out<typeof contentSearchHitSchema>[], typeof contentSearchQuerySchema>(
    '/content/client/search',
    contentSearchQuerySchema,
    z.array(contentSearchHitSchema),
  ),
  adminContentList: get<Out<typeof adminContentItemSchema>[], typeof adminContentListQuerySchema>(
    '/admin/content/list',
    adminContentListQuerySchema,
    z.array(adminContentItemSchema),
  ),
  adminContentSave: post<Out<typeof savedContentSchema>, typeof saveContentSchema>(
    '/admin/content/save',
    saveContentSchema,
    savedContentSchema,
  ),
  adminContentPublish: post<null, typeof contentPublishSchema>(
    '/admin/content/publish',
    contentPublishSchema,
    nullSchema,
  ),
  adminContentDelete: post<null, typeof idParamSchema>('/admin/content/delete', idParamSchema, nullSchema),
  adminNoticeList: get<Out<typeof adminNoticeItemSchema>[]>(
    '/admin/notice/list',
    null,
    z.array(adminNoticeItemSchema),
  ),
  adminNoticeSave: post<Out<typeof adminNoticeItemSchema>, typeof saveNoticeSchema>(
    '/admin/notice/save',
    saveNoticeSchema,
    adminNoticeItemSchema,
  ),
  adminNoticePublish: post<null, typeof noticePublishSchema>(
    '/admin/notice/publish',
    noticePublishSchema,
    nullSchema,
  ),
  adminNoticeDelete: post<null, typeof idParamSchema>('/admin/notice/delete', idParamSchema, nullSchema),
} as const;
