import axios from 'axios';
import { Code, DEFAULT_MSG, MSG, statusTextPrimary, statusTextSecondary, type Envelope } from '@bid/shared';
import { notifyError, notifyWarning } from '../utils/feedback.ts';
import { ApiError } from './errors.ts';
import { handleUnauthorized } from './unauthorized.ts';
import { blobToText } from './download.ts';

/**
 * The error catalogue of SPEC section 8 and API.md "Codes", in one place for the axios calls,
 * downloads and event streams. Each function shows what the user must see (unless the call is silent)
 * and returns the ApiError the caller's promise rejects with.
 *
 * How the two status tables of SPEC section 8 are used when the server gave no message of its own
 * (a proxy error page, a static 404, no answer at all):
 * - STATUS_TEXT_PRIMARY (what the status means for the action) is the notification title;
 * - STATUS_TEXT_SECONDARY (the short technical wording) is its description; with no answer at all it
 *   says '请求超时，服务器无响应！' under the friendly MSG.networkError / MSG.timeout title.
 * A server message, when there is one, is always what the user reads.
 */

export interface FailureContext {
  /** No notifications or toasts (401 still ends the session and says so: that is not this call's news). */
  silent?: boolean;
  /** Token the request was sent with, to tell a fresh 401 from a stale one. */
  requestToken: string | null;
  /** For the logout and login calls themselves: a 401 there is not an expired session. */
  skipAuthHandling?: boolean;
  /** A file download: 10013 means "failed, nothing to tell". */
  blob?: boolean;
}

const SUCCESS_CODES: ReadonlySet<number> = new Set([
  Code.OK,
  Code.ACCEPTED_PROCESSING,
  Code.ACCEPTED_PROCESSING_2,
]);

export function isSuccessCode(code: number): boolean {
  return SUCCESS_CODES.has(code);
}

/**
 * The envelope in an answer body, or null when the body is not one. The token call's failure shape
 * (`error_code`, `error_description`, API.md "Authentication") is read as an envelope too.
 */
export function asEnvelope(body: unknown): Envelope<unknown> | null {
  if (!body || typeof body !== 'object' || Array.isArray(body)) return null;
  const b = body as Record<string, unknown>;
  if (typeof b.code === 'number') {
    return {
      code: b.code,
      success: typeof b.success === 'boolean' ? b.success : isSuccessCode(b.code),
      msg: typeof b.msg === 'string' ? b.msg : '',
      data: b.data,
    };
  }
  if (typeof b.error_code === 'number') {
    return {
      code: b.error_code,
      success: false,
      msg: typeof b.error_description === 'string' ? b.error_description : '',
      data: null,
    };
  }
  return null;
}

/** Parse JSON text into an envelope; null when it is not JSON or not an envelope. */
export function parseEnvelopeText(text: string): Envelope<unknown> | null {
  try {
    return asEnvelope(JSON.parse(text));
  } catch {
    return null;
  }
}

function unauthorized(
  ctx: FailureContext,
  message: string,
  init: { code: number; status?: number; envelope?: Envelope<unknown> },
): ApiError {
  if (ctx.skipAuthHandling) {
    if (!ctx.silent) notifyError(message);
    return new ApiError(message, { kind: 'business', ...init, silent: ctx.silent });
  }
  handleUnauthorized(ctx.requestToken);
  return new ApiError(MSG.loginExpired, { kind: 'unauthorized', ...init });
}

