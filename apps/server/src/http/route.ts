import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { cleanName, Code, type Endpoint, envelopeSchema, eventStreamSchema } from '@bid/shared';
import '@fastify/multipart';
import type { SessionActor } from '../policy/actor.ts';
import { requireAuth } from './auth.ts';
import { ok } from './envelope.ts';
import { AppError, badRequest } from './errors.ts';

/** RFC 5987 value: percent-encoded UTF-8, with the characters encodeURIComponent leaves alone encoded too. */
function rfc5987(name: string): string {
  return encodeURIComponent(name).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
}

export interface DownloadFile {
  file: Buffer;
  fileName: string;
}

/** Sends a file to save: `asciiName` for old clients, the real (Chinese) name for everyone else. */
export function sendFile(
  reply: FastifyReply,
  f: DownloadFile,
  contentType: string,
  asciiName: string,
): FastifyReply {
  return reply
    .header('content-type', contentType)
    .header('content-length', String(f.file.length))
    .header(
      'content-disposition',
      // Bidi and control characters removed: a name stored before they were refused (or read from an
      // upload) must not turn "evil\u202Excod.exe" into a file name that reads backwards.
      `attachment; filename="${asciiName}"; filename*=UTF-8''${rfc5987(cleanName(f.fileName) || asciiName)}`,
    )
    .header('cache-control', 'no-store')
    .header('x-content-type-options', 'nosniff')
    .send(f.file);
}

const DOCX = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';

export function sendDocx(reply: FastifyReply, f: DownloadFile): FastifyReply {
  return sendFile(reply, f, DOCX, 'bid.docx');
}

/**
 * A row of the shared endpoint table, whatever it takes and answers. Its type-only fields carry what
 * the handler receives (`parsed`) and answers (`result`).
 */
type Row = Pick<Endpoint<unknown, unknown>, 'method' | 'path' | 'kind' | 'response'> & {
  request: z.ZodType | null;
  readonly parsed?: unknown;
  readonly result?: unknown;
};
/** The request as the handler gets it: the row's schema has parsed it (defaults filled, coercions done). */
export type InputOf<E> = E extends { readonly parsed?: infer P } ? P : never;
/** What the handler answers; a row answering `null` takes any result and sends `null`. */
type AnswerOf<E> = E extends { readonly result?: infer R } ? ([R] extends [null] ? unknown : R) : never;

/** What the server adds to a row: its documentation and how Fastify treats it. */
export interface RouteDoc {
  summary: string;
  description?: string;
  /** Bytes the body may have, where a route takes more than the server's default. */
  bodyLimit?: number;
  /** `clientCheck: false` for what the browser fetches itself (`<img src>`, a download link). */
  config?: { clientCheck?: false; auth?: 'none' | 'optional' };
}

interface UploadDoc extends RouteDoc {
  maxBytes: number;
  /** The messages of the two refusals. */
  tooLarge: string;
  notMultipart: string;
}

/** Whether the row's answer is the JSON envelope (a file or an event stream is sent as it is). */
function enveloped(e: Row): boolean {
  return e.kind === 'json' || e.kind === 'upload' || (e.kind === 'sse' && e.response !== eventStreamSchema);
}

/**
 * The Fastify route an endpoint row declares: method, url, where its request is read (path
 * parameters when the path has any, else the query of a GET or the body of a POST) and its answer.
 * Path and schemas come only from the row: a route cannot drift from the table the client is typed by.
 */
export function routeOf(e: Row, tags: string[], doc: string | RouteDoc) {
  const d = typeof doc === 'string' ? { summary: doc } : doc;
  const where = e.path.includes('/:') ? 'params' : e.method === 'GET' ? 'querystring' : 'body';
  return {
    method: e.method,
    url: `/api${e.path}`,
    ...(d.config ? { config: d.config } : {}),
    ...(d.bodyLimit ? { bodyLimit: d.bodyLimit } : {}),
    schema: {
      tags,
      summary: d.summary,
      ...(d.description ? { description: d.description } : {}),
      ...(e.request ? { [where]: e.request } : {}),
      ...(e.kind === 'upload' ? { consumes: ['multipart/form-data'] } : {}),
      response: { 200: enveloped(e) ? envelopeSchema(e.response) : e.response },
    },
  };
}

/** The validated request: path parameters, the query of a GET or the body of a POST. */
function inputOf<E extends Row>(e: E, req: FastifyRequest): InputOf<E> {
  // Fastify has validated this part of the request with the row's schema (routeOf put it there).
  return (e.path.includes('/:') ? req.params : e.method === 'GET' ? req.query : req.body) as InputOf<E>;
}

