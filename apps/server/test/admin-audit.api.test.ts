import Fastify from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { TEST_DB, useTestServer } from './helpers/test-server.ts';
import { createUserWithSession, type TestUser } from './helpers/fixtures.ts';
import { SqlOperatorDirectory } from '../src/policy/operator-repo.ts';
import { auditMutations } from '../src/modules/audit/hook.ts';
import { AuditService } from '../src/modules/audit/service.ts';
import { auditSummary, MAX_SUMMARY } from '../src/modules/audit/redact.ts';
import { notFound } from '../src/http/errors.ts';

let operator: TestUser;
const s = useTestServer();
beforeAll(async () => {
  operator = await createUserWithSession(s);
  await new SqlOperatorDirectory(s.built.ctx.db).grant(operator.userId);
});

const rowsOf = (action: string) =>
  s.built.ctx.db
    .selectFrom('audit_logs')
    .selectAll()
    .where('action', '=', action)
    .orderBy('created_at')
    .execute();

describe(`audit log of operators' actions (${TEST_DB})`, () => {
  it('a successful console change is logged with operator, path and target; a refused one and a GET are not', async () => {
    const buyer = await createUserWithSession(s);
    const order = (
      await s.api.post(
        '/order/client/create',
        { packageId: 'pkg-count-1', payMethod: 'transfer' },
        { token: buyer.token },
      )
    ).body.data;
    expect(
      (await s.api.post('/admin/order/confirm', { id: order.orderId }, { token: operator.token })).body.code,
    ).toBe(200);
    // Refused: unknown order (404) and a body failing validation (400).
    expect(
      (await s.api.post('/admin/order/confirm', { id: 'no-such-order' }, { token: operator.token })).status,
    ).toBe(404);
    expect((await s.api.post('/admin/order/confirm', {}, { token: operator.token })).status).toBe(400);
    // Refused to a non-operator: 403, not logged either.
    expect(
      (await s.api.post('/admin/order/confirm', { id: order.orderId }, { token: buyer.token })).status,
    ).toBe(403);
    await s.api.get('/admin/order/list', undefined, { token: operator.token });

    const rows = await rowsOf('/api/admin/order/confirm');
    expect(rows.map((r) => [r.operator_id, r.method, r.target_id])).toEqual([
      [operator.userId, 'POST', order.orderId],
    ]);
    expect(JSON.parse(rows[0].summary)).toEqual({ id: order.orderId });
    expect(await rowsOf('/api/admin/order/list')).toEqual([]);

    const page = (
      await s.api.get(
        '/admin/audit/list',
        { action: 'order/confirm', current: 1, size: 10 },
        { token: operator.token },
      )
    ).body.data;
    expect(page.total).toBe(1);
    expect(page.records[0]).toMatchObject({
      operatorId: operator.userId,
      operatorAccount: operator.phone,
      action: '/api/admin/order/confirm',
      targetId: order.orderId,
    });
    const byOther = (
      await s.api.get('/admin/audit/list', { operator: '13000000000' }, { token: operator.token })
    ).body.data;
    expect(byOther.total).toBe(0);
    const byPhone = (
      await s.api.get('/admin/audit/list', { operator: operator.phone }, { token: operator.token })
    ).body.data;
    expect(byPhone.total).toBeGreaterThanOrEqual(1);
  });

  it('the hook logs a brand-new route without the route doing anything, and skips one that throws', async () => {
    const audit = new AuditService(s.built.ctx.db);
    const app = Fastify();
    app.decorateRequest('auth', null);
    app.addHook('onRequest', async (req) => {
      req.auth = {
        userId: operator.userId,
        tenantId: operator.tenantId,
        role: 'personal',
      } as typeof req.auth;
    });
    app.setErrorHandler((err, _req, reply) => {
      void reply.code((err as { statusCode?: number }).statusCode ?? 404).send({ code: 404 });
    });
    await app.register(async (scope) => {
      auditMutations(scope, audit);
      scope.post('/api/admin/brand-new/thing', async () => ({ code: 200 }));
      scope.post('/api/admin/brand-new/refused', async () => {
        throw notFound('没有');
      });
      // A business failure answered with HTTP 200 is still a failure.
      scope.post('/api/admin/brand-new/warning', async () => {
        throw Object.assign(new Error('warn'), { statusCode: 200 });
      });
    });
    const body = {
      userId: 'u-1',
      password: 'hunter2',
      apiKey: 'sk-live',
      note: 'x'.repeat(5000),
      file: Array.from({ length: 50 }, (_, i) => i),
    };
    expect(
      (await app.inject({ method: 'POST', url: '/api/admin/brand-new/thing', payload: body })).statusCode,
    ).toBe(200);
    expect(
      (await app.inject({ method: 'POST', url: '/api/admin/brand-new/refused', payload: { id: 'x' } }))
        .statusCode,
    ).toBe(404);
    expect(
      (await app.inject({ method: 'POST', url: '/api/admin/brand-new/warning', payload: { id: 'x' } }))
        .statusCode,
    ).toBe(200);
    await app.close();

    const rows = await rowsOf('/api/admin/brand-new/thing');
    expect(rows).toHaveLength(1);
    expect(rows[0].target_id).toBe('u-1');
    expect(rows[0].summary).not.toContain('hunter2');
    expect(rows[0].summary).not.toContain('sk-live');
    expect(rows[0].summary.length).toBeLessThanOrEqual(MAX_SUMMARY);
    const summary = JSON.parse(rows[0].summary);
    expect(summary).toMatchObject({ userId: 'u-1', password: '***', apiKey: '***' });
    expect(summary.note.length).toBeLessThan(300);
    expect(await rowsOf('/api/admin/brand-new/refused')).toEqual([]);
    expect(await rowsOf('/api/admin/brand-new/warning')).toEqual([]);
  });

  it('summaries are capped and never hold file bytes', () => {
    expect(auditSummary({ data: Buffer.from('secret bytes') })).toBe('{"data":"[文件 12 字节]"}');
    const big = auditSummary({
      items: Array.from({ length: 20 }, () => ({ a: 'y'.repeat(199), b: 'z'.repeat(199) })),
    });
    expect(big.length).toBeLessThanOrEqual(MAX_SUMMARY);
  });
});
