import axios, { type AxiosProgressEvent, type AxiosRequestConfig, type AxiosResponse } from 'axios';
import {
  API_BASE,
  Code,
  LIMITS,
  MSG,
  OAUTH_TOKEN_PATH,
  pathOf,
  timeoutFor,
  type Endpoint,
  type Envelope,
} from '@bid/shared';
import { toastWarning } from '../utils/feedback.ts';
import { DuplicateSubmitGuard } from './duplicateGuard.ts';
import { ApiError } from './errors.ts';
import {
  asEnvelope,
  envelopeFailure,
  isSuccessCode,
  parseEnvelopeText,
  transportFailure,
  type FailureContext,
} from './failure.ts';
import { standardHeaders } from './headers.ts';
import { sessionPort } from './sessionPort.ts';
import { blobToText, fileNameFromDisposition } from './download.ts';

/**
 * The one way the web app talks to the API (API.md "Transport", SPEC sections 7 and 8).
 * Every call resolves with the envelope's `data` (or the whole envelope with `raw`) and rejects with an
 * ApiError after the user has been shown what went wrong; callers only handle what is special to them.
 */

export interface RequestOptions {
  /** Show nothing for this call's failures (a 401 still ends the session and says so). */
  silent?: boolean;
  /** Let an identical POST/PUT through within the duplicate-submit window (polling, retries). */
  noDuplicateGuard?: boolean;
  /** Override the per-call timeout of SPEC section 7 (ms). */
  timeout?: number;
  /** Resolve with the whole envelope `{ code, success, msg, data }` instead of `data`. */
  raw?: boolean;
  /** Sends `Tenant-Id` (the token call, API.md "Authentication"). */
  tenantId?: string;
  /** Extra headers (Captcha-Key, Captcha-Code ...); they win over the standard ones. */
  headers?: Record<string, string>;
  signal?: AbortSignal;
  /** A 401 is this call's own failure, not an expired session (default: true only for the token call). */
  skipAuthHandling?: boolean;
}
type RawOptions = RequestOptions & { raw: true };

export interface UploadOptions extends RequestOptions {
  /** Whole percent 0..100 and axios's event (loaded, total, rate, estimated). */
  onProgress?: (percent: number, event: AxiosProgressEvent) => void;
  /** More multipart fields sent beside `file`. */
  fields?: Record<string, string | Blob>;
}

export interface DownloadOptions extends RequestOptions {
  method?: 'GET' | 'POST';
  /** Used when the answer names no file. */
  fileName?: string;
  onProgress?: (percent: number, event: AxiosProgressEvent) => void;
}

export interface DownloadResult {
  blob: Blob;
  fileName: string;
}

/** The axios instance; exported so tests can give it an adapter. Use `api`, not this, in the app. */
export const http = axios.create({ baseURL: API_BASE, timeout: LIMITS.defaultTimeoutMs });

/** The duplicate-submit guard of every call made through `api` (exported for tests). */
export const duplicateGuard = new DuplicateSubmitGuard();

/** `bid/client/x`, `/api/bid/client/x` and `/bid/client/x` all mean `/bid/client/x`. */
export function normalizePath(path: string): string {
  const withSlash = path.startsWith('/') ? path : `/${path}`;
  return withSlash.replace(/^\/api(?=\/)/, '');
}

function contextOf(
  url: string,
  opts: RequestOptions,
  requestToken: string | null,
  blob = false,
): FailureContext {
  // A 401 from the login call means wrong credentials, not an expired session.
  const skipAuthHandling = opts.skipAuthHandling ?? url === OAUTH_TOKEN_PATH;
  return { silent: opts.silent, requestToken, skipAuthHandling, blob };
}

