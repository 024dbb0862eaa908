import type { FastifyInstance, FastifyReply } from 'fastify';
import { endpoints } from '@bid/shared';
import type { AppContext } from '../../context.ts';
import { sendFile, userRoutes } from '../../http/route.ts';
import type { IssuedFile } from './service.ts';

const tags = ['发票'];

export function sendPdf(reply: FastifyReply, f: IssuedFile): FastifyReply {
  return sendFile(reply, f, 'application/pdf', 'invoice.pdf');
}

/** API.md "Commerce" / SPEC Invoice: the caller's invoices (all of the company's for its administrator; see invoiceScope). */
export function registerInvoiceRoutes(app: FastifyInstance, ctx: AppContext): void {
  const service = ctx.services.invoices;
  const route = userRoutes(app, tags);
  route(endpoints.invoiceOrderList, '可开票的订单（已付款且未在开票中）', (actor) =>
    service.payableOrders(actor),
  );
  route(endpoints.saveInvoice, '申请开票（专用发票须填写税号、地址、电话、开户行与账号）', (actor, body) =>
    service.save(actor, body),
  );
  route(endpoints.invoiceList, '我的发票（申请中、已开具、已驳回）', (actor, body) =>
    service.list(actor, body),
  );
  route(endpoints.invoiceDetail, '发票详情（含订单与下载状态）', (actor, body) =>
    service.detail(actor, body.id),
  );
  route.send(endpoints.invoiceDownload, '下载已开具的发票 PDF', async (actor, q, _req, reply) =>
    sendPdf(reply, await service.download(actor, q.id)),
  );
}
