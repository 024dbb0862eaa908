import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import multipart from '@fastify/multipart';
import {
  cleanName,
  Code,
  endpoints,
  PICTURE_LIMITS,
  PICTURE_MSG,
  pictureNameSchema,
  pictureTagsSchema,
} from '@bid/shared';
import type { AppContext } from '../../context.ts';
import { ok } from '../../http/envelope.ts';
import { userRoutes } from '../../http/route.ts';
import { AppError, badRequest } from '../../http/errors.ts';
import type { PictureService, UploadInput } from './service.ts';
import { errorText } from '../../lib/unknown.ts';

const tags = ['图片库'];

/** Reads the one file part and the optional `name` / `tags` fields, within the picture limits. */
async function readUpload(req: FastifyRequest): Promise<UploadInput> {
  if (!req.isMultipart()) throw badRequest(PICTURE_MSG.noFile);
  let file: { bytes: Buffer; fileName: string } | null = null;
  const fields: Record<string, string> = {};
  try {
    for await (const part of req.parts({
      limits: { fileSize: PICTURE_LIMITS.maxBytes, files: 1, fields: 10, fieldSize: 4000, parts: 12 },
    })) {
      if (part.type === 'file') {
        if (part.fieldname !== 'file') {
          part.file.resume();
          continue;
        }
        file = { bytes: await part.toBuffer(), fileName: cleanName(part.filename ?? '') };
      } else {
        fields[part.fieldname] = String(part.value ?? '');
      }
    }
  } catch (err) {
    const code = errorText(err, 'code');
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw new AppError(Code.PAYLOAD_TOO_LARGE, PICTURE_MSG.tooLarge);
    if (code === 'FST_FILES_LIMIT' || code === 'FST_PARTS_LIMIT' || code === 'FST_FIELDS_LIMIT')
      throw badRequest('一次只能上传一张图片');
    if (code === 'FST_INVALID_MULTIPART_CONTENT_TYPE' || code === 'FST_MULTIPART_INVALID_CONTENT_TYPE')
      throw badRequest(PICTURE_MSG.noFile);
    throw err;
  }
  if (!file) throw badRequest(PICTURE_MSG.noFile);
  const out: UploadInput = { ...file };
  if (fields.name?.trim()) {
    const name = pictureNameSchema.safeParse(fields.name);
    if (!name.success) throw badRequest(name.error.issues[0].message);
    out.name = name.data;
  }
  if (fields.tags?.trim()) {
    let raw: unknown = fields.tags;
    if (fields.tags.trim().startsWith('[')) {
      try {
        raw = JSON.parse(fields.tags);
      } catch {
        /* a plain comma list */
      }
    }
    const t = pictureTagsSchema.safeParse(raw);
    if (!t.success) throw badRequest(t.error.issues[0].message);
    out.tags = t.data;
  }
  return out;
}

async function sendFile(
  reply: FastifyReply,
  service: PictureService,
  f: Awaited<ReturnType<PictureService['file']>>,
  req: FastifyRequest,
) {
  reply.header('cache-control', 'private, max-age=86400');
  reply.header('etag', f.etag);
  reply.header('x-content-type-options', 'nosniff');
  reply.header('content-disposition', `inline; filename*=UTF-8''${encodeURIComponent(f.name)}`);
  if (f.mime === 'image/svg+xml') {
    // An SVG opened on its own must not run anything, even if the upload check missed something.
    reply.header(
      'content-security-policy',
      "default-src 'none'; img-src data:; style-src 'unsafe-inline'; sandbox",
    );
  }
  if (req.headers['if-none-match'] === f.etag) return reply.status(304).send();
  return reply.type(f.mime).send(await service.storage.stream(f.path));
}

/** The picture library's routes. */
export async function registerPictureModule(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const service = ctx.services.picture;

  await app.register(async (scope) => {
    if (!scope.hasContentTypeParser('multipart/form-data'))
      await scope.register(multipart, { limits: { fileSize: PICTURE_LIMITS.maxBytes, files: 1 } });
    const route = userRoutes(scope, tags);

    route.send(
      endpoints.pictureUpload,
      '上传图片（multipart 字段 file；可选 name、tags）',
      async (actor, _, req) => ok(await service.upload(actor, await readUpload(req))),
    );

    route(endpoints.pictureList, '图片列表（按名称和标签搜索）', (actor, body) => service.list(actor, body));

    route(endpoints.pictureDetail, '图片详情', (actor, body) => service.detail(actor, body.id));

    route(endpoints.pictureUpdate, '修改图片名称和标签', (actor, body) => service.update(actor, body));

    route(endpoints.pictureRemove, '删除图片（id 或 ids）', (actor, body) =>
      service.remove(actor, body.ids?.length ? body.ids : [body.id!]),
    );

    route(endpoints.pictureTags, '全部标签及图片数', (actor) => service.tags(actor));

    // <img src> cannot send the client headers: these two are authenticated by the Admin-Token cookie (or Blade-Auth).
    const image = { clientCheck: false } as const;
    route.send(endpoints.pictureFile, { summary: '图片原图', config: image }, async (actor, p, req, reply) =>
      sendFile(reply, service, await service.file(actor, p.id, false), req),
    );
    route.send(
      endpoints.pictureThumb,
      { summary: '图片缩略图', config: image },
      async (actor, p, req, reply) => sendFile(reply, service, await service.file(actor, p.id, true), req),
    );
  });
}