/** Sends after the duplicate guard; resolves with the HTTP answer or rejects with a handled ApiError. */
async function send(
  config: AxiosRequestConfig & { url: string },
  opts: RequestOptions,
  blob = false,
): Promise<{ res: AxiosResponse; ctx: FailureContext }> {
  const url = normalizePath(config.url);
  if (!opts.noDuplicateGuard && !duplicateGuard.admit(config.method, url, config.data ?? config.params)) {
    if (!opts.silent) toastWarning(MSG.duplicateSubmit);
    throw new ApiError(MSG.duplicateSubmit, { kind: 'duplicate', silent: opts.silent });
  }
  const requestToken = sessionPort().token();
  const ctx = contextOf(url, opts, requestToken, blob);
  try {
    const res = await http.request({
      ...config,
      url,
      timeout: opts.timeout ?? config.timeout ?? timeoutFor(url),
      headers: { ...standardHeaders(opts.tenantId), ...opts.headers },
      signal: opts.signal,
    });
    return { res, ctx };
  } catch (error) {
    throw await transportFailure(error, ctx);
  }
}

function unwrap(res: AxiosResponse, opts: RequestOptions, ctx: FailureContext): unknown {
  const env = asEnvelope(res.data);
  // Answers without the envelope (the token call) are passed on as they came.
  if (!env) return res.data;
  if (isSuccessCode(env.code)) return opts.raw ? res.data : env.data;
  throw envelopeFailure(env, res.status, ctx);
}

function percentOf(event: AxiosProgressEvent): number {
  if (!event.total) return event.progress !== undefined ? Math.round(event.progress * 100) : 0;
  return Math.min(100, Math.round((event.loaded * 100) / event.total));
}

function headerOf(res: AxiosResponse, name: string): string {
  const headers = res.headers as Record<string, unknown> & { get?: (n: string) => unknown };
  const value = typeof headers?.get === 'function' ? headers.get(name) : undefined;
  return String(value ?? headers?.[name] ?? headers?.[name.toLowerCase()] ?? '');
}

function isJsonAnswer(res: AxiosResponse): boolean {
  const header = headerOf(res, 'content-type');
  const blobType = typeof Blob !== 'undefined' && res.data instanceof Blob ? res.data.type : '';
  return /application\/json/i.test(header) || /application\/json/i.test(blobType);
}

function get<T = unknown>(path: string, params: unknown, opts: RawOptions): Promise<Envelope<T>>;
function get<T = unknown>(path: string, params?: unknown, opts?: RequestOptions): Promise<T>;
async function get(path: string, params?: unknown, opts: RequestOptions = {}): Promise<unknown> {
  const { res, ctx } = await send({ method: 'GET', url: path, params }, opts);
  return unwrap(res, opts, ctx);
}

function post<T = unknown>(path: string, body: unknown, opts: RawOptions): Promise<Envelope<T>>;
function post<T = unknown>(path: string, body?: unknown, opts?: RequestOptions): Promise<T>;
async function post(path: string, body?: unknown, opts: RequestOptions = {}): Promise<unknown> {
  const { res, ctx } = await send({ method: 'POST', url: path, data: body ?? {} }, opts);
  return unwrap(res, opts, ctx);
}

function put<T = unknown>(path: string, body: unknown, opts: RawOptions): Promise<Envelope<T>>;
function put<T = unknown>(path: string, body?: unknown, opts?: RequestOptions): Promise<T>;
async function put(path: string, body?: unknown, opts: RequestOptions = {}): Promise<unknown> {
  const { res, ctx } = await send({ method: 'PUT', url: path, data: body ?? {} }, opts);
  return unwrap(res, opts, ctx);
}

/** A table row or a path: rows carry their own path and answer type. */
type Target = string | Endpoint<unknown, unknown>;
function targetPath(target: Target): string {
  return typeof target === 'string' ? target : target.path;
}

