import { sql } from 'kysely';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.ts';
import { ok } from '../../http/envelope.ts';
import { APP_VERSION } from '../../lib/version.ts';

export function registerHealthRoutes(app: FastifyInstance, ctx: AppContext): void {
  app.get('/api/health', { config: { auth: 'none', clientCheck: false } }, async () => {
    await sql`select 1`.execute(ctx.db);
    const ai = ctx.services.aiSetup.providerName;
    return ok({ status: 'ok' as const, db: ctx.dbKind, ai, version: APP_VERSION });
  });
}
