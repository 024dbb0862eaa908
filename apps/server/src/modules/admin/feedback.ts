import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  adminFeedbackItemSchema,
  adminFeedbackListQuerySchema,
  adminFeedbackReplySchema,
  binaryResponseSchema,
  envelopeSchema,
  feedbackItemSchema,
  pageSchema,
} from '@bid/shared';
import type { AppContext } from '../../context.ts';
import { requireAuth } from '../../http/auth.ts';
import { ok } from '../../http/envelope.ts';
import { adminTags as tags } from './tags.ts';

const imageParams = z.object({
  feedbackId: z.string().regex(/^[\w-]{1,64}$/, '反馈编号不正确'),
  pictureId: z.string().regex(/^[\w-]{1,64}$/, '截图编号不正确'),
});

function sendImage(reply: FastifyReply, mime: string, body: NodeJS.ReadableStream) {
  reply.header('cache-control', 'private, max-age=86400');
  reply.header('x-content-type-options', 'nosniff');
  // An SVG screenshot opened on its own must not run anything.
  if (mime === 'image/svg+xml')
    reply.header(
      'content-security-policy',
      "default-src 'none'; img-src data:; style-src 'unsafe-inline'; sandbox",
    );
  return reply.type(mime).send(body);
}

/** Users' feedback in the console: list (unreplied first), reply, and the screenshots. */
export function registerAdminFeedbackRoutes(scope: FastifyInstance, ctx: AppContext): void {
  const { feedback, picture } = ctx.services;
  const r = scope.withTypeProvider<ZodTypeProvider>();
  r.get(
    '/api/admin/feedback/list',
    {
      schema: {
        tags,
        summary: '意见反馈（未回复的在前）',
        querystring: adminFeedbackListQuerySchema,
        response: { 200: envelopeSchema(pageSchema(adminFeedbackItemSchema)) },
      },
    },
    async (req) => ok(await feedback.adminList(req.query)),
  );
  r.post(
    '/api/admin/feedback/reply',
    {
      schema: {
        tags,
        summary: '回复意见反馈（用户可见）',
        body: adminFeedbackReplySchema,
        response: { 200: envelopeSchema(feedbackItemSchema) },
      },
    },
    async (req) => ok(await feedback.reply(requireAuth(req), req.body)),
  );
  // <img src> sends the Admin-Token cookie, not the client headers.
  r.get(
    '/api/admin/feedback/image/:feedbackId/:pictureId',
    {
      config: { clientCheck: false },
      schema: {
        tags,
        summary: '反馈截图（只限该反馈附带的图片）',
        params: imageParams,
        response: { 200: binaryResponseSchema },
      },
    },
    async (req, reply) => {
      const owner = await feedback.imageOwner(req.params.feedbackId, req.params.pictureId);
      const f = await picture.file(owner, req.params.pictureId, false);
      return sendImage(reply, f.mime, picture.storage.stream(f.path));
    },
  );
}