/** A failure envelope (any HTTP status). */
export function envelopeFailure(
  env: Envelope<unknown>,
  status: number | undefined,
  ctx: FailureContext,
): ApiError {
  const code = env.code;
  const text = env.msg || DEFAULT_MSG[code] || statusTextSecondary(code);
  const init = { code, status, envelope: env };

  if (code === Code.UNAUTHORIZED) return unauthorized(ctx, text, init);
  if (code === Code.SILENT_REJECT) return new ApiError(text, { kind: 'silent', ...init, silent: true });
  if (code === Code.BLOB_SILENT && ctx.blob)
    return new ApiError(text, { kind: 'silent', ...init, silent: true });
  if (code === Code.CONFLICT) {
    // The editor catches this (isConflictError) and offers reload or merge with env.data.
    if (!ctx.silent) notifyWarning(text);
    return new ApiError(text, { kind: 'conflict', ...init, silent: ctx.silent });
  }
  if (code === Code.BUSINESS_WARNING) {
    if (!ctx.silent) notifyWarning(text);
    return new ApiError(text, { kind: 'business', ...init, silent: ctx.silent });
  }
  // 400, 500, any 5-digit code and every other failure: an error notification with the server's text
  // for LIMITS.errorNotificationMs (the default of notifyError).
  if (!ctx.silent) notifyError(text);
  return new ApiError(text, { kind: 'business', ...init, silent: ctx.silent });
}

/** An HTTP error status with no envelope to explain it. */
export function statusFailure(status: number, ctx: FailureContext, cause?: unknown): ApiError {
  if (status === Code.UNAUTHORIZED)
    return unauthorized(ctx, statusTextSecondary(status), { code: status, status });
  if (status === Code.CONFLICT) {
    const text = DEFAULT_MSG[Code.CONFLICT];
    if (!ctx.silent) notifyWarning(text);
    return new ApiError(text, { kind: 'conflict', code: status, status, silent: ctx.silent, cause });
  }
  const title = statusTextPrimary(status);
  const description = statusTextSecondary(status);
  if (!ctx.silent) notifyError(title, { description });
  return new ApiError(description, { kind: 'http', code: status, status, silent: ctx.silent, cause });
}

export function timeoutFailure(ctx: FailureContext, cause?: unknown): ApiError {
  if (!ctx.silent) notifyError(MSG.timeout, { description: statusTextSecondary(undefined) });
  return new ApiError(MSG.timeout, { kind: 'timeout', silent: ctx.silent, cause });
}

export function networkFailure(ctx: FailureContext, cause?: unknown): ApiError {
  if (!ctx.silent) notifyError(MSG.networkError, { description: statusTextSecondary(undefined) });
  return new ApiError(MSG.networkError, { kind: 'network', silent: ctx.silent, cause });
}

export function canceledFailure(cause?: unknown): ApiError {
  return new ApiError('canceled', { kind: 'canceled', silent: true, cause });
}

const STATUS_IN_MESSAGE = /Request failed with status code (\d{3})/;

async function readBody(data: unknown): Promise<unknown> {
  if (typeof Blob !== 'undefined' && data instanceof Blob) {
    try {
      return JSON.parse(await blobToText(data));
    } catch {
      return null;
    }
  }
  if (typeof data === 'string') {
    try {
      return JSON.parse(data);
    } catch {
      return data;
    }
  }
  return data;
}

function looksLikeTimeout(e: { code?: string; message?: string }): boolean {
  return e.code === 'ECONNABORTED' || e.code === 'ETIMEDOUT' || /timeout/i.test(e.message ?? '');
}

/** Anything axios (or the stream reader) threw: HTTP error answers, no answer, aborts. */
export async function transportFailure(error: unknown, ctx: FailureContext): Promise<ApiError> {
  if (error instanceof ApiError) return error;
  if (axios.isCancel(error) || (error as { name?: string })?.name === 'AbortError')
    return canceledFailure(error);
  const e = (error ?? {}) as {
    code?: string;
    message?: string;
    response?: { status: number; data: unknown };
  };

  if (e.response) {
    const body = await readBody(e.response.data);
    const env = asEnvelope(body);
    if (env && !isSuccessCode(env.code)) return envelopeFailure(env, e.response.status, ctx);
    return statusFailure(e.response.status, ctx, error);
  }
  if (looksLikeTimeout(e)) return timeoutFailure(ctx, error);
  // An error that names a status but carries no answer (e.g. rebuilt by a wrapper): treat as that status.
  const named = STATUS_IN_MESSAGE.exec(e.message ?? '');
  if (named) return statusFailure(Number(named[1]), ctx, error);
  return networkFailure(ctx, error);
}
