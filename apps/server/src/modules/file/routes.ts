import type { FastifyInstance, FastifyRequest } from 'fastify';
import multipart, { type MultipartFile } from '@fastify/multipart';
import { cleanName, Code, endpoints, FILE_MESSAGES, UPLOAD_TOKEN } from '@bid/shared';
import type { AppContext } from '../../context.ts';
import { userRoutes } from '../../http/route.ts';
import { AppError, badRequest } from '../../http/errors.ts';
import type { FileService } from './service.ts';
import { certificateFields } from '../knowledge/certificate.ts';
import { errorStatus } from '../../lib/unknown.ts';

const tags = ['文件'];

/**
 * The request's one multipart file part, handed to `work` with a signal that aborts when the client
 * goes away (a writer who closed the tab leaves the parse queue rather than wait in it).
 */
async function withFilePart<T>(
  req: FastifyRequest,
  tooLarge: string,
  work: (part: MultipartFile, gone: AbortSignal) => Promise<T>,
): Promise<T> {
  let part: MultipartFile | undefined;
  try {
    part = await req.file();
  } catch (e) {
    if (errorStatus(e) === 413) throw new AppError(Code.PAYLOAD_TOO_LARGE, tooLarge);
    throw badRequest(FILE_MESSAGES.noFile);
  }
  if (!part || part.fieldname !== 'file') throw badRequest(FILE_MESSAGES.noFile);
  const gone = new AbortController();
  const onClose = () => gone.abort();
  req.socket.once('close', onClose);
  try {
    return await work(part, gone.signal);
  } finally {
    req.socket.off('close', onClose);
  }
}

/** Tender uploads, in their own scope so that the multipart parser applies to them only. */
export async function registerFileRoutes(
  app: FastifyInstance,
  ctx: AppContext,
  files: FileService,
): Promise<void> {
  await app.register(async (scope) => {
    await scope.register(multipart, {
      limits: { fileSize: ctx.config.UPLOAD_LIMIT, files: 1, fields: 10, parts: 12, fieldSize: 1024 },
    });
    const route = userRoutes(scope, tags);
    const tooLarge = FILE_MESSAGES.tooLarge(files.limitMb);
    const summary = '上传招标文件（multipart 字段 file；PDF/DOCX/DOC/TXT），返回 fileId 与读取到的文字预览';
    route.upload(
      endpoints.uploadTender,
      {
        summary,
        maxBytes: ctx.config.UPLOAD_LIMIT,
        tooLarge,
        notMultipart: FILE_MESSAGES.noFile,
      },
      (actor, req) =>
        withFilePart(req, tooLarge, (part, gone) => {
          // The client's name for this upload (a field before the file), for uploadProgress.
          const field = part.fields.progress as { value?: unknown } | undefined;
          const token =
            typeof field?.value === 'string' && UPLOAD_TOKEN.test(field.value) ? field.value : undefined;
          return files.upload(actor, cleanName(part.filename), part.file, gone, token);
        }),
    );
    // The company library's scanned certificates: the same upload limits and OCR children.
    userRoutes(scope, ['企业资料库']).upload(
      endpoints.companyReadCertificate,
      {
        summary:
          '识别资质证书扫描件（multipart 字段 file；PNG/JPG 或 PDF 首页），返回建议填写的证书名称、编号、发证机关、有效期，不保存',
        maxBytes: ctx.config.UPLOAD_LIMIT,
        tooLarge,
        notMultipart: FILE_MESSAGES.noFile,
      },
      (actor, req) =>
        withFilePart(req, tooLarge, async (part, gone) => {
          const text = await files.readScan(actor, part.file, gone);
          return { ...certificateFields(text), text };
        }),
    );
    route(endpoints.uploadProgress, '上传中文件的文字识别进度（扫描件逐页识别）', (actor, body) =>
      files.progressOf(actor, body.token),
    );
    // <img src> cannot send the client headers: authenticated by the session cookie, as pictures are.
    route.send(
      endpoints.filePageImage,
      {
        summary: '扫描件某页的图片（经文字识别的页，用于在页面上标出原文位置）',
        config: { clientCheck: false },
      },
      async (actor, p, _req, reply) => {
        const jpeg = await files.pageImage(actor, p.id, Number(p.page));
        reply.header('cache-control', 'private, max-age=86400');
        reply.header('x-content-type-options', 'nosniff');
        return reply.type('image/jpeg').send(jpeg);
      },
    );
    route(endpoints.fileDetail, '已上传文件的信息与文字预览', (actor, body) => files.detail(actor, body.id));
  });
}
