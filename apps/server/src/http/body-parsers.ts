import type { FastifyInstance } from 'fastify';
import { AppError } from './errors.ts';
import { Code, jsonTextDepth, MAX_JSON_NESTING, MSG } from '@bid/shared';

/**
 * JSON with an empty body read as {} (clients post calls without parameters that way), and form
 * bodies for the token call (API.md: form body or query string).
 */
export function installBodyParsers(app: FastifyInstance): void {
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (_req, body, done) => {
    const text = (body as string).trim();
    if (text === '') return done(null, {});
    // Before parsing: what walks the parsed value later recurses (issue 30, finding 3).
    if (jsonTextDepth(text, MAX_JSON_NESTING) > MAX_JSON_NESTING)
      return done(new AppError(Code.BAD_REQUEST, MSG.tooDeep(MAX_JSON_NESTING)), undefined);
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
