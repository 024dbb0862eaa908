import type { FastifyInstance } from 'fastify';
import multipart from '@fastify/multipart';
import { cleanName, Code, endpoints, idSchema, INVOICE_LIMITS, INVOICE_MSG } from '@bid/shared';
import type { AppContext } from '../../context.ts';
import { operatorRoutes } from '../../http/route.ts';
import { AppError, badRequest } from '../../http/errors.ts';
import { sendPdf } from '../invoice/routes.ts';
import { adminTags as tags } from './tags.ts';
import { errorText, errorStatus } from '../../lib/unknown.ts';

/** What an issue upload carries: the invoice id (field `id`) and the PDF (field `file`). */
interface IssueUpload {
  id: string | null;
  fileName: string;
  content: Buffer | null;
}

/**
 * Invoices in the console: list, issue (upload the PDF), reject with a reason. Registered inside the
 * operator-only scope of routes.ts; the upload gets its own child scope for the multipart parser.
 */
export function registerAdminInvoiceRoutes(scope: FastifyInstance, ctx: AppContext): void {
  const { invoices } = ctx.services;
  const route = operatorRoutes(scope, tags);
  route(endpoints.adminInvoiceList, '发票申请（可按状态筛选）', (_, q) => invoices.adminList(q));
  route(endpoints.adminInvoiceReject, '驳回发票申请（订单可重新申请）', (actor, body) =>
    invoices.reject(actor, body.id, body.reason),
  );
  route.send(endpoints.adminInvoiceDownload, '查看已开具的发票 PDF', async (_, q, _req, reply) =>
    sendPdf(reply, await invoices.adminDownload(q.id)),
  );
  void scope.register(async (upload) => {
    await upload.register(multipart, {
      limits: { fileSize: INVOICE_LIMITS.pdfBytes, files: 1, fields: 4, parts: 6, fieldSize: 256 },
    });
    const issue = {
      summary: '开具发票：上传发票 PDF（multipart 字段 id 与 file）',
      maxBytes: INVOICE_LIMITS.pdfBytes,
      tooLarge: INVOICE_MSG.pdfTooLarge,
      notMultipart: INVOICE_MSG.pdfMissing,
    };
    operatorRoutes(upload, tags).upload(endpoints.adminInvoiceIssue, issue, async (operator, req) => {
      const got: IssueUpload = { id: null, fileName: '', content: null };
      try {
        for await (const part of req.parts()) {
          if (part.type === 'file') {
            if (part.fieldname !== 'file') throw badRequest(INVOICE_MSG.pdfMissing);
            got.fileName = cleanName(part.filename);
            got.content = await part.toBuffer();
          } else if (part.fieldname === 'id') {
            got.id = String(part.value);
          }
        }
      } catch (e) {
        if (e instanceof AppError) throw e;
        if (errorStatus(e) === 413 || errorText(e, 'code') === 'FST_REQ_FILE_TOO_LARGE')
          throw new AppError(Code.PAYLOAD_TOO_LARGE, INVOICE_MSG.pdfTooLarge);
        throw badRequest(INVOICE_MSG.pdfMissing);
      }
      const id = idSchema.safeParse(got.id);
      if (!id.success) throw badRequest('请指定要开具的发票');
      if (!got.content) throw badRequest(INVOICE_MSG.pdfMissing);
      // The audit log (admin scope) records the body: say which invoice got which file, not its bytes.
      req.body = { id: id.data, fileName: got.fileName, size: got.content.length };
      return invoices.issue(operator, id.data, got.fileName, got.content);
    });
  });
}
