import type { FastifyInstance } from 'fastify';
import { endpoints } from '@bid/shared';
import type { AppContext } from '../../context.ts';
import { operatorRoutes } from '../../http/route.ts';
import { adminTags as tags } from './tags.ts';

/** Packages and coupons. */
export function registerAdminCatalogueRoutes(scope: FastifyInstance, ctx: AppContext): void {
  const { commerceConsole, commerce } = ctx.services;
  const route = operatorRoutes(scope, tags);
  route(endpoints.adminPackageList, '全部套餐（含已停售）', () => commerceConsole.packages());
  route(endpoints.adminPackageSave, '新建或修改套餐（已下订单不受影响）', (_, body) =>
    commerceConsole.savePackage(body),
  );
  route(endpoints.adminPackageEnable, '上架或停售套餐', (_, body) => commerceConsole.setPackageEnabled(body));
  route(endpoints.adminCouponList, '全部优惠码', () => commerce.coupons.list());
  route(endpoints.adminCouponSave, '新建或修改优惠码', (_, body) => commerce.coupons.save(body));
  route(endpoints.adminCouponEnable, '启用或停用优惠码', (_, body) => commerce.coupons.setEnabled(body));
}