function upload<Res>(
  endpoint: Endpoint<unknown, Res>,
  file: FormData | Blob,
  opts?: UploadOptions,
): Promise<Res>;
function upload<T = unknown>(
  path: string,
  file: FormData | Blob,
  opts: UploadOptions & { raw: true },
): Promise<Envelope<T>>;
function upload<T = unknown>(path: string, file: FormData | Blob, opts?: UploadOptions): Promise<T>;
async function upload(target: Target, file: FormData | Blob, opts: UploadOptions = {}): Promise<unknown> {
  const path = targetPath(target);
  let form: FormData;
  if (file instanceof FormData) form = file;
  else {
    form = new FormData();
    form.append('file', file, (file as Partial<File>).name ?? 'file');
  }
  for (const [name, value] of Object.entries(opts.fields ?? {})) form.append(name, value);
  const { onProgress } = opts;
  const { res, ctx } = await send(
    {
      method: 'POST',
      url: path,
      data: form,
      // A 50 MB tender on a slow line needs far longer than an ordinary call.
      timeout: Math.max(timeoutFor(normalizePath(path)), LIMITS.uploadTimeoutMs),
      onUploadProgress: onProgress ? (e) => onProgress(percentOf(e), e) : undefined,
    },
    opts,
  );
  return unwrap(res, opts, ctx);
}

/**
 * A file answer (exportBid, export-fileInterpretation). When the server answers JSON instead of a file
 * it is an error envelope: its msg is shown, except 10013 which fails silently (SPEC section 8).
 */
function download<Req>(
  endpoint: Endpoint<Req, Blob>,
  body: Req,
  opts?: Omit<DownloadOptions, 'method'>,
): Promise<DownloadResult>;
function download(path: string, body?: unknown, opts?: DownloadOptions): Promise<DownloadResult>;
async function download(target: Target, body?: unknown, opts: DownloadOptions = {}): Promise<DownloadResult> {
  const path = targetPath(target);
  const method = typeof target === 'string' ? (opts.method ?? 'POST') : target.method;
  const { onProgress } = opts;
  const { res, ctx } = await send(
    {
      method,
      url: path,
      ...(method === 'GET' ? { params: body } : { data: body ?? {} }),
      responseType: 'blob',
      onDownloadProgress: onProgress ? (e) => onProgress(percentOf(e), e) : undefined,
    },
    opts,
    true,
  );
  const data: unknown = res.data;
  if (isJsonAnswer(res)) {
    const text =
      data instanceof Blob ? await blobToText(data) : typeof data === 'string' ? data : JSON.stringify(data);
    const env = parseEnvelopeText(text);
    if (env && !isSuccessCode(env.code)) throw envelopeFailure(env, res.status, ctx);
    // JSON that is not a failure is still not the file the user asked for.
    const msg = env && env.code !== Code.OK && env.msg ? env.msg : MSG.downloadFailed;
    throw envelopeFailure({ code: Code.SERVER_ERROR, success: false, msg, data: null }, res.status, ctx);
  }
  const blob = data instanceof Blob ? data : new Blob([data as BlobPart]);
  const disposition = headerOf(res, 'content-disposition');
  return { blob, fileName: fileNameFromDisposition(disposition) ?? opts.fileName ?? 'download' };
}

/**
 * Calls a row of the shared endpoint table: the path, the method, the body's type and what the call
 * resolves with all come from packages/shared (no path literals, no hand-written answer types).
 */
function call<Req, Res>(
  endpoint: Endpoint<Req, Res>,
  body: Req | undefined,
  opts: RawOptions,
): Promise<Envelope<Res>>;
function call<Req, Res>(endpoint: Endpoint<Req, Res>, body?: Req, opts?: RequestOptions): Promise<Res>;
async function call(
  endpoint: Endpoint<unknown, unknown>,
  body?: unknown,
  opts: RequestOptions = {},
): Promise<unknown> {
  return endpoint.method === 'GET' ? get(endpoint.path, body, opts) : post(endpoint.path, body ?? {}, opts);
}

/** The address of a row the browser fetches itself (`<img src>`, a link), `:name` segments filled in. */
function url<Req extends Record<string, string>>(endpoint: Endpoint<Req, Blob>, params: Req): string {
  return `${API_BASE}${pathOf(endpoint, params)}`;
}

export const api = { call, get, post, put, upload, download, url };
