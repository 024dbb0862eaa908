import { LIMITS, MSG } from '@bid/shared';
import { currentPath, navigate } from '../lib/navigation.ts';
import { rememberLoginRedirect } from '../router/loginRedirect.ts';
import { toastWarning } from '../utils/feedback.ts';
import { sessionPort } from './sessionPort.ts';

/**
 * SPEC section 8, 401: log out, go to `/`, show `登录失效，请重新登录` — once, even when a page's
 * five parallel calls all come back 401 together.
 */
let expiredToken: string | null = null;
let lastNoticeAt = Number.NEGATIVE_INFINITY;

/** Forget what has been handled (tests, and a fresh login). */
export function resetUnauthorizedLatch(): void {
  expiredToken = null;
  lastNoticeAt = Number.NEGATIVE_INFINITY;
}

/**
 * @param requestToken the token the failed request was sent with (null when anonymous)
 * @returns true when this call ended the session and told the user, false when it was a repeat
 */
export function handleUnauthorized(requestToken: string | null, now: number = Date.now()): boolean {
  const sessionToken = sessionPort().token();
  // A 401 for a token the user has already replaced (logged in again meanwhile) is stale news.
  if (sessionToken && requestToken !== sessionToken) return false;
  if (requestToken !== null && requestToken === expiredToken) return false;
  if (now - lastNoticeAt < LIMITS.toastMs) return false;
  expiredToken = requestToken;
  lastNoticeAt = now;

  const here = currentPath();
  if (here !== '/') rememberLoginRedirect(here);
  sessionPort().expire(Boolean(sessionToken));
  navigate('/');
  toastWarning(MSG.loginExpired);
  return true;
}
