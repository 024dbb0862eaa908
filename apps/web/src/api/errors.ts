import type { Envelope } from '@bid/shared';

/**
 * Why a call failed:
 * - business: the server answered an envelope with a failure code (400, 404, 500, 601, 5-digit ...)
 * - unauthorized: 401; the session has been ended
 * - conflict: 409; `data` holds the server's conflict data for a merge
 * - http: an HTTP error without a usable envelope (proxy page, static 404 ...)
 * - network / timeout: no answer at all
 * - duplicate: refused locally by the duplicate-submit guard, never sent
 * - silent: 40000, or a blob error with 10013: nothing is shown
 * - canceled: the caller aborted
 */
export type ApiErrorKind =
  | 'business'
  | 'unauthorized'
  | 'conflict'
  | 'http'
  | 'network'
  | 'timeout'
  | 'duplicate'
  | 'silent'
  | 'canceled';

export interface ApiErrorInit {
  kind: ApiErrorKind;
  /** Envelope code when there was one, else the HTTP status, else 0. */
  code?: number;
  status?: number;
  envelope?: Envelope<unknown>;
  data?: unknown;
  /** True when nothing was shown to the user, so callers may simply ignore the rejection. */
  silent?: boolean;
  cause?: unknown;
}

export class ApiError extends Error {
  readonly kind: ApiErrorKind;
  readonly code: number;
  readonly status?: number;
  readonly envelope?: Envelope<unknown>;
  readonly data?: unknown;
  readonly silent: boolean;

  constructor(message: string, init: ApiErrorInit) {
    super(message, init.cause === undefined ? undefined : { cause: init.cause });
    this.name = 'ApiError';
    this.kind = init.kind;
    this.code = init.code ?? init.status ?? 0;
    this.status = init.status;
    this.envelope = init.envelope;
    this.data = init.data ?? init.envelope?.data;
    this.silent = init.silent ?? false;
  }
}

export function isApiError(e: unknown): e is ApiError {
  return e instanceof ApiError;
}

/** A rejection the user was not told about on purpose (40000, 10013 blob, abort): ignore it. */
export function isSilentError(e: unknown): boolean {
  return isApiError(e) && e.silent;
}

/** A 409 whose `data` is the server's side of the conflict. */
export function isConflictError(e: unknown): e is ApiError & { kind: 'conflict' } {
  return isApiError(e) && e.kind === 'conflict';
}
