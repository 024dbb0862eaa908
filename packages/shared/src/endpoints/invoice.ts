import { z } from 'zod';
import { pageSchema } from '../envelope.ts';
import { idParamSchema } from '../schemas/common.ts';
import { binaryResponseSchema } from '../schemas/responses.ts';
import {
  adminInvoiceItemSchema,
  invoiceDetailSchema,
  invoiceItemSchema,
  invoiceListQuerySchema,
  invoiceOrderSchema,
  invoiceSavedSchema,
  rejectInvoiceSchema,
  saveInvoiceSchema,
} from '../schemas/invoice.ts';
import { get, post, type Out } from './define.ts';

/** Invoices: the user's application, list, detail and PDF; the console's list, issue and reject. */
export const invoiceEndpoints = {
  invoiceOrderList: post<Out<typeof invoiceOrderSchema>[]>(
    '/invoice/client/getOrderList',
    null,
    z.array(invoiceOrderSchema),
  ),
  saveInvoice: post<Out<typeof invoiceSavedSchema>, typeof saveInvoiceSchema>(
    '/invoice/client/saveInvoice',
    saveInvoiceSchema,
    invoiceSavedSchema,
  ),
  invoiceList: post<
    Out<ReturnType<typeof pageSchema<typeof invoiceItemSchema>>>,
    typeof invoiceListQuerySchema
  >('/invoice/client/getInvoiceList', invoiceListQuerySchema, pageSchema(invoiceItemSchema)),
  invoiceDetail: post<Out<typeof invoiceDetailSchema>, typeof idParamSchema>(
    '/invoice/client/getInvoiceDetail',
    idParamSchema,
    invoiceDetailSchema,
  ),
  invoiceDownload: get<Blob, typeof idParamSchema>(
    '/invoice/client/download',
    idParamSchema,
    binaryResponseSchema,
    'blob',
  ),
  adminInvoiceList: get<
    Out<ReturnType<typeof pageSchema<typeof adminInvoiceItemSchema>>>,
    typeof invoiceListQuerySchema
  >('/admin/invoice/list', invoiceListQuerySchema, pageSchema(adminInvoiceItemSchema)),
  adminInvoiceIssue: post<Out<typeof invoiceDetailSchema>>(
    '/admin/invoice/issue',
    null,
    invoiceDetailSchema,
    'upload',
  ),
  adminInvoiceReject: post<Out<typeof invoiceDetailSchema>, typeof rejectInvoiceSchema>(
    '/admin/invoice/reject',
    rejectInvoiceSchema,
    invoiceDetailSchema,
  ),
  adminInvoiceDownload: get<Blob, typeof idParamSchema>(
    '/admin/invoice/download',
    idParamSchema,
    binaryResponseSchema,
    'blob',
  ),
} as const;
