import { isRouteErrorResponse } from 'react-router';

/** Status of a routing error: React Router's responses, checkRoute's `{ statusCode }`, else null. */
export function errorStatus(error: unknown): number | null {
  if (isRouteErrorResponse(error)) return error.status;
  if (error && typeof error === 'object' && 'statusCode' in error) {
    const s = Number((error as { statusCode: unknown }).statusCode);
    return Number.isFinite(s) ? s : null;
  }
  return null;
}

export function isNotFoundError(error: unknown): boolean {
  return errorStatus(error) === 404;
}

/** A message fit for the generic error page's details line. */
export function errorMessage(error: unknown): string {
  if (isRouteErrorResponse(error)) return `${error.status} ${error.statusText}`.trim();
  if (error instanceof Error) return error.message;
  if (error && typeof error === 'object' && 'message' in error)
    return String((error as { message: unknown }).message);
  return typeof error === 'string' ? error : '';
}

/** Vite's failed lazy chunk after a new deployment: a reload fetches the new chunk names. */
export function isChunkLoadError(error: unknown): boolean {
  const msg = errorMessage(error);
  return /Failed to fetch dynamically imported module|Importing a module script failed|error loading dynamically imported module/i.test(
    msg,
  );
}

/**
 * React's onCaughtError for the app root: a missing article is an expected 404 page, not something to
 * trace in the console; everything else is logged.
 */
export function reportCaughtError(error: unknown, info: { componentStack?: string }): void {
  if (!isNotFoundError(error)) console.error(error, info.componentStack ?? '');
}
