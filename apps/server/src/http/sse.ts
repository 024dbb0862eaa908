import type { FastifyReply, FastifyRequest } from 'fastify';
import { REQUEST_ID_HEADER } from './request-id.ts';

export function wantsSse(req: FastifyRequest): boolean {
  return /text\/event-stream/i.test(String(req.headers.accept ?? ''));
}

export interface SseWriter {
  send(event: string, data: unknown, id?: string): void;
  comment(text: string): void;
  end(): void;
  /** Runs `fn` when the client goes away or the stream ends (at once when that already happened). */
  onClose(fn: () => void): void;
  readonly closed: boolean;
}

/**
 * Takes the response over for a `text/event-stream` answer. Proxies are told not to buffer; a
 * comment is written at once so that the client sees the headers before the first event. The
 * request id is echoed here as in every other answer.
 */
export function startSse(reply: FastifyReply): SseWriter {
  reply.hijack();
  const raw = reply.raw;
  raw.writeHead(200, {
    'content-type': 'text/event-stream; charset=utf-8',
    'cache-control': 'no-cache, no-transform',
    connection: 'keep-alive',
    'x-accel-buffering': 'no',
    // Fastify's reply headers (where the id was put) are not written for a hijacked reply.
    [REQUEST_ID_HEADER]: reply.request.id,
  });
  raw.write(': stream\n\n');
  let closed = false;
  raw.on('close', () => {
    closed = true;
  });
  return {
    send(event, data, id) {
      if (closed || raw.writableEnded) return;
      let out = '';
      if (id) out += `id: ${id}\n`;
      out += `event: ${event}\n`;
      for (const line of JSON.stringify(data).split('\n')) out += `data: ${line}\n`;
      raw.write(`${out}\n`);
    },
    comment(text) {
      if (!closed && !raw.writableEnded) raw.write(`: ${text}\n\n`);
    },
    end() {
      if (!raw.writableEnded) raw.end();
      closed = true;
    },
    onClose(fn) {
      if (closed || raw.destroyed) fn();
      else raw.on('close', fn);
    },
    get closed() {
      return closed || raw.writableEnded;
    },
  };
}

/** An AbortSignal that fires when the client goes away before the answer is complete. */
export function clientGone(reply: FastifyReply): AbortSignal {
  const ctrl = new AbortController();
  reply.raw.on('close', () => {
    if (!reply.raw.writableFinished) ctrl.abort();
  });
  return ctrl.signal;
}
