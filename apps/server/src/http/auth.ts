import { timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AUTH_HEADER, Code, MARKER_HEADER, MARKER_VALUE, MSG, TOKEN_COOKIE } from '@bid/shared';
import { AppError } from './errors.ts';
import { clearSessionCookies } from './session-cookie.ts';
import type { SessionService } from '../modules/session/service.ts';
import type { SessionActor } from '../policy/actor.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** 'required' (default): a live session; 'optional': resolved when present; 'none': not looked at. */
    auth?: 'required' | 'optional' | 'none';
    /** false for calls made by third parties (e.g. WeChat's event callback): no Basic or marker check. */
    clientCheck?: boolean;
  }
  interface FastifyRequest {
    auth: SessionActor | null;
  }
}

function safeEqual(a: string, b: string): boolean {
  const ab = Buffer.from(a);
  const bb = Buffer.from(b);
  return ab.length === bb.length && timingSafeEqual(ab, bb);
}

function headerToken(req: FastifyRequest): string | null {
  const header = req.headers[AUTH_HEADER.toLowerCase()];
  const value = Array.isArray(header) ? header[0] : header;
  if (!value) return null;
  const m = /^bearer\s+(.+)$/i.exec(value.trim());
  return m ? m[1].trim() : value.trim();
}

/** The token of a request: the Blade-Auth header (API clients) or else the HttpOnly cookie (the web app). */
export function tokenFromRequest(req: FastifyRequest): string | null {
  const fromHeader = headerToken(req);
  if (fromHeader) return fromHeader;
  // Parsed here, on demand: the cookie plugin's parsing hook is off (app.ts). A reply that has set a
  // cookie already has them parsed (req.cookies).
  const header = req.headers.cookie;
  const cookies = req.cookies ?? (header ? req.server.parseCookie(header) : undefined);
  const cookie = cookies?.[TOKEN_COOKIE];
  return cookie ? cookie : null;
}

/** The user of an authenticated route; throws 401 when a route that needs one runs without. */
export function requireAuth(req: FastifyRequest): SessionActor {
  if (!req.auth) throw new AppError(Code.UNAUTHORIZED, MSG.loginExpired);
  return req.auth;
}

/**
 * Client Basic-auth check, marker-header check (CSRF defence for cookie-authenticated calls) and
 * token -> session resolution, for every /api route (API.md "Transport").
 */
export function installAuth(
  app: FastifyInstance,
  opts: { clientId: string; clientSecret: string; sessions: SessionService },
): void {
  const expected = `Basic ${Buffer.from(`${opts.clientId}:${opts.clientSecret}`).toString('base64')}`;
  app.decorateRequest('auth', null);
  // Callback style: a session found in the cache is answered without a promise (this hook runs on
  // every API call).
  app.addHook('onRequest', (req, reply, done) => {
    // Decided by the route the router matched, not by the URL as sent: the router decodes and
    // `/%61pi/...` reaches the same route as `/api/...`, so a check on the raw URL could be skipped.
    // Read once: Fastify builds a new routeOptions object on every access.
    const { url: route, config } = req.routeOptions;
    if (!route || !(route === '/api' || route.startsWith('/api/'))) return done();
    const cfg = config ?? {};
    if (cfg.clientCheck !== false) {
      const basic = req.headers.authorization ?? '';
      if (!safeEqual(basic, expected)) return done(new AppError(Code.UNAUTHORIZED, MSG.badClient));
      if (req.headers[MARKER_HEADER.toLowerCase()] !== MARKER_VALUE)
        return done(new AppError(Code.FORBIDDEN, MSG.missingMarker));
    }
    const mode = cfg.auth ?? 'required';
    if (mode === 'none') return done();
    const token = tokenFromRequest(req);
    const settle = (actor: SessionActor | null) => {
      req.auth = actor;
      // A cookie whose session has ended (expired, revoked, logged out elsewhere) is cleared by the
      // answer that refuses it, so the browser stops sending it and the web app's marker goes too.
      if (!actor && token && !headerToken(req)) clearSessionCookies(req, reply);
      done(mode === 'required' && !actor ? new AppError(Code.UNAUTHORIZED, MSG.loginExpired) : undefined);
    };
    if (!token) return settle(null);
    const cached = opts.sessions.cached(token);
    if (cached) return settle(cached);
    opts.sessions.resolve(token).then(settle, done);
  });
}
