import { endpoints, type RequestOf } from '@bid/shared';
import { api, type RequestOptions } from '../../api/request.ts';

/** API.md "Commerce" and the operators' console, through the shared endpoint table. */
export const commerceApi = {
  packages: (opts?: RequestOptions) => api.call(endpoints.indexShow, undefined, opts),
  createOrder: (input: RequestOf<typeof endpoints.createOrder>, opts?: RequestOptions) => api.call(endpoints.createOrder, input, opts),
  payMethods: (opts?: RequestOptions) => api.call(endpoints.payMethods, undefined, opts),
  order: (id: string, opts?: RequestOptions) => api.call(endpoints.orderDetail, { id }, opts),
  myOrders: (q: RequestOf<typeof endpoints.oneselfOrderList>, opts?: RequestOptions) => api.call(endpoints.oneselfOrderList, q, opts),
  mine: (opts?: RequestOptions) => api.call(endpoints.oneselfList, undefined, opts),
  bidLog: (q: RequestOf<typeof endpoints.userBidLogList>, opts?: RequestOptions) => api.call(endpoints.userBidLogList, q, opts),
};

export const adminApi = {
  dashboard: (opts?: RequestOptions) => api.call(endpoints.adminDashboard, undefined, opts),
  orders: (q: RequestOf<typeof endpoints.adminOrderList>, opts?: RequestOptions) => api.call(endpoints.adminOrderList, q, opts),
  confirm: (id: string, opts?: RequestOptions) => api.call(endpoints.adminOrderConfirm, { id }, opts),
};

export const commerceKeys = {
  all: ['commerce'] as const,
  packages: ['commerce', 'packages'] as const,
  admin: ['commerce', 'admin'] as const,
};
