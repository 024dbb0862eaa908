import type { FastifyInstance, FastifyReply } from 'fastify';
import { endpoints } from '@bid/shared';
import { operatorRoutes } from '../../http/route.ts';
import type { AppContext } from '../../context.ts';
import { adminTags as tags } from './tags.ts';

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
  const route = operatorRoutes(scope, tags);
  route(endpoints.adminFeedbackList, '意见反馈（未回复的在前）', (_, q) => feedback.adminList(q));
  route(endpoints.adminFeedbackReply, '回复意见反馈（用户可见）', (actor, body) =>
    feedback.reply(actor, body),
  );
  // <img src> sends the Admin-Token cookie, not the client headers.
  route.send(
    endpoints.adminFeedbackImage,
    { summary: '反馈截图（只限该反馈附带的图片）', config: { clientCheck: false } },
    async (_, p, _req, reply) => {
      const owner = await feedback.imageOwner(p.feedbackId, p.pictureId);
      const f = await picture.file(owner, p.pictureId, false);
      return sendImage(reply, f.mime, await picture.storage.stream(f.path));
    },
  );
}
