import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
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
  envelopeSchema,
  nullSchema,
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
import { requireAuth } from '../../http/auth.ts';
import { ok } from '../../http/envelope.ts';
import type { CatalogService } from './service.ts';

const tags = ['目录与章节'];
const C = '/api/catalog/client';

export function registerCatalogRoutes(scope: FastifyInstance, service: CatalogService): void {
  const r = scope.withTypeProvider<ZodTypeProvider>();

  // ---- outline ----
  r.post(`${C}/bidCatalogSave`, { schema: { tags, summary: '保存整个目录（替换原目录，原目录自动存为目录版本）', body: bidCatalogSaveSchema, response: { 200: envelopeSchema(catalogTreeSchema) } } }, async (req) =>
    ok(await service.outline.saveOutline(requireAuth(req), req.body.bidId, req.body.catalogs)),
  );
  r.post(`${C}/getBidCatalogList`, { schema: { tags, summary: '目录树', body: catalogBidIdSchema, response: { 200: envelopeSchema(catalogTreeSchema) } } }, async (req) =>
    ok(await service.outline.tree(requireAuth(req), req.body.bidId)),
  );
  r.post(`${C}/getBidCatalogDetail`, { schema: { tags, summary: '章节详情（含内容与版本号）', body: catalogIdSchema, response: { 200: envelopeSchema(catalogDetailSchema) } } }, async (req) =>
    ok(await service.chapters.detail(requireAuth(req), req.body.id)),
  );
  r.post(`${C}/updateBidCatalogTitle`, { schema: { tags, summary: '修改章节标题', body: updateCatalogTitleSchema, response: { 200: envelopeSchema(nullSchema) } } }, async (req) => {
    await service.outline.rename(requireAuth(req), req.body.id, req.body.title);
    return ok(null);
  });
  r.post(`${C}/moveUpBidCatalog`, { schema: { tags, summary: '上移章节', body: catalogIdSchema, response: { 200: envelopeSchema(nullSchema) } } }, async (req) => {
    await service.outline.moveUp(requireAuth(req), req.body.id);
    return ok(null);
  });
  r.post(`${C}/moveDownBidCatalog`, { schema: { tags, summary: '下移章节', body: catalogIdSchema, response: { 200: envelopeSchema(nullSchema) } } }, async (req) => {
    await service.outline.moveDown(requireAuth(req), req.body.id);
    return ok(null);
  });
  r.post(`${C}/removeBidCatalog`, { schema: { tags, summary: '删除章节及其全部下级', body: catalogIdSchema, response: { 200: envelopeSchema(nullSchema) } } }, async (req) => {
    await service.outline.remove(requireAuth(req), req.body.id);
    return ok(null);
  });
  r.post(`${C}/addLowerLevelBidCatalog`, { schema: { tags, summary: '添加下级章节（最后一个子章节）', body: addLowerLevelSchema, response: { 200: envelopeSchema(createdIdSchema) } } }, async (req) =>
    ok(await service.outline.addChild(requireAuth(req), req.body.id, req.body.title)),
  );
  r.post(`${C}/addSameLevelBidCatalog`, { schema: { tags, summary: '添加同级章节（紧跟 id 之后；无 id 时追加为 bidId 的一级章节）', body: addSameLevelSchema, response: { 200: envelopeSchema(createdIdSchema) } } }, async (req) =>
    ok(await service.outline.addSibling(requireAuth(req), req.body)),
  );
  r.post(`${C}/bidCatalogChildSave`, { schema: { tags, summary: '保存某章节的下级目录（替换或追加）', body: bidCatalogChildSaveSchema, response: { 200: envelopeSchema(catalogNodeSchema) } } }, async (req) =>
    ok(await service.outline.saveChildren(requireAuth(req), req.body.id, req.body.catalogs, req.body.mode)),
  );
  r.post(`${C}/dragBidCatalog`, { schema: { tags, summary: '拖动章节（before / after / inside）', body: dragCatalogSchema, response: { 200: envelopeSchema(nullSchema) } } }, async (req) => {
    await service.outline.drag(requireAuth(req), req.body);
    return ok(null);
  });
  r.post(`${C}/upGradeBidCatalog`, { schema: { tags, summary: '升级：成为父章节的下一个同级', body: catalogIdSchema, response: { 200: envelopeSchema(nullSchema) } } }, async (req) => {
    await service.outline.promote(requireAuth(req), req.body.id);
    return ok(null);
  });
  r.post(`${C}/deGradeBidCatalog`, { schema: { tags, summary: '降级：成为上一个同级章节的最后一个子章节', body: catalogIdSchema, response: { 200: envelopeSchema(nullSchema) } } }, async (req) => {
    await service.outline.demote(requireAuth(req), req.body.id);
    return ok(null);
  });
  r.post(`${C}/getBidCatalogStatus`, { schema: { tags, summary: '各章节状态与进度', body: catalogBidIdSchema, response: { 200: envelopeSchema(catalogStatusListSchema) } } }, async (req) =>
    ok(await service.outline.statuses(requireAuth(req), req.body.bidId)),
  );
  r.post(`${C}/removeCatalogErrorStatus`, { schema: { tags, summary: '清除章节的错误状态', body: catalogIdSchema, response: { 200: envelopeSchema(nullSchema) } } }, async (req) => {
    await service.outline.clearError(requireAuth(req), req.body.id);
    return ok(null);
  });
  r.post(`${C}/updateBidCatalogSetting`, { schema: { tags, summary: '章节设置（目标字数、写作要求、包含内容）', body: updateCatalogSettingSchema, response: { 200: envelopeSchema(catalogSettingsResultSchema) } } }, async (req) =>
    ok(await service.outline.updateSettings(requireAuth(req), req.body.id, req.body.settings)),
  );

  // ---- content ----
  r.post(
    `${C}/updateBidCatalogContent`,
    {
      // Room for a full-size chapter plus the envelope of the request.
      bodyLimit: CATALOG_LIMITS.contentBytes + 512 * 1024,
      schema: { tags, summary: '保存章节内容（baseVersion 过期时返回 409 与服务器当前内容）', body: updateCatalogContentSchema, response: { 200: envelopeSchema(updateContentResultSchema) } },
    },
    async (req) => ok(await service.chapters.updateContent(requireAuth(req), req.body)),
  );
  r.post(`${C}/saveCatalogContentVersion`, { schema: { tags, summary: '把章节当前内容保存为一个版本', body: saveContentVersionSchema, response: { 200: envelopeSchema(savedContentVersionSchema) } } }, async (req) =>
    ok(await service.contentVersions.save(requireAuth(req), req.body.id, req.body.name)),
  );
  r.post(`${C}/getCatalogContentVersionList`, { schema: { tags, summary: '章节内容版本列表', body: catalogIdSchema, response: { 200: envelopeSchema(z.array(contentVersionItemSchema)) } } }, async (req) =>
    ok(await service.contentVersions.list(requireAuth(req), req.body.id)),
  );
  r.post(`${C}/getCatalogContentVersionDetail`, { schema: { tags, summary: '章节内容版本详情', body: contentVersionRefSchema, response: { 200: envelopeSchema(contentVersionDetailSchema) } } }, async (req) =>
    ok(await service.contentVersions.detail(requireAuth(req), req.body.id, req.body.versionId)),
  );
  r.post(`${C}/restoreCatalogContentVersion`, { schema: { tags, summary: '恢复章节内容版本（当前内容先存为版本）', body: contentVersionRefSchema, response: { 200: envelopeSchema(restoredContentSchema) } } }, async (req) =>
    ok(await service.contentVersions.restore(requireAuth(req), req.body.id, req.body.versionId, req.body.baseVersion)),
  );

  // ---- outline versions (paths of SPEC section 7 under /bid/client/) ----
  const B = '/api/bid/client';
  r.post(`${B}/getBidCatalogVersionList`, { schema: { tags, summary: '目录版本列表', body: catalogVersionListSchema, response: { 200: envelopeSchema(z.array(catalogVersionItemSchema)) } } }, async (req) =>
    ok(await service.outlineVersions.list(requireAuth(req), req.body.bidId)),
  );
  r.post(`${B}/getBidCatalogVersionDetail`, { schema: { tags, summary: '目录版本详情', body: catalogVersionIdSchema, response: { 200: envelopeSchema(catalogVersionDetailSchema) } } }, async (req) =>
    ok(await service.outlineVersions.detail(requireAuth(req), req.body.id)),
  );
  r.post(`${B}/saveCatalogVersion`, { schema: { tags, summary: '保存目录版本', body: saveCatalogVersionSchema, response: { 200: envelopeSchema(createdIdSchema) } } }, async (req) =>
    ok(await service.outlineVersions.save(requireAuth(req), req.body.bidId, req.body.name)),
  );
  r.post(`${B}/restoreCatalogVersion`, { schema: { tags, summary: '恢复目录版本（当前目录先自动存为版本）', body: catalogVersionIdSchema, response: { 200: envelopeSchema(restoredOutlineSchema) } } }, async (req) =>
    ok(await service.outlineVersions.restore(requireAuth(req), req.body.id)),
  );
}
