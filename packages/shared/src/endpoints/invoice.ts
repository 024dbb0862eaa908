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
import { get, post, type In, type Out } from './define.ts';

/** Invoices: the user's application, list, detail and PDF; the console's list, issue and reject. */
export const invoiceEndpoints = {
  invoiceOrderList: post<Out<typeof invoiceOrderSchema>[]>(
    '/invoice/client/getOrderList',
    null,
    z.array(invoiceOrderSchema),
  ),
  saveInvoice: post<Out<typeof invoiceSavedSchema>, In<typeof saveInvoiceSchema>>(
    '/invoice/client/saveInvoice',
    saveInvoiceSchema,
    invoiceSavedSchema,
  ),
  invoiceList: post<
    Out<ReturnType<typeof pageSchema<typeof invoiceItemSchema>>>,
    In<typeof invoiceListQuerySchema>
  >('/invoice/client/getInvoiceList', invoiceListQuerySchema, pageSchema(invoiceItemSchema)),
  invoiceDetail: post<Out<typeof invoiceDetailSchema>, In<typeof idParamSchema>>(
    '/invoice/client/getInvoiceDetail',
    idParamSchema,
    invoiceDetailSchema,
  ),
  invoiceDownload: get<Blob, In<typeof idParamSchema>>(
    '/invoice/client/download',
    idParamSchema,
    binaryResponseSchema,
    'blob',
  ),
  adminInvoiceList: get<
    Out<ReturnType<typeof pageSchema<typeof adminInvoiceItemSchema>>>,
    In<typeof invoiceListQuerySchema>
  >('/admin/invoice/list', invoiceListQuerySchema, pageSchema(adminInvoiceItemSchema)),
  adminInvoiceIssue: post<Out<typeof invoiceDetailSchema>>(
    '/admin/invoice/issue',
    null,
    invoiceDetailSchema,
    'upload',
  ),
  adminInvoiceReject: post<Out<typeof invoiceDetailSchema>, In<typeof rejectInvoiceSchema>>(
    '/admin/invoice/reject',
    rejectInvoiceSchema,
    invoiceDetailSchema,
  ),
  adminInvoiceDownload: get<Blob, In<typeof idParamSchema>>(
    '/admin/invoice/download',
    idParamSchema,
    binaryResponseSchema,
    'blob',
  ),
} as const;
