import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  addLowerLevelSchema,
  addSameLevelSchema,
  bidCatalogChildSaveSchema,
  bidCatalogSaveSchema,
  CATALOG_LIMITS,
  catalogBidIdSchema,
  catalogDetailSchema,
  catalogIdSchema,
  catalogNodeSchema,
  catalogSettingsResultSchema,
  catalogStatusListSchema,
  catalogTreeSchema,
  catalogVersionDetailSchema,
  catalogVersionIdSchema,
  catalogVersionItemSchema,
  catalogVersionListSchema,
  contentVersionDetailSchema,
  contentVersionItemSchema,
  contentVersionRefSchema,
  createdIdSchema,
  dragCatalogSchema,
  restoredContentSchema,
  restoredOutlineSchema,
  saveCatalogVersionSchema,
  saveContentVersionSchema,
  savedContentVersionSchema,
  updateCatalogContentSchema,
  updateCatalogSettingSchema,
  updateCatalogTitleSchema,
  updateContentResultSchema,
} from '@bid/shared';
import { userRoutes } from '../../http/route.ts';
import type { CatalogService } from './service.ts';

const C = '/api/catalog/client';

export function registerCatalogRoutes(scope: FastifyInstance, service: CatalogService): void {
  const route = userRoutes(scope, ['目录与章节']);

  // ---- outline ----
  route.post(
    `${C}/bidCatalogSave`,
    {
      summary: '保存整个目录（替换原目录，原目录自动存为目录版本）',
      input: bidCatalogSaveSchema,
      data: catalogTreeSchema,
    },
    (actor, body) => service.outline.saveOutline(actor, body.bidId, body.catalogs),
  );
  route.post(
    `${C}/getBidCatalogList`,
    { summary: '目录树', input: catalogBidIdSchema, data: catalogTreeSchema },
    (actor, body) => service.outline.tree(actor, body.bidId),
  );
  route.post(
    `${C}/getBidCatalogDetail`,
    { summary: '章节详情（含内容与版本号）', input: catalogIdSchema, data: catalogDetailSchema },
    (actor, body) => service.chapters.detail(actor, body.id),
  );
  route.action(
    `${C}/updateBidCatalogTitle`,
    { summary: '修改章节标题', input: updateCatalogTitleSchema },
    (actor, body) => service.outline.rename(actor, body.id, body.title),
  );
  route.action(`${C}/moveUpBidCatalog`, { summary: '上移章节', input: catalogIdSchema }, (actor, body) =>
    service.outline.moveUp(actor, body.id),
  );
  route.action(`${C}/moveDownBidCatalog`, { summary: '下移章节', input: catalogIdSchema }, (actor, body) =>
    service.outline.moveDown(actor, body.id),
  );
  route.action(
    `${C}/removeBidCatalog`,
    { summary: '删除章节及其全部下级', input: catalogIdSchema },
    (actor, body) => service.outline.remove(actor, body.id),
  );
  route.post(
    `${C}/addLowerLevelBidCatalog`,
    { summary: '添加下级章节（最后一个子章节）', input: addLowerLevelSchema, data: createdIdSchema },
    (actor, body) => service.outline.addChild(actor, body.id, body.title),
  );
  route.post(
    `${C}/addSameLevelBidCatalog`,
    {
      summary: '添加同级章节（紧跟 id 之后；无 id 时追加为 bidId 的一级章节）',
      input: addSameLevelSchema,
      data: createdIdSchema,
    },
    (actor, body) => service.outline.addSibling(actor, body),
  );
  route.post(
    `${C}/bidCatalogChildSave`,
    {
      summary: '保存某章节的下级目录（替换或追加）',
      input: bidCatalogChildSaveSchema,
      data: catalogNodeSchema,
    },
    (actor, body) => service.outline.saveChildren(actor, body.id, body.catalogs, body.mode),
  );
  route.action(
    `${C}/dragBidCatalog`,
    { summary: '拖动章节（before / after / inside）', input: dragCatalogSchema },
    (actor, body) => service.outline.drag(actor, body),
  );
  route.action(
    `${C}/upGradeBidCatalog`,
    { summary: '升级：成为父章节的下一个同级', input: catalogIdSchema },
    (actor, body) => service.outline.promote(actor, body.id),
  );
  route.action(
    `${C}/deGradeBidCatalog`,
    { summary: '降级：成为上一个同级章节的最后一个子章节', input: catalogIdSchema },
    (actor, body) => service.outline.demote(actor, body.id),
  );
  route.post(
    `${C}/getBidCatalogStatus`,
    { summary: '各章节状态与进度', input: catalogBidIdSchema, data: catalogStatusListSchema },
    (actor, body) => service.outline.statuses(actor, body.bidId),
  );
  route.action(
    `${C}/removeCatalogErrorStatus`,
    { summary: '清除章节的错误状态', input: catalogIdSchema },
    (actor, body) => service.outline.clearError(actor, body.id),
  );
  route.post(
    `${C}/updateBidCatalogSetting`,
    {
      summary: '章节设置（目标字数、写作要求、包含内容）',
      input: updateCatalogSettingSchema,
      data: catalogSettingsResultSchema,
    },
    (actor, body) => service.outline.updateSettings(actor, body.id, body.settings),
  );

  // ---- content ----
  route.post(
    `${C}/updateBidCatalogContent`,
    {
      summary: '保存章节内容（baseVersion 过期时返回 409 与服务器当前内容）',
      input: updateCatalogContentSchema,
      data: updateContentResultSchema,
      // Room for a full-size chapter plus the envelope of the request.
      bodyLimit: CATALOG_LIMITS.contentBytes + 512 * 1024,
    },
    (actor, body) => service.chapters.updateContent(actor, body),
  );
  route.post(
    `${C}/saveCatalogContentVersion`,
    {
      summary: '把章节当前内容保存为一个版本',
      input: saveContentVersionSchema,
      data: savedContentVersionSchema,
    },
    (actor, body) => service.contentVersions.save(actor, body.id, body.name),
  );
  route.post(
    `${C}/getCatalogContentVersionList`,
    { summary: '章节内容版本列表', input: catalogIdSchema, data: z.array(contentVersionItemSchema) },
    (actor, body) => service.contentVersions.list(actor, body.id),
  );
  route.post(
    `${C}/getCatalogContentVersionDetail`,
    { summary: '章节内容版本详情', input: contentVersionRefSchema, data: contentVersionDetailSchema },
    (actor, body) => service.contentVersions.detail(actor, body.id, body.versionId),
  );
  route.post(
    `${C}/restoreCatalogContentVersion`,
    {
      summary: '恢复章节内容版本（当前内容先存为版本）',
      input: contentVersionRefSchema,
      data: restoredContentSchema,
    },
    (actor, body) => service.contentVersions.restore(actor, body.id, body.versionId, body.baseVersion),
  );

  // ---- outline versions (paths of SPEC section 7 under /bid/client/) ----
  const B = '/api/bid/client';
  route.post(
    `${B}/getBidCatalogVersionList`,
    { summary: '目录版本列表', input: catalogVersionListSchema, data: z.array(catalogVersionItemSchema) },
    (actor, body) => service.outlineVersions.list(actor, body.bidId),
  );
  route.post(
    `${B}/getBidCatalogVersionDetail`,
    { summary: '目录版本详情', input: catalogVersionIdSchema, data: catalogVersionDetailSchema },
    (actor, body) => service.outlineVersions.detail(actor, body.id),
  );
  route.post(
    `${B}/saveCatalogVersion`,
    { summary: '保存目录版本', input: saveCatalogVersionSchema, data: createdIdSchema },
    (actor, body) => service.outlineVersions.save(actor, body.bidId, body.name),
  );
  route.post(
    `${B}/restoreCatalogVersion`,
    {
      summary: '恢复目录版本（当前目录先自动存为版本）',
      input: catalogVersionIdSchema,
      data: restoredOutlineSchema,
    },
    (actor, body) => service.outlineVersions.restore(actor, body.id),
  );
}
