import { z } from 'zod';
import { pageSchema } from '../envelope.ts';
import { idParamSchema } from '../schemas/common.ts';
import {
  adminCouponItemSchema,
  adminPackageItemSchema,
  adminRevenueSchema,
  adminUserDetailSchema,
  adminUserItemSchema,
  adminUserListQuerySchema,
  auditLogItemSchema,
  auditLogQuerySchema,
  grantQuotaSchema,
  refundOrderResultSchema,
  refundOrderSchema,
  saveCouponSchema,
  savePackageSchema,
  setEnabledSchema,
  setUserStatusSchema,
  userStatusResultSchema,
} from '../schemas/admin.ts';
import { get, post, type Out } from './define.ts';

type PageOf<S extends z.ZodTypeAny> = Out<ReturnType<typeof pageSchema<S>>>;

/** The operators' console beyond orders: audit log, users and companies, packages and coupons, refunds, revenue. */
export const adminEndpoints = {
  adminAuditList: get<PageOf<typeof auditLogItemSchema>, typeof auditLogQuerySchema>(
    '/admin/audit/list',
    auditLogQuerySchema,
    pageSchema(auditLogItemSchema),
  ),
  adminUserList: get<PageOf<typeof adminUserItemSchema>, typeof adminUserListQuerySchema>(
    '/admin/user/list',
    adminUserListQuerySchema,
    pageSchema(adminUserItemSchema),
  ),
  adminUserDetail: get<Out<typeof adminUserDetailSchema>, typeof idParamSchema>(
    '/admin/user/detail',
    idParamSchema,
    adminUserDetailSchema,
  ),
  adminUserGrant: post<Out<typeof adminUserDetailSchema>, typeof grantQuotaSchema>(
    '/admin/user/grant',
    grantQuotaSchema,
    adminUserDetailSchema,
  ),
  adminUserStatus: post<Out<typeof userStatusResultSchema>, typeof setUserStatusSchema>(
    '/admin/user/status',
    setUserStatusSchema,
    userStatusResultSchema,
  ),
  adminPackageList: get<Out<typeof adminPackageItemSchema>[]>(
    '/admin/package/list',
    null,
    z.array(adminPackageItemSchema),
  ),
  adminPackageSave: post<Out<typeof adminPackageItemSchema>, typeof savePackageSchema>(
    '/admin/package/save',
    savePackageSchema,
    adminPackageItemSchema,
  ),
  adminPackageEnable: post<Out<typeof adminPackageItemSchema>, typeof setEnabledSchema>(
    '/admin/package/enable',
    setEnabledSchema,
    adminPackageItemSchema,
  ),
  adminCouponList: get<Out<typeof adminCouponItemSchema>[]>(
    '/admin/coupon/list',
    null,
    z.array(adminCouponItemSchema),
  ),
  adminCouponSave: post<Out<typeof adminCouponItemSchema>, typeof saveCouponSchema>(
    '/admin/coupon/save',
    saveCouponSchema,
    adminCouponItemSchema,
  ),
  adminCouponEnable: post<Out<typeof adminCouponItemSchema>, typeof setEnabledSchema>(
    '/admin/coupon/enable',
    setEnabledSchema,
    adminCouponItemSchema,
  ),
  adminOrderRefund: post<Out<typeof refundOrderResultSchema>, typeof refundOrderSchema>(
    '/admin/order/refund',
    refundOrderSchema,
    refundOrderResultSchema,
  ),
  adminRevenue: get<Out<typeof adminRevenueSchema>>('/admin/revenue', null, adminRevenueSchema),
} as const;
