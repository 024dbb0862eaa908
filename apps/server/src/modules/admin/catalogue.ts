import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  adminCouponItemSchema,
  adminPackageItemSchema,
  saveCouponSchema,
  savePackageSchema,
  setEnabledSchema,
} from '@bid/shared';
import type { AppContext } from '../../context.ts';
import { operatorRoutes } from '../../http/route.ts';
import { adminTags as tags } from './tags.ts';

/** Packages and coupons. */
export function registerAdminCatalogueRoutes(scope: FastifyInstance, ctx: AppContext): void {
  const { commerceConsole, commerce } = ctx.services;
  const route = operatorRoutes(scope, tags);
  route.get(
    '/api/admin/package/list',
    { summary: '全部套餐（含已停售）', data: z.array(adminPackageItemSchema) },
    () => commerceConsole.packages(),
  );
  route.post(
    '/api/admin/package/save',
    { summary: '新建或修改套餐（已下订单不受影响）', input: savePackageSchema, data: adminPackageItemSchema },
    (_, body) => commerceConsole.savePackage(body),
  );
  route.post(
    '/api/admin/package/enable',
    { summary: '上架或停售套餐', input: setEnabledSchema, data: adminPackageItemSchema },
    (_, body) => commerceConsole.setPackageEnabled(body),
  );
  route.get('/api/admin/coupon/list', { summary: '全部优惠码', data: z.array(adminCouponItemSchema) }, () =>
    commerce.coupons.list(),
  );
  route.post(
    '/api/admin/coupon/save',
    { summary: '新建或修改优惠码', input: saveCouponSchema, data: adminCouponItemSchema },
    (_, body) => commerce.coupons.save(body),
  );
  route.post(
    '/api/admin/coupon/enable',
    { summary: '启用或停用优惠码', input: setEnabledSchema, data: adminCouponItemSchema },
    (_, body) => commerce.coupons.setEnabled(body),
  );
}
