import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AuditService } from './service.ts';

/**
 * Records every successful non-GET call of `scope` in the audit log. A call that threw (4xx, 5xx, or
 * a failure envelope sent with HTTP 200) is marked in onError and not recorded. Written in onSend,
 * before the answer leaves, so an operator who saw "done" can already find the action in the log.
 * Installed once on the admin scope, so a new console route is audited without doing anything.
 */
export function auditMutations(scope: FastifyInstance, audit: AuditService): void {
  const failed = new WeakSet<FastifyRequest>();
  scope.addHook('onError', async (req) => {
    failed.add(req);
  });
  scope.addHook('onSend', async (req, reply, payload) => {
    if (req.method === 'GET' || req.method === 'HEAD' || req.method === 'OPTIONS') return payload;
    if (failed.has(req) || reply.statusCode >= 400 || !req.auth) return payload;
    try {
      await audit.record({
        operatorId: req.auth.userId,
        action: req.routeOptions.url ?? req.url.split('?')[0],
        method: req.method,
        body: req.body,
        ip: req.ip ?? null,
      });
    } catch (err) {
      // The call already succeeded; a lost audit row is logged loudly rather than hidden.
      req.log.error({ err, action: req.routeOptions.url }, 'audit log write failed');
    }
    return payload;
  });
}
