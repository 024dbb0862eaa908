import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { FastifyInstance } from 'fastify';

export const REQUEST_ID_HEADER = 'x-request-id';

/** What an incoming id may look like: a proxy's or a client's, short, nothing that could forge a log line. */
const SANE_ID = /^[A-Za-z0-9._:-]{8,128}$/;

/**
 * The request's id (Fastify's genReqId; it is `reqId` on every line logged through `req.log`): the
 * one the proxy or client sent in X-Request-ID when it looks sane (nginx's `$request_id`, a
 * tracing id), so one id follows a call from the proxy's log to ours; otherwise a new UUID, unique
 * across instances (Fastify's default counter starts at req-1 in every process).
 */
export function requestIdOf(req: IncomingMessage): string {
  const given = req.headers[REQUEST_ID_HEADER];
  if (typeof given === 'string' && SANE_ID.test(given)) return given;
  return randomUUID();
}

/**
 * Echoes the id in every answer, errors and event streams included: set on the raw response, it is
 * merged into whatever writes the head (Fastify's send, or the SSE writer after hijack).
 */
export function installRequestId(app: FastifyInstance): void {
  app.addHook('onRequest', (req, reply, done) => {
    reply.raw.setHeader(REQUEST_ID_HEADER, req.id);
    done();
  });
}
