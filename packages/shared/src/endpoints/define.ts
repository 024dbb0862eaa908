import type { z } from 'zod';

/**
 * How an endpoint answers: `json` is the envelope (the call resolves with its `data`), `upload` is a
 * multipart POST answered by an envelope, `sse` an event stream (`response` describes the final
 * chapter or job answer the stream or its JSON fallback carries), `blob` a file download.
 */
export type EndpointKind = 'json' | 'upload' | 'sse' | 'blob';

/**
 * One row of the API: method, path (under /api), what it takes and what its envelope's `data` is.
 * The web client calls `api.call(endpoints.x, body)` and gets `Res` back; the API test client
 * parses every answer of a listed path against `response`.
 */
export interface Endpoint<Req, Res, Parsed = Req> {
  method: 'GET' | 'POST';
  /** Under /api; `:name` segments are path parameters (the request schema then describes them). */
  path: string;
  kind: EndpointKind;
  request: z.ZodType<unknown, Req> | null;
  response: z.ZodType;
  /** Type only: what the call resolves with. */
  readonly result?: Res;
  /** Type only: what the server's handler receives (the request after parsing: defaults, coercions). */
  readonly parsed?: Parsed;
}

/** What the caller sends: `S` is the request schema's type, or the plain type of path parameters. */
type RequestIn<S> = S extends z.ZodType ? z.input<S> : S;
/** What the server's handler gets once the request schema has parsed it. */
type RequestParsed<S> = S extends z.ZodType ? z.output<S> : S;

/**
 * `Res` is what the answer parses to (interface-typed answers name their type); `S` is the request
 * schema's type (`typeof schema`), so the caller is typed by its input and the server by its output.
 */
export function post<Res, S = Record<string, never>>(
  path: string,
  request: z.ZodType<unknown, RequestIn<S>> | null,
  response: z.ZodType,
  kind: EndpointKind = 'json',
): Endpoint<RequestIn<S>, Res, RequestParsed<S>> {
  return { method: 'POST', path, kind, request, response };
}
export function get<Res, S = Record<string, never>>(
  path: string,
  request: z.ZodType<unknown, RequestIn<S>> | null,
  response: z.ZodType,
  kind: EndpointKind = 'json',
): Endpoint<RequestIn<S>, Res, RequestParsed<S>> {
  return { method: 'GET', path, kind, request, response };
}

export type Out<S extends z.ZodType> = z.output<S>;
export type In<S extends z.ZodType> = z.input<S>;

/**
 * Parses data that reached the client outside `api.call` (a stream's final event, a cached answer)
 * with the row's response schema; throws when it does not match.
 */
export function parseResult<Res>(endpoint: Endpoint<unknown, Res>, data: unknown): Res {
  // Each row's `Res` is declared as what its response schema parses to (the contract test checks the schemas).
  return endpoint.response.parse(data) as Res;
}

/** A row's path with its `:name` segments filled in (pictures and files the browser fetches itself). */
export function pathOf<Req extends Record<string, string>>(
  endpoint: Endpoint<Req, unknown>,
  params: Req,
): string {
  return endpoint.path.replace(/:(\w+)/g, (_m, name: string) => encodeURIComponent(params[name] ?? ''));
}
