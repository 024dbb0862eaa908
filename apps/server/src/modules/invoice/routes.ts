import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  binaryResponseSchema,
  envelopeSchema,
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
import { ok } from '../../http/envelope.ts';
import { sendFile } from '../../http/route.ts';
import type { IssuedFile } from './service.ts';

const tags = ['发票'];

export function sendPdf(reply: FastifyReply, f: IssuedFile): FastifyReply {
  return sendFile(reply, f, 'application/pdf', 'invoice.pdf');
}

/** API.md "Commerce" / SPEC Invoice: the caller's invoices (a company's for company users). */
export function registerInvoiceRoutes(app: FastifyInstance, ctx: AppContext): void {
  const service = ctx.services.invoices;
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.post(
    '/api/invoice/client/getOrderList',
    { schema: { tags, summary: '可开票的订单（已付款且未在开票中）', response: { 200: envelopeSchema(z.array(invoiceOrderSchema)) } } },
    async (req) => ok(await service.payableOrders(requireAuth(req))),
  );
  r.post(
    '/api/invoice/client/saveInvoice',
    { schema: { tags, summary: '申请开票（专用发票须填写税号、地址、电话、开户行与账号）', body: saveInvoiceSchema, response: { 200: envelopeSchema(invoiceSavedSchema) } } },
    async (req) => ok(await service.save(requireAuth(req), req.body)),
  );
  r.post(
    '/api/invoice/client/getInvoiceList',
    { schema: { tags, summary: '我的发票（申请中、已开具、已驳回）', body: invoiceListQuerySchema, response: { 200: envelopeSchema(pageSchema(invoiceItemSchema)) } } },
    async (req) => ok(await service.list(requireAuth(req), req.body)),
  );
  r.post(
    '/api/invoice/client/getInvoiceDetail',
    { schema: { tags, summary: '发票详情（含订单与下载状态）', body: idParamSchema, response: { 200: envelopeSchema(invoiceDetailSchema) } } },
    async (req) => ok(await service.detail(requireAuth(req), req.body.id)),
  );
  r.get(
    '/api/invoice/client/download',
    { schema: { tags, summary: '下载已开具的发票 PDF', querystring: idParamSchema, response: { 200: binaryResponseSchema } } },
    async (req, reply) => sendPdf(reply, await service.download(requireAuth(req), req.query.id)),
  );
}
