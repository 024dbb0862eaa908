import { endpoints, type RequestOf } from '@bid/shared';
import { api, type RequestOptions } from '../../api/request.ts';

/** API.md "Commerce" and the operators' console, through the shared endpoint table. */
export const commerceApi = {
  packages: (opts?: RequestOptions) => api.call(endpoints.indexShow, undefined, opts),
  createOrder: (input: RequestOf<typeof endpoints.createOrder>, opts?: RequestOptions) =>
    api.call(endpoints.createOrder, input, opts),
  enjoyDiscounts: (input: RequestOf<typeof endpoints.enjoyDiscounts>, opts?: RequestOptions) =>
    api.call(endpoints.enjoyDiscounts, input, opts),
  cancelOrder: (id: string, opts?: RequestOptions) => api.call(endpoints.cancelOrder, { id }, opts),
  payMethods: (opts?: RequestOptions) => api.call(endpoints.payMethods, undefined, opts),
  order: (id: string, opts?: RequestOptions) => api.call(endpoints.orderDetail, { id }, opts),
  myOrders: (q: RequestOf<typeof endpoints.oneselfOrderList>, opts?: RequestOptions) =>
    api.call(endpoints.oneselfOrderList, q, opts),
  mine: (opts?: RequestOptions) => api.call(endpoints.oneselfList, undefined, opts),
  bidLog: (q: RequestOf<typeof endpoints.userBidLogList>, opts?: RequestOptions) =>
    api.call(endpoints.userBidLogList, q, opts),
};

export const adminApi = {
  dashboard: (opts?: RequestOptions) => api.call(endpoints.adminDashboard, undefined, opts),
  orders: (q: RequestOf<typeof endpoints.adminOrderList>, opts?: RequestOptions) =>
    api.call(endpoints.adminOrderList, q, opts),
  confirm: (id: string, opts?: RequestOptions) => api.call(endpoints.adminOrderConfirm, { id }, opts),
  refund: (input: RequestOf<typeof endpoints.adminOrderRefund>, opts?: RequestOptions) =>
    api.call(endpoints.adminOrderRefund, input, opts),
  revenue: (opts?: RequestOptions) => api.call(endpoints.adminRevenue, undefined, opts),
  users: (q: RequestOf<typeof endpoints.adminUserList>, opts?: RequestOptions) =>
    api.call(endpoints.adminUserList, q, opts),
  user: (id: string, opts?: RequestOptions) => api.call(endpoints.adminUserDetail, { id }, opts),
  grant: (input: RequestOf<typeof endpoints.adminUserGrant>, opts?: RequestOptions) =>
    api.call(endpoints.adminUserGrant, input, opts),
  setUserStatus: (input: RequestOf<typeof endpoints.adminUserStatus>, opts?: RequestOptions) =>
    api.call(endpoints.adminUserStatus, input, opts),
  packages: (opts?: RequestOptions) => api.call(endpoints.adminPackageList, undefined, opts),
  savePackage: (input: RequestOf<typeof endpoints.adminPackageSave>, opts?: RequestOptions) =>
    api.call(endpoints.adminPackageSave, input, opts),
  enablePackage: (input: RequestOf<typeof endpoints.adminPackageEnable>, opts?: RequestOptions) =>
    api.call(endpoints.adminPackageEnable, input, opts),
  coupons: (opts?: RequestOptions) => api.call(endpoints.adminCouponList, undefined, opts),
  saveCoupon: (input: RequestOf<typeof endpoints.adminCouponSave>, opts?: RequestOptions) =>
    api.call(endpoints.adminCouponSave, input, opts),
  enableCoupon: (input: RequestOf<typeof endpoints.adminCouponEnable>, opts?: RequestOptions) =>
    api.call(endpoints.adminCouponEnable, input, opts),
  audit: (q: RequestOf<typeof endpoints.adminAuditList>, opts?: RequestOptions) =>
    api.call(endpoints.adminAuditList, q, opts),
};

export const commerceKeys = {
  all: ['commerce'] as const,
  packages: ['commerce', 'packages'] as const,
  admin: ['commerce', 'admin'] as const,
};
