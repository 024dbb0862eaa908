import { pageNotFoundMessage } from '@bid/shared';

/** The error a failed route check throws; the router's error page reads `statusCode`. */
export class RouteError extends Error {
  readonly statusCode: number;
  constructor(statusCode: number, message: string) {
    super(message);
    this.name = 'RouteError';
    this.statusCode = statusCode;
  }
}

export function isRouteError(e: unknown): e is RouteError {
  return e instanceof RouteError;
}

/**
 * SPEC section 5: a route validity check whose result is not exactly `true` yields an error with its
 * status code (default 404) and the message `Page Not Found: {full path}`.
 */
export function checkRoute(ok: unknown, fullPath: string, statusCode = 404): asserts ok is true {
  if (ok !== true) throw new RouteError(statusCode, pageNotFoundMessage(fullPath));
}
