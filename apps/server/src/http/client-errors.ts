import { randomUUID } from 'node:crypto';
import type { Socket } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { Code, DEFAULT_MSG } from '@bid/shared';
import { fail } from './envelope.ts';
import { echoRequestId, REQUEST_ID_HEADER } from './request-id.ts';

/** Longest URL (path and query) an API call may have; nothing in the API needs more. */
export const MAX_URL_CHARS = 8 * 1024;

function rawAnswer(status: number, reason: string, code: number): string {
  // Fastify never saw this request, so it has no id yet: a new one, in the header and the body alike.
  const id = randomUUID();
  const body = JSON.stringify(fail(code, DEFAULT_MSG[code] ?? DEFAULT_MSG[Code.BAD_REQUEST], null, id));
  return [
    `HTTP/1.1 ${status} ${reason}`,
    'content-type: application/json; charset=utf-8',
    `${REQUEST_ID_HEADER}: ${id}`,
    `content-length: ${Buffer.byteLength(body)}`,
    'connection: close',
    '',
    body,
  ].join('\r\n');
}

/**
 * Requests Node's HTTP parser refuses before Fastify sees them (headers over maxHeaderSize, a
 * malformed request line) still get the JSON envelope, in Chinese, instead of a bare status line.
 */
export function clientErrorHandler(err: Error & { code?: string }, socket: Socket): void {
  if (!socket.writable) {
    socket.destroy();
    return;
  }
  const answer =
    err.code === 'HPE_HEADER_OVERFLOW'
      ? rawAnswer(431, 'Request Header Fields Too Large', Code.HEADERS_TOO_LARGE)
      : err.code === 'ERR_HTTP_REQUEST_TIMEOUT' || err.code === 'ECONNRESET'
        ? null
        : rawAnswer(400, 'Bad Request', Code.BAD_REQUEST);
  if (answer) socket.end(answer);
  else socket.destroy();
}

/**
 * The first hook of every request: the request id echoed in the answer (http/request-id.ts), then a
 * URL longer than MAX_URL_CHARS answered 414 with the envelope before any route runs. One hook for
 * both: each hook costs Fastify's hook runner a turn on every request.
 */
export function installRequestStart(app: FastifyInstance): void {
  // Callback style, not async: a hook on every request should not cost a promise and a microtask.
  app.addHook('onRequest', (req, reply, done) => {
    echoRequestId(req, reply);
    if (req.url.length <= MAX_URL_CHARS) return done();
    reply
      .status(414)
      .type('application/json; charset=utf-8')
      .send(fail(Code.URI_TOO_LONG, DEFAULT_MSG[Code.URI_TOO_LONG], null, req.id));
  });
}
