import type { FastifyInstance } from 'fastify';
import multipart from '@fastify/multipart';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { Code, envelopeSchema, FILE_MESSAGES, idParamSchema, uploadedFileSchema } from '@bid/shared';
import type { AppContext } from '../../context.ts';
import { requireAuth } from '../../http/auth.ts';
import { ok } from '../../http/envelope.ts';
import { userRoutes } from '../../http/route.ts';
import { AppError, badRequest } from '../../http/errors.ts';
import type { FileService } from './service.ts';

const tags = ['文件'];

/** Tender uploads, in their own scope so that the multipart parser applies to them only. */
export async function registerFileRoutes(app: FastifyInstance, ctx: AppContext, files: FileService): Promise<void> {
  await app.register(async (scope) => {
    await scope.register(multipart, {
      limits: { fileSize: ctx.config.UPLOAD_LIMIT, files: 1, fields: 10, parts: 12, fieldSize: 1024 },
    });
    const r = scope.withTypeProvider<ZodTypeProvider>();
  const route = userRoutes(scope, tags);

    r.post(
      '/api/file/client/uploadTender',
      {
        schema: {
          tags,
          summary: '上传招标文件（multipart 字段 file；PDF/DOCX/DOC/TXT），返回 fileId 与读取到的文字预览',
          consumes: ['multipart/form-data'],
          response: { 200: envelopeSchema(uploadedFileSchema) },
        },
      },
      async (req) => {
        const owner = requireAuth(req);
        // A declared size far over the limit is refused before a byte is read.
        const declared = Number(req.headers['content-length'] ?? 0);
        if (declared > ctx.config.UPLOAD_LIMIT + 64 * 1024) throw new AppError(Code.PAYLOAD_TOO_LARGE, FILE_MESSAGES.tooLarge(files.limitMb));
        if (!req.isMultipart()) throw badRequest(FILE_MESSAGES.noFile);
        let part;
        try {
          part = await req.file();
        } catch (e) {
          if ((e as { statusCode?: number }).statusCode === 413) throw new AppError(Code.PAYLOAD_TOO_LARGE, FILE_MESSAGES.tooLarge(files.limitMb));
          throw badRequest(FILE_MESSAGES.noFile);
        }
        if (!part || part.fieldname !== 'file') throw badRequest(FILE_MESSAGES.noFile);
        return ok(await files.upload(owner, part.filename, part.file));
      },
    );

    route.post('/api/file/client/detail', { summary: '已上传文件的信息与文字预览', input: idParamSchema, data: uploadedFileSchema }, (actor, body) => files.detail(actor, body.id));
  });
}
