/** Route rules of SPEC section 2, shared by the web guard and the server's page fallback. */

/** Paths reachable without a token: exactly these... */
export const PUBLIC_EXACT_PATHS = ['/', '/demo', '/sse', '/pop'] as const;
/** ...and any path starting with one of these. */
export const PUBLIC_PATH_PREFIXES = ['/more', '/help', '/dynamic', '/question', '/search'] as const;

export function isPublicPath(path: string): boolean {
  const p = path.split(/[?#]/)[0] || '/';
  if ((PUBLIC_EXACT_PATHS as readonly string[]).includes(p)) return true;
  return PUBLIC_PATH_PREFIXES.some((prefix) => p.startsWith(prefix));
}

/** Children of /home (SPEC section 2). */
export const HOME_CHILDREN = [
  '',
  'bidingDiff',
  'bidingDiff/detail',
  'bidingParse',
  'bidingParse/analysisPage',
  'book',
  'book/BidingWrite',
  'crtBidBook',
  'historyBook',
  'invite',
  'knowledgeBase',
  'knowledgeBase/create',
  'knowledgeBase/private',
  'knowledgeBase/public',
  'knowledgeBase/publicFile',
  'navigation',
  'picture',
  // Not in SPEC's list: the account center and the company's employees (accounts).
  'account',
  'employees',
  // Commerce: packages, the caller's orders and quota movements.
  'packages',
  // Feedback with the operators' replies.
  'feedback',
] as const;

/** The operators' console (not in SPEC's list): its own layout, operators only. */
export const ADMIN_ROUTES = [
  '/admin',
  '/admin/orders',
  '/admin/invoices',
  '/admin/feedback',
  '/admin/ai',
  '/admin/templates',
  '/admin/content',
  '/admin/notices',
  '/admin/users',
  '/admin/packages',
  '/admin/audit',
] as const;

/** The /more pages (SPEC section 2). */
export const MORE_PAGES = [
  'call-me.html',
  'make-book.html',
  'more-dynamic.html',
  'partner.html',
  'question.html',
  'video.html',
  'website-map.html',
  'welfare.html',
] as const;

/** Excluded from routing (SPEC section 2). */
export const EXCLUDED_ROUTES = ['/base/material'] as const;

export const LOGIN_REDIRECT_KEY = 'login_redirect';
/**
 * The session token's cookie: set by the server on login, HttpOnly (page scripts cannot read it),
 * cleared by the server on logout. API clients may send the token in Blade-Auth instead.
 */
export const TOKEN_COOKIE = 'Admin-Token';
/**
 * A readable companion of the token cookie holding a random marker, not a secret: how the web app
 * knows it is signed in (and whether the account changed) without reading the token.
 */
export const SESSION_COOKIE = 'Admin-Session';

const STATIC_WEB_ROUTES = new Set<string>([
  '/',
  '/indexOld',
  '/demo',
  '/sse',
  '/pop',
  '/search.html',
  '/home',
  ...HOME_CHILDREN.filter(Boolean).map((c) => `/home/${c}`),
  ...MORE_PAGES.map((p) => `/more/${p}`),
  ...ADMIN_ROUTES,
]);
const PATTERN_WEB_ROUTES = [/^\/dynamic\/[^/]+\.html$/, /^\/help\/[^/]+\.html$/, /^\/question\/[^/]+\.html$/];

/** True when the path is a screen of SPEC section 2; anything else is the catch-all's 404. */
export function isKnownWebRoute(path: string): boolean {
  const p = (path.split(/[?#]/)[0] || '/').replace(/(.)\/+$/, '$1');
  if ((EXCLUDED_ROUTES as readonly string[]).includes(p)) return false;
  return STATIC_WEB_ROUTES.has(p) || PATTERN_WEB_ROUTES.some((r) => r.test(p));
}
