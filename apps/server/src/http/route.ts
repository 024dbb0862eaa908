import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { binaryResponseSchema, Code, envelopeSchema } from '@bid/shared';
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
      `attachment; filename="${asciiName}"; filename*=UTF-8''${rfc5987(f.fileName)}`,
    )
    .header('cache-control', 'no-store')
    .header('x-content-type-options', 'nosniff')
    .send(f.file);
}

const DOCX = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';

export function sendDocx(reply: FastifyReply, f: DownloadFile): FastifyReply {
  return sendFile(reply, f, DOCX, 'bid.docx');
}

/** What a route declares: its documentation, its input (the body of a POST, the query of a GET) and what it answers. */
export interface RouteSpec<I extends z.ZodType, D extends z.ZodType> {
  summary: string;
  description?: string;
  input?: I;
  /** The `data` of the answer's envelope. */
  data: D;
  /** Bytes the body may have, where a route takes more than the server's default. */
  bodyLimit?: number;
}

interface UploadSpec<D extends z.ZodType> extends Omit<RouteSpec<z.ZodType, D>, 'input'> {
  maxBytes: number;
  /** The messages of the two refusals. */
  tooLarge: string;
  notMultipart: string;
}

type SpecText = { summary: string; description?: string; input?: z.ZodType };

function routeSchema(tags: string[], method: 'GET' | 'POST', spec: SpecText, answer: z.ZodType) {
  return {
    tags,
    summary: spec.summary,
    ...(spec.description ? { description: spec.description } : {}),
    ...(spec.input ? { [method === 'GET' ? 'querystring' : 'body']: spec.input } : {}),
    response: { 200: answer },
  };
}

/** The validated input: the query of a GET, the body of a POST. */
function inputOf<I extends z.ZodType>(
  method: 'GET' | 'POST',
  req: { query: unknown; body: unknown },
): z.output<I> {
  return (method === 'GET' ? req.query : req.body) as z.output<I>;
}

/** Registers one JSON route: the input checked by its schema, the answer enveloped and checked by its own. */
function jsonRoute<I extends z.ZodType, D extends z.ZodType>(
  app: FastifyInstance,
  tags: string[],
  method: 'GET' | 'POST',
  url: string,
  spec: RouteSpec<I, D>,
  answer: (req: FastifyRequest, input: z.output<I>) => Promise<z.input<D>> | z.input<D>,
  auth?: 'none',
): void {
  app.withTypeProvider<ZodTypeProvider>().route({
    method,
    url,
    ...(auth ? { config: { auth } } : {}),
    ...(spec.bodyLimit ? { bodyLimit: spec.bodyLimit } : {}),
    schema: routeSchema(tags, method, spec, envelopeSchema(spec.data)),
    handler: async (req) => ok(await answer(req, inputOf<I>(method, req))),
  });
}

/** The service call; `req` for what the request itself carries (the client's IP). */
type Run<I extends z.ZodType, R> = (
  actor: SessionActor,
  input: z.output<I>,
  req: FastifyRequest,
) => Promise<R> | R;

/**
 * Routes of a signed-in user, declared as input schema → service call → envelope: the route stays
 * thin, and every route carries the schemas contract.api.test.ts checks. Calls without a session
 * are refused (401) before the service runs.
 */
export function userRoutes(app: FastifyInstance, tags: string[]) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const schemaOf = (method: 'GET' | 'POST', spec: SpecText, answer: z.ZodType) =>
    routeSchema(tags, method, spec, answer);
  const json =
    (method: 'GET' | 'POST') =>
    <I extends z.ZodType, D extends z.ZodType>(
      url: string,
      spec: RouteSpec<I, D>,
      run: Run<I, z.input<D>>,
    ): void =>
      jsonRoute(app, tags, method, url, spec, (req, input) => run(requireAuth(req), input, req));
  return {
    get: json('GET'),
    post: json('POST'),
    /**
     * A multipart upload (register @fastify/multipart on the scope first). A declared size far over
     * `maxBytes` is refused before a byte is read; a request that is not multipart is a 400.
     */
    upload: <D extends z.ZodType>(
      url: string,
      spec: UploadSpec<D>,
      run: (actor: SessionActor, req: FastifyRequest) => Promise<z.input<D>>,
    ): void => {
      r.route({
        method: 'POST',
        url,
        schema: { ...schemaOf('POST', spec, envelopeSchema(spec.data)), consumes: ['multipart/form-data'] },
        handler: async (req) => {
          const actor = requireAuth(req);
          if (Number(req.headers['content-length'] ?? 0) > spec.maxBytes + 64 * 1024)
            throw new AppError(Code.PAYLOAD_TOO_LARGE, spec.tooLarge);
          if (!req.isMultipart()) throw badRequest(spec.notMultipart);
          return ok(await run(actor, req));
        },
      });
    },
    /** A POST that changes something and answers `data: null`. */
    action: <I extends z.ZodType>(
      url: string,
      spec: Omit<RouteSpec<I, z.ZodType>, 'data'>,
      run: Run<I, unknown>,
    ): void => {
      r.route({
        method: 'POST',
        url,
        schema: schemaOf('POST', spec, envelopeSchema(z.null())),
        handler: async (req) => {
          await run(requireAuth(req), inputOf<I>('POST', req), req);
          return ok(null);
        },
      });
    },
    /** A POST that answers a Word file (a JSON envelope when it fails). */
    docx: <I extends z.ZodType>(
      url: string,
      spec: Omit<RouteSpec<I, z.ZodType>, 'data'>,
      run: Run<I, DownloadFile>,
    ): void => {
      r.route({
        method: 'POST',
        url,
        schema: schemaOf('POST', spec, binaryResponseSchema),
        handler: async (req, reply) =>
          sendDocx(reply, await run(requireAuth(req), inputOf<I>('POST', req), req)),
      });
    },
  };
}

/**
 * Routes of the console, registered inside the operator-only scope of admin/routes.ts (which has
 * already refused anyone else): the actor is the operator.
 */
export const operatorRoutes = userRoutes;

/** The call of a route open to anyone; `req` for what the request itself carries (the client's IP). */
type PublicRun<I extends z.ZodType, R> = (input: z.output<I>, req: FastifyRequest) => Promise<R> | R;

/** Routes anyone may call (no session is looked at), declared like `userRoutes`. */
export function publicRoutes(app: FastifyInstance, tags: string[]) {
  const json =
    (method: 'GET' | 'POST') =>
    <I extends z.ZodType, D extends z.ZodType>(
      url: string,
      spec: RouteSpec<I, D>,
      run: PublicRun<I, z.input<D>>,
    ): void =>
      jsonRoute(app, tags, method, url, spec, (req, input) => run(input, req), 'none');
  return { get: json('GET'), post: json('POST') };
}
