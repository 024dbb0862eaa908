import { promisify } from 'node:util';
import zlib from 'node:zlib';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Logger } from 'pino';
import { errorMessage } from '../lib/unknown.ts';
import { accessLogWriter } from './access-log.ts';

/**
 * How answers leave the server: security headers on every answer, compression of text answers,
 * and one log line per API call rather than two per request (static assets are not logged).
 */

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

/** Below this size compression costs more than it saves. */
const MIN_COMPRESS_BYTES = 1024;
/** Up to this size an answer is compressed on the event loop (well under a millisecond). */
const SYNC_COMPRESS_BYTES = 64 * 1024;
const COMPRESSIBLE = /^(text\/|application\/(json|javascript|xml|manifest\+json)|image\/svg\+xml)/;

/**
 * CSP: scripts only from our origin (no inline scripts anywhere in the built app). Styles allow
 * inline because antd writes its CSS-in-JS into <style> tags at run time. Images may come from
 * https (the editor accepts picture URLs and WeChat serves its QR code from its own host).
 */
export const CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob: https:",
  "font-src 'self' data:",
  "connect-src 'self'",
  "worker-src 'self' blob:",
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join('; ');

export const SECURITY_HEADERS: Record<string, string> = {
  'content-security-policy': CONTENT_SECURITY_POLICY,
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'strict-origin-when-cross-origin',
  'x-frame-options': 'DENY',
  'cross-origin-opener-policy': 'same-origin',
};

/** Hashed build output (Vite names it `assets/<name>-<hash>.<ext>`) never changes under its name. */
export function cacheControlFor(filePath: string): string {
  return /[\\/]assets[\\/]/.test(filePath) ? 'public, max-age=31536000, immutable' : 'public, max-age=3600';
}

/** The encoding to use for an Accept-Encoding header: brotli first, then gzip, else none. */
export function pickEncoding(accept: string | undefined): 'br' | 'gzip' | null {
  if (!accept) return null;
  const offered = new Map<string, number>();
  for (const part of accept.toLowerCase().split(',')) {
    const [name, ...params] = part.trim().split(';');
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    offered.set(name.trim(), q ? Number(q.slice(2)) : 1);
  }
  const allowed = (enc: string) => (offered.get(enc) ?? (offered.has('*') ? offered.get('*')! : 0)) > 0;
  if (allowed('br')) return 'br';
  if (allowed('gzip')) return 'gzip';
  return null;
}

/**
 * The payload to send: compressed when worth it. Small answers (nearly all API answers) are
 * compressed in place and returned as they are; larger ones return a promise (thread pool).
 */
function compressPayload(req: FastifyRequest, reply: FastifyReply, payload: unknown): unknown {
  if (req.method === 'HEAD' || reply.hasHeader('content-encoding')) return payload;
  if (typeof payload !== 'string' && !Buffer.isBuffer(payload)) return payload;
  const size = typeof payload === 'string' ? payload.length : payload.length;
  // A string's length is at most its UTF-8 byte length: below the threshold in characters may still
  // be over it in bytes, so only strings that cannot reach it are skipped before encoding.
  if (size * 3 < MIN_COMPRESS_BYTES) return payload;
  const type = String(reply.getHeader('content-type') ?? '');
  if (!COMPRESSIBLE.test(type)) return payload;
  const body = typeof payload === 'string' ? Buffer.from(payload) : payload;
  if (body.length < MIN_COMPRESS_BYTES) return payload;
  reply.header('vary', appendVary(reply.getHeader('vary'), 'Accept-Encoding'));
  const encoding = pickEncoding(req.headers['accept-encoding']);
  if (!encoding) return payload;
  // Dynamic answers: a middle brotli quality keeps the CPU cost below the bytes saved.
  const brOpts = {
    params: {
      [zlib.constants.BROTLI_PARAM_QUALITY]: 5,
      [zlib.constants.BROTLI_PARAM_SIZE_HINT]: body.length,
    },
  };
  const done = (compressed: Buffer) => {
    reply.header('content-encoding', encoding);
    reply.header('content-length', compressed.length);
    return compressed;
  };
  // Small answers are compressed in place: the thread-pool round trip and its stream object cost
  // about three times the CPU of compressing a few KB (measured under load).
  if (body.length <= SYNC_COMPRESS_BYTES)
    return done(
      encoding === 'br' ? zlib.brotliCompressSync(body, brOpts) : zlib.gzipSync(body, { level: 6 }),
    );
  return (encoding === 'br' ? brotli(body, brOpts) : gzip(body, { level: 6 })).then(done);
}

function appendVary(current: unknown, field: string): string {
  const existing = current ? String(current) : '';
  if (existing.split(',').some((v) => v.trim().toLowerCase() === field.toLowerCase())) return existing;
  return existing ? `${existing}, ${field}` : field;
}

const SECURITY_HEADER_LIST = Object.entries(SECURITY_HEADERS);

/**
 * Installs the headers, compression and request log hooks (before routes are registered). The
 * hooks run on every answer, so they are written in callback style: an async hook costs a promise
 * and a microtask turn per request, which showed in profiles of `GET /api/health` under load.
 */
export function installDelivery(app: FastifyInstance, log: Logger): void {
  app.addHook('onSend', (req, reply, payload, done) => {
    for (const [name, value] of SECURITY_HEADER_LIST) if (!reply.hasHeader(name)) reply.header(name, value);
    // HSTS only where the browser reached us over HTTPS (directly or through a trusted proxy).
    if (req.protocol === 'https')
      reply.header('strict-transport-security', 'max-age=31536000; includeSubDomains');
    let out: unknown;
    try {
      out = compressPayload(req, reply, payload);
    } catch (e) {
      return done(e instanceof Error ? e : new Error(errorMessage(e)));
    }
    if (out instanceof Promise) out.then((p) => done(null, p), done);
    else done(null, out);
  });

  // Fastify's own request logging is off (app factory): one line per API call, none per asset, and
  // never the query string (the token call may carry codes or passwords there).
  // Written through the root logger with the request's id first, as the request's child logger
  // would write it: that child is made only when used (http/lazy-logger.ts), and this line, on every
  // API call, would otherwise make it every time.
  // The line is assembled without pino's generic serialisation, to the same text (http/access-log.ts).
  const write = accessLogWriter(log);
  app.addHook('onResponse', (req, reply, done) => {
    const url = req.url;
    if (!url.startsWith('/api/')) return done();
    const q = url.indexOf('?');
    const status = reply.statusCode;
    const line = {
      reqId: req.id,
      method: req.method,
      path: q < 0 ? url : url.slice(0, q),
      status,
      ms: Math.round(reply.elapsedTime),
    };
    if (status >= 500) write(line, 'error', 'request failed');
    else write(line, 'info', 'request');
    done();
  });
}
