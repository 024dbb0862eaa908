import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  binaryResponseSchema,
  idParamSchema,
  invoiceDetailSchema,
  invoiceItemSchema,
  invoiceListQuerySchema,
  invoiceOrderSchema,
  invoiceSavedSchema,
  pageSchema,
  saveInvoiceSchema,
} from '@bid/shared';
import type { AppContext } from '../../context.ts';
import { requireAuth } from '../../http/auth.ts';
import { sendFile, userRoutes } from '../../http/route.ts';
import type { IssuedFile } from './service.ts';

const tags = ['发票'];

export function sendPdf(reply: FastifyReply, f: IssuedFile): FastifyReply {
  return sendFile(reply, f, 'application/pdf', 'invoice.pdf');
}

/** API.md "Commerce" / SPEC Invoice: the caller's invoices (a company's for company users). */
export function registerInvoiceRoutes(app: FastifyInstance, ctx: AppContext): void {
  const service = ctx.services.invoices;
  const r = app.withTypeProvider<ZodTypeProvider>();
  const route = userRoutes(app, tags);
  route.post(
    '/api/invoice/client/getOrderList',
    { summary: '可开票的订单（已付款且未在开票中）', data: z.array(invoiceOrderSchema) },
    (actor) => service.payableOrders(actor),
  );
  route.post(
    '/api/invoice/client/saveInvoice',
    {
      summary: '申请开票（专用发票须填写税号、地址、电话、开户行与账号）',
      input: saveInvoiceSchema,
      data: invoiceSavedSchema,
    },
    (actor, body) => service.save(actor, body),
  );
  route.post(
    '/api/invoice/client/getInvoiceList',
    {
      summary: '我的发票（申请中、已开具、已驳回）',
      input: invoiceListQuerySchema,
      data: pageSchema(invoiceItemSchema),
    },
    (actor, body) => service.list(actor, body),
  );
  route.post(
    '/api/invoice/client/getInvoiceDetail',
    { summary: '发票详情（含订单与下载状态）', input: idParamSchema, data: invoiceDetailSchema },
    (actor, body) => service.detail(actor, body.id),
  );
  r.get(
    '/api/invoice/client/download',
    {
      schema: {
        tags,
        summary: '下载已开具的发票 PDF',
        querystring: idParamSchema,
        response: { 200: binaryResponseSchema },
      },
    },
    async (req, reply) => sendPdf(reply, await service.download(requireAuth(req), req.query.id)),
  );
}
