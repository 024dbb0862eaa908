import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { FastifyReply, FastifyRequest } from 'fastify';

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
 * Echoes the id in every answer sent through Fastify, errors included (the first onRequest hook
 * calls it: http/client-errors.ts). It goes into Fastify's reply headers, not onto the raw response:
 * a header set on the raw response sends Node's writeHead down its slow path, which sets and
 * validates every one of Fastify's headers a second time (measured under wrk on `GET /api/health`).
 * The event-stream writer, which takes the response over (hijack), writes the id itself (http/sse.ts).
 */
export function echoRequestId(req: FastifyRequest, reply: FastifyReply): void {
  reply.header(REQUEST_ID_HEADER, req.id);
}
