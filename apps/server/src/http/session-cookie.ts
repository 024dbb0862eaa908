import { randomBytes } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { SESSION_COOKIE, TOKEN_COOKIE } from '@bid/shared';

/**
 * The session cookies (issue 30, finding 7). `Admin-Token` holds the token: HttpOnly, so a page
 * script cannot read it; SameSite=Lax, so a cross-site request does not carry it except on a
 * top-level navigation (and every API call also needs the client's Basic credentials and the
 * Blade-Requested-With header, which a cross-site page cannot send); Secure when the request came
 * over HTTPS (directly, or as TRUST_PROXY's proxy says through X-Forwarded-Proto).
 * `Admin-Session` is readable and holds a random marker that grants nothing: the web app's way of
 * knowing that it is signed in.
 */
function base(req: FastifyRequest) {
  return { path: '/', sameSite: 'lax' as const, secure: req.protocol === 'https' };
}

export function setSessionCookies(
  req: FastifyRequest,
  reply: FastifyReply,
  token: string,
  maxAgeSeconds: number,
): void {
  const o = { ...base(req), maxAge: maxAgeSeconds };
  reply.setCookie(TOKEN_COOKIE, token, { ...o, httpOnly: true });
  reply.setCookie(SESSION_COOKIE, randomBytes(9).toString('base64url'), { ...o, httpOnly: false });
}

export function clearSessionCookies(req: FastifyRequest, reply: FastifyReply): void {
  reply.clearCookie(TOKEN_COOKIE, { ...base(req), httpOnly: true });
  reply.clearCookie(SESSION_COOKIE, base(req));
}
