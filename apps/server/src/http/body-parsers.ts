import type { FastifyInstance } from 'fastify';
import { AppError } from './errors.ts';
import { Code, MSG } from '@bid/shared';

/**
 * JSON with an empty body read as {} (clients post calls without parameters that way), and form
 * bodies for the token call (API.md: form body or query string).
 */
export function installBodyParsers(app: FastifyInstance): void {
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (_req, body, done) => {
    const text = (body as string).trim();
    if (text === '') return done(null, {});
    try {
      done(null, JSON.parse(text));
    } catch {
      done(new AppError(Code.BAD_REQUEST, MSG.invalidJson), undefined);
    }
  });
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_req, body, done) => {
    done(null, Object.fromEntries(new URLSearchParams(body as string)));
  });
}
