import { z } from 'zod';
import { pageQuerySchema, pageSchema } from '../envelope.ts';
import { idParamSchema } from '../schemas/common.ts';
import {
  adminDashboardSchema,
  adminOrderItemSchema,
  adminOrderListQuerySchema,
  bidLogItemSchema,
  confirmOrderResultSchema,
  createOrderResultSchema,
  createOrderSchema,
  enjoyDiscountsResultSchema,
  enjoyDiscountsSchema,
  oneselfListSchema,
  orderItemSchema,
  packageItemSchema,
  payMethodsSchema,
} from '../schemas/commerce.ts';
import { get, post, type Out } from './define.ts';

/** Commerce and the operators' console. */
export const commerceEndpoints = {
  // ---- commerce and the operators' console ----
  indexShow: get<Out<typeof packageItemSchema>[]>(
    '/order/client/indexShow',
    null,
    z.array(packageItemSchema),
  ),
  createOrder: post<Out<typeof createOrderResultSchema>, typeof createOrderSchema>(
    '/order/client/create',
    createOrderSchema,
    createOrderResultSchema,
  ),
  enjoyDiscounts: post<Out<typeof enjoyDiscountsResultSchema>, typeof enjoyDiscountsSchema>(
    '/order/client/enjoy-discounts',
    enjoyDiscountsSchema,
    enjoyDiscountsResultSchema,
  ),
  cancelOrder: post<Out<typeof orderItemSchema>, typeof idParamSchema>(
    '/order/client/cancel',
    idParamSchema,
    orderItemSchema,
  ),
  payMethods: get<Out<typeof payMethodsSchema>>('/order/client/payMethods', null, payMethodsSchema),
  orderDetail: get<Out<typeof orderItemSchema>, typeof idParamSchema>(
    '/order/client/orderDetail',
    idParamSchema,
    orderItemSchema,
  ),
  oneselfOrderList: get<Out<ReturnType<typeof pageSchema<typeof orderItemSchema>>>, typeof pageQuerySchema>(
    '/order/client/oneselfOrderList',
    pageQuerySchema,
    pageSchema(orderItemSchema),
  ),
  oneselfList: get<Out<typeof oneselfListSchema>>('/order/client/oneselfList', null, oneselfListSchema),
  userBidLogList: get<Out<ReturnType<typeof pageSchema<typeof bidLogItemSchema>>>, typeof pageQuerySchema>(
    '/order/userBidLog/client/list',
    pageQuerySchema,
    pageSchema(bidLogItemSchema),
  ),
  adminDashboard: get<Out<typeof adminDashboardSchema>>('/admin/dashboard', null, adminDashboardSchema),
  adminOrderList: get<
    Out<ReturnType<typeof pageSchema<typeof adminOrderItemSchema>>>,
    typeof adminOrderListQuerySchema
  >('/admin/order/list', adminOrderListQuerySchema, pageSchema(adminOrderItemSchema)),
  adminOrderConfirm: post<Out<typeof confirmOrderResultSchema>, typeof idParamSchema>(
    '/admin/order/confirm',
    idParamSchema,
    confirmOrderResultSchema,
  ),
} as const;
