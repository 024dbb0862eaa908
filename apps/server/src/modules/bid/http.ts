import type { FastifyInstance } from 'fastify';
import { isRecord } from '../../lib/unknown.ts';

/**
 * The workspace's routes live in one encapsulated scope so that one hook applies to them only:
 * clients of the original product send some parameters (e.g. `id` of clientRemoveBid) in the query
 * string of a POST, so query values fill the body fields the body leaves out.
 */
export async function inWorkspaceScope(
  app: FastifyInstance,
  register: (scope: FastifyInstance) => void,
): Promise<void> {
  await app.register(async (scope) => {
    scope.addHook('preValidation', async (req) => {
      if (req.method !== 'POST') return;
      const q = req.query;
      if (!isRecord(q) || Object.keys(q).length === 0) return;
      req.body = { ...q, ...(isRecord(req.body) ? req.body : {}) };
    });
    register(scope);
  });
}
