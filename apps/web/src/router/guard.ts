import { isKnownWebRoute, isPublicPath } from '@bid/shared';

export type GuardDecision = { kind: 'allow' } | { kind: 'redirect'; to: '/'; remember: string };

const ALLOW: GuardDecision = { kind: 'allow' };

/**
 * SPEC section 2: with a token everything is allowed; without one only the public paths are, and any
 * other screen redirects to `/` (remembering where the visitor wanted to go).
 *
 * Paths that are not screens at all are let through so that the catch-all shows its 404: the server
 * already answered them with HTTP 404, and redirecting would hide a broken link behind the landing page.
 */
export function decideGuard(fullPath: string, hasToken: boolean): GuardDecision {
  if (hasToken) return ALLOW;
  const pathname = fullPath.split(/[?#]/)[0] || '/';
  if (isPublicPath(pathname)) return ALLOW;
  if (!isKnownWebRoute(pathname)) return ALLOW;
  return { kind: 'redirect', to: '/', remember: fullPath };
}