/** The envelope of a JSON answer; a row answering nothing (`z.null()`) sends `null` whatever the call returned. */
function answer(e: Row, data: unknown) {
  return ok(e.response.def.type === 'null' ? null : data);
}

/** The service call; `req` and `reply` for what the exchange itself carries (the client's IP, its closing). */
type Run<E, R> = (
  actor: SessionActor,
  input: InputOf<E>,
  req: FastifyRequest,
  reply: FastifyReply,
) => Promise<R> | R;
/** A call that answers by itself (a file, an image, an event stream). */
type Send<E> = (
  actor: SessionActor,
  input: InputOf<E>,
  req: FastifyRequest,
  reply: FastifyReply,
) => Promise<unknown> | unknown;

/**
 * Routes of a signed-in user, each declared from its endpoint row: `route(endpoints.saveBid, '新建标书',
 * (actor, body) => service.create(actor, body))` reads as session → validated input → service call →
 * envelope. Calls without a session are refused (401) before the service runs.
 */
export function userRoutes(app: FastifyInstance, tags: string[]) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  /** A JSON answer: the service's result in the envelope (`null` for a row that answers nothing). */
  const route = <E extends Row>(e: E, doc: string | RouteDoc, run: Run<E, AnswerOf<E>>): void => {
    r.route({
      ...routeOf(e, tags, doc),
      handler: async (req, reply) => {
        return answer(e, await run(requireAuth(req), inputOf(e, req), req, reply));
      },
    });
  };
  return Object.assign(route, {
    /** A route that writes its own answer (a file, an image, an event stream). */
    send: <E extends Row>(e: E, doc: string | RouteDoc, send: Send<E>): void => {
      r.route({
        ...routeOf(e, tags, doc),
        handler: async (req, reply) => send(requireAuth(req), inputOf(e, req), req, reply),
      });
    },
    /** A Word file (a JSON envelope when it fails). */
    docx: <E extends Row>(e: E, doc: string | RouteDoc, run: Run<E, DownloadFile>): void => {
      r.route({
        ...routeOf(e, tags, doc),
        handler: async (req, reply) =>
          sendDocx(reply, await run(requireAuth(req), inputOf(e, req), req, reply)),
      });
    },
    /**
     * A multipart upload (register @fastify/multipart on the scope first). A declared size far over
     * `maxBytes` is refused before a byte is read; a request that is not multipart is a 400.
     */
    upload: <E extends Row>(
      e: E,
      doc: UploadDoc,
      run: (actor: SessionActor, req: FastifyRequest) => Promise<AnswerOf<E>>,
    ): void => {
      r.route({
        ...routeOf(e, tags, doc),
        handler: async (req) => {
          const actor = requireAuth(req);
          if (Number(req.headers['content-length'] ?? 0) > doc.maxBytes + 64 * 1024)
            throw new AppError(Code.PAYLOAD_TOO_LARGE, doc.tooLarge);
          if (!req.isMultipart()) throw badRequest(doc.notMultipart);
          return ok(await run(actor, req));
        },
      });
    },
  });
}

/**
 * Routes of the console, registered inside the operator-only scope of admin/routes.ts (which has
 * already refused anyone else): the actor is the operator.
 */
export const operatorRoutes = userRoutes;

/** The call of a route open to anyone; `req` for what the request itself carries (the client's IP). */
type PublicRun<E, R> = (input: InputOf<E>, req: FastifyRequest) => Promise<R> | R;

/**
 * Routes anyone may call, declared like `userRoutes`: no session is looked at, or with
 * `config: { auth: 'optional' }` one is read when present (`req.auth`).
 */
export function publicRoutes(app: FastifyInstance, tags: string[]) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const route = <E extends Row>(e: E, doc: string | RouteDoc, run: PublicRun<E, AnswerOf<E>>): void => {
    const opts = routeOf(e, tags, doc);
    r.route({
      ...opts,
      config: { auth: 'none', ...opts.config },
      handler: async (req) => answer(e, await run(inputOf(e, req), req)),
    });
  };
  return Object.assign(route, {
    /** A public route that writes its own answer. */
    send: <E extends Row>(
      e: E,
      doc: string | RouteDoc,
      send: (input: InputOf<E>, req: FastifyRequest, reply: FastifyReply) => Promise<unknown> | unknown,
    ): void => {
      const opts = routeOf(e, tags, doc);
      r.route({
        ...opts,
        config: { auth: 'none', ...opts.config },
        handler: async (req, reply) => send(inputOf(e, req), req, reply),
      });
    },
  });
}
