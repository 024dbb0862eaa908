import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { adminCouponItemSchema, adminPackageItemSchema, envelopeSchema, saveCouponSchema, savePackageSchema, setEnabledSchema } from '@bid/shared';
import type { AppContext } from '../../context.ts';
import { ok } from '../../http/envelope.ts';
import { adminTags as tags } from './tags.ts';

/** Packages and coupons. */
export function registerAdminCatalogueRoutes(scope: FastifyInstance, ctx: AppContext): void {
  const { commerceConsole, commerce } = ctx.services;
  const r = scope.withTypeProvider<ZodTypeProvider>();
  r.get('/api/admin/package/list', { schema: { tags, summary: '全部套餐（含已停售）', response: { 200: envelopeSchema(z.array(adminPackageItemSchema)) } } }, async () =>
    ok(await commerceConsole.packages()),
  );
  r.post(
    '/api/admin/package/save',
    { schema: { tags, summary: '新建或修改套餐（已下订单不受影响）', body: savePackageSchema, response: { 200: envelopeSchema(adminPackageItemSchema) } } },
    async (req) => ok(await commerceConsole.savePackage(req.body)),
  );
  r.post(
    '/api/admin/package/enable',
    { schema: { tags, summary: '上架或停售套餐', body: setEnabledSchema, response: { 200: envelopeSchema(adminPackageItemSchema) } } },
    async (req) => ok(await commerceConsole.setPackageEnabled(req.body)),
  );
  r.get('/api/admin/coupon/list', { schema: { tags, summary: '全部优惠码', response: { 200: envelopeSchema(z.array(adminCouponItemSchema)) } } }, async () => ok(await commerce.coupons.list()));
  r.post(
    '/api/admin/coupon/save',
    { schema: { tags, summary: '新建或修改优惠码', body: saveCouponSchema, response: { 200: envelopeSchema(adminCouponItemSchema) } } },
    async (req) => ok(await commerce.coupons.save(req.body)),
  );
  r.post(
    '/api/admin/coupon/enable',
    { schema: { tags, summary: '启用或停用优惠码', body: setEnabledSchema, response: { 200: envelopeSchema(adminCouponItemSchema) } } },
    async (req) => ok(await commerce.coupons.setEnabled(req.body)),
  );
}
