import type { FastifyInstance } from 'fastify';

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
      const q = req.query as Record<string, unknown> | undefined;
      if (!q || Object.keys(q).length === 0) return;
      const body =
        req.body && typeof req.body === 'object' && !Array.isArray(req.body)
          ? (req.body as Record<string, unknown>)
          : {};
      req.body = { ...q, ...body };
    });
    register(scope);
  });
}
