import type {
  AdminDashboard,
  AdminOrderItem,
  AdminOrderListQuery,
  BidLogItem,
  ConfirmOrderResult,
  CreateOrderInput,
  CreateOrderResult,
  OneselfList,
  OrderItem,
  PackageItem,
  Page,
  PageQuery,
  PayMethods,
} from '@bid/shared';
import { api, type RequestOptions } from '../../api/request.ts';

/** API.md "Commerce" and the operators' console, typed by the shared schemas. */
export const commerceApi = {
  packages: (opts?: RequestOptions) => api.get<PackageItem[]>('/order/client/indexShow', undefined, opts),
  createOrder: (input: CreateOrderInput, opts?: RequestOptions) => api.post<CreateOrderResult>('/order/client/create', input, opts),
  myOrders: (q: PageQuery, opts?: RequestOptions) => api.get<Page<OrderItem>>('/order/client/oneselfOrderList', q, opts),
  payMethods: (opts?: RequestOptions) => api.get<PayMethods>('/order/client/payMethods', undefined, opts),
  order: (id: string, opts?: RequestOptions) => api.get<OrderItem>('/order/client/orderDetail', { id }, opts),
  mine: (opts?: RequestOptions) => api.get<OneselfList>('/order/client/oneselfList', undefined, opts),
  bidLog: (q: PageQuery, opts?: RequestOptions) => api.get<Page<BidLogItem>>('/order/userBidLog/client/list', q, opts),
};

export const adminApi = {
  dashboard: (opts?: RequestOptions) => api.get<AdminDashboard>('/admin/dashboard', undefined, opts),
  orders: (q: Partial<AdminOrderListQuery>, opts?: RequestOptions) => api.get<Page<AdminOrderItem>>('/admin/order/list', q, opts),
  confirm: (id: string, opts?: RequestOptions) => api.post<ConfirmOrderResult>('/admin/order/confirm', { id }, opts),
};

export const commerceKeys = {
  all: ['commerce'] as const,
  packages: ['commerce', 'packages'] as const,
  admin: ['commerce', 'admin'] as const,
};
