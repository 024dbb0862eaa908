import { Code, DEFAULT_MSG } from '@bid/shared';

/** An error meant for the client: a code of the catalogue and a Chinese message fit to show. */
export class AppError extends Error {
  constructor(
    public readonly code: number,
    message?: string,
    public readonly data: unknown = null,
    /** Extra headers, e.g. Retry-After for 429. */
    public readonly headers: Record<string, string> = {},
  ) {
    super(message ?? DEFAULT_MSG[code] ?? DEFAULT_MSG[Code.SERVER_ERROR]);
  }
}

export const badRequest = (msg: string) => new AppError(Code.BAD_REQUEST, msg);
export const unauthorized = (msg?: string) => new AppError(Code.UNAUTHORIZED, msg);
export const forbidden = (msg?: string) => new AppError(Code.FORBIDDEN, msg);
export const notFound = (msg?: string) => new AppError(Code.NOT_FOUND, msg);
export const conflict = (msg?: string, data: unknown = null) => new AppError(Code.CONFLICT, msg, data);
export const businessWarning = (msg: string) => new AppError(Code.BUSINESS_WARNING, msg);
export const tooMany = (msg: string, retryAfterSeconds: number) =>
  new AppError(
    Code.TOO_MANY_REQUESTS,
    msg,
    { retryAfter: retryAfterSeconds },
    { 'retry-after': String(retryAfterSeconds) },
  );
