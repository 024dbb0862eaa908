import type { FastifyInstance } from 'fastify';
import { CATALOG_LIMITS, endpoints } from '@bid/shared';
import { userRoutes } from '../../http/route.ts';
import type { CatalogService } from './service.ts';

export function registerCatalogRoutes(scope: FastifyInstance, service: CatalogService): void {
  const route = userRoutes(scope, ['目录与章节']);

  // ---- outline ----
  route(endpoints.bidCatalogSave, '保存整个目录（替换原目录，原目录自动存为目录版本）', (actor, body) =>
    service.outline.saveOutline(actor, body.bidId, body.catalogs),
  );
  route(endpoints.getBidCatalogList, '目录树', (actor, body) => service.outline.tree(actor, body.bidId));
  route(endpoints.getBidCatalogDetail, '章节详情（含内容与版本号）', (actor, body) =>
    service.chapters.detail(actor, body.id),
  );
  route(endpoints.updateBidCatalogTitle, '修改章节标题', (actor, body) =>
    service.outline.rename(actor, body.id, body.title),
  );
  route(endpoints.moveUpBidCatalog, '上移章节', (actor, body) => service.outline.moveUp(actor, body.id));
  route(endpoints.moveDownBidCatalog, '下移章节', (actor, body) => service.outline.moveDown(actor, body.id));
  route(endpoints.removeBidCatalog, '删除章节及其全部下级', (actor, body) =>
    service.outline.remove(actor, body.id),
  );
  route(endpoints.addLowerLevelBidCatalog, '添加下级章节（最后一个子章节）', (actor, body) =>
    service.outline.addChild(actor, body.id, body.title),
  );
  route(
    endpoints.addSameLevelBidCatalog,
    '添加同级章节（紧跟 id 之后；无 id 时追加为 bidId 的一级章节）',
    (actor, body) => service.outline.addSibling(actor, body),
  );
  route(endpoints.bidCatalogChildSave, '保存某章节的下级目录（替换或追加）', (actor, body) =>
    service.outline.saveChildren(actor, body.id, body.catalogs, body.mode),
  );
  route(endpoints.dragBidCatalog, '拖动章节（before / after / inside）', (actor, body) =>
    service.outline.drag(actor, body),
  );
  route(endpoints.upGradeBidCatalog, '升级：成为父章节的下一个同级', (actor, body) =>
    service.outline.promote(actor, body.id),
  );
  route(endpoints.deGradeBidCatalog, '降级：成为上一个同级章节的最后一个子章节', (actor, body) =>
    service.outline.demote(actor, body.id),
  );
  route(endpoints.getBidCatalogStatus, '各章节状态与进度', (actor, body) =>
    service.outline.statuses(actor, body.bidId),
  );
  route(endpoints.removeCatalogErrorStatus, '清除章节的错误状态', (actor, body) =>
    service.outline.clearError(actor, body.id),
  );
  route(endpoints.updateBidCatalogSetting, '章节设置（目标字数、写作要求、包含内容）', (actor, body) =>
    service.outline.updateSettings(actor, body.id, body.settings),
  );

  // ---- content ----
  route(
    endpoints.updateBidCatalogContent,
    {
      summary: '保存章节内容（baseVersion 过期时返回 409 与服务器当前内容）',
      // Room for a full-size chapter plus the envelope of the request.
      bodyLimit: CATALOG_LIMITS.contentBytes + 512 * 1024,
    },
    (actor, body) => service.chapters.updateContent(actor, body),
  );
  route(endpoints.saveCatalogContentVersion, '把章节当前内容保存为一个版本', (actor, body) =>
    service.contentVersions.save(actor, body.id, body.name),
  );
  route(endpoints.getCatalogContentVersionList, '章节内容版本列表', (actor, body) =>
    service.contentVersions.list(actor, body.id),
  );
  route(endpoints.getCatalogContentVersionDetail, '章节内容版本详情', (actor, body) =>
    service.contentVersions.detail(actor, body.id, body.versionId),
  );
  route(endpoints.restoreCatalogContentVersion, '恢复章节内容版本（当前内容先存为版本）', (actor, body) =>
    service.contentVersions.restore(actor, body.id, body.versionId, body.baseVersion),
  );

  // ---- outline versions (paths of SPEC section 7 under /bid/client/) ----
  route(endpoints.getBidCatalogVersionList, '目录版本列表', (actor, body) =>
    service.outlineVersions.list(actor, body.bidId),
  );
  route(endpoints.getBidCatalogVersionDetail, '目录版本详情', (actor, body) =>
    service.outlineVersions.detail(actor, body.id),
  );
  route(endpoints.saveCatalogVersion, '保存目录版本', (actor, body) =>
    service.outlineVersions.save(actor, body.bidId, body.name),
  );
  route(endpoints.restoreCatalogVersion, '恢复目录版本（当前目录先自动存为版本）', (actor, body) =>
    service.outlineVersions.restore(actor, body.id),
  );
}
