import { describe, expect, it } from 'vitest';
import { basicAuthValue, TOKEN_COOKIE } from '@bid/shared';
import { clientHeaders, TEST_DB, useTestServer } from './helpers/test-server.ts';
import { createUserWithSession } from './helpers/fixtures.ts';

const s = useTestServer();

describe(`foundation (${TEST_DB})`, () => {
  it('GET /api/health answers the envelope with db and ai', async () => {
    const r = await s.api.get('/health');
    expect(r.status).toBe(200);
    expect(r.body).toEqual({
      code: 200,
      success: true,
      msg: '操作成功',
      data: {
        status: 'ok',
        db: TEST_DB === 'pg' ? 'postgres' : 'sqlite',
        ai: expect.any(String),
        version: expect.any(String),
      },
    });
  });

  it('a wrong client secret gets 401 with the envelope', async () => {
    const r = await s.api.post(
      '/common/client/getClientConfig',
      {},
      { headers: { authorization: basicAuthValue('bidwriter', 'wrong') } },
    );
    expect(r.status).toBe(401);
    expect(r.body).toMatchObject({ code: 401, success: false, msg: '客户端认证失败', data: null });
  });

  it('a missing client header gets 401', async () => {
    const res = await fetch(`${s.baseUrl}/api/common/client/getClientConfig`, {
      method: 'POST',
      headers: { 'Blade-Requested-With': 'BladeHttpRequest', 'content-type': 'application/json' },
      body: '{}',
    });
    expect(res.status).toBe(401);
    expect(((await res.json()) as { code: number }).code).toBe(401);
  });

  it('a missing marker header is refused with 403', async () => {
    const headers = clientHeaders();
    delete (headers as Record<string, string>)['Blade-Requested-With'];
    const res = await fetch(`${s.baseUrl}/api/common/client/getClientConfig`, {
      method: 'POST',
      headers: { ...headers, 'content-type': 'application/json' },
      body: '{}',
    });
    expect(res.status).toBe(403);
    expect(await res.json()).toMatchObject({ code: 403, success: false, msg: '非法请求：缺少请求标记' });
  });

  it('malformed JSON gets 400 and a Chinese message, not a 500', async () => {
    const r = await s.api.call('/common/client/getClientConfig', undefined, {
      method: 'POST',
      raw: '{"a":',
      headers: { 'content-type': 'application/json' },
    });
    expect(r.status).toBe(400);
    expect(r.body).toMatchObject({ code: 400, success: false, msg: '请求内容不是有效的 JSON' });
  });

  it('a 5 MB body gets 413 naming the limit', async () => {
    const big = JSON.stringify({ text: 'x'.repeat(5 * 1024 * 1024) });
    const r = await s.api.call('/common/client/getClientConfig', undefined, {
      method: 'POST',
      raw: big,
      headers: { 'content-type': 'application/json' },
    });
    expect(r.status).toBe(413);
    expect(r.body).toMatchObject({ code: 413, success: false });
    expect(r.body.msg).toMatch(/不能超过 2 MB/);
  });

  it('an unknown /api path gets the 404 envelope', async () => {
    for (const method of ['GET', 'POST']) {
      const r = await s.api.call('/no/such/call', method === 'POST' ? {} : undefined, { method });
      expect(r.status).toBe(404);
      expect(r.body).toEqual({
        code: 404,
        success: false,
        msg: '接口不存在：/api/no/such/call',
        data: null,
        requestId: r.headers.get('x-request-id'),
      });
    }
  });

  it('an empty JSON body is read as {}', async () => {
    const r = await s.api.call('/common/client/getClientConfig', undefined, {
      method: 'POST',
      raw: '',
      headers: { 'content-type': 'application/json' },
    });
    expect(r.status).toBe(200);
    expect(r.body.data.loadingTips.length).toBeGreaterThan(0);
  });

  it('a protected call without a token gets 401 登录失效', async () => {
    const r = await s.api.get('/blade-auth/oauth/logout');
    expect(r.status).toBe(401);
    expect(r.body).toMatchObject({ code: 401, msg: '登录失效，请重新登录' });
  });

  it('the token is read from Blade-Auth or the Admin-Token cookie, and logout revokes it', async () => {
    const a = await createUserWithSession(s);
    const viaCookie = await s.api.get('/blade-auth/oauth/logout', undefined, {
      headers: { cookie: `${TOKEN_COOKIE}=bogus` },
    });
    expect(viaCookie.status).toBe(401);
    const b = await createUserWithSession(s);
    const cookieOk = await s.api.get('/blade-auth/oauth/logout', undefined, {
      headers: { cookie: `${TOKEN_COOKIE}=${b.token}` },
    });
    expect(cookieOk.status).toBe(200);
    const first = await s.api.get('/blade-auth/oauth/logout', undefined, { token: a.token });
    expect(first.status).toBe(200);
    const again = await s.api.get('/blade-auth/oauth/logout', undefined, { token: a.token });
    expect(again.status).toBe(401);
  });

  it('a token is never taken from the query string', async () => {
    const a = await createUserWithSession(s);
    const r = await s.api.get('/blade-auth/oauth/logout', { access_token: a.token, 'Blade-Auth': a.token });
    expect(r.status).toBe(401);
  });

  it('an expired session is refused', async () => {
    const a = await createUserWithSession(s);
    await s.built.ctx.db
      .updateTable('sessions')
      .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
      .where('user_id', '=', a.userId)
      .execute();
    const r = await s.api.get('/blade-auth/oauth/logout', undefined, { token: a.token });
    expect(r.status).toBe(401);
  });

  it('sessions store only a hash of the token', async () => {
    const a = await createUserWithSession(s);
    const rows = await s.built.ctx.db
      .selectFrom('sessions')
      .selectAll()
      .where('user_id', '=', a.userId)
      .execute();
    expect(rows).toHaveLength(1);
    expect(JSON.stringify(rows)).not.toContain(a.token);
    expect(rows[0].token_hash).toMatch(/^[0-9a-f]{64}$/);
  });

  it('serves the OpenAPI description at /api/docs', async () => {
    const res = await fetch(`${s.baseUrl}/api/docs`);
    expect(res.status).toBe(200);
    const doc = (await res.json()) as any;
    expect(doc.openapi).toMatch(/^3\./);
    expect(Object.keys(doc.paths)).toContain('/api/common/client/getClientConfig');
  });

  it('unknown pages answer 404, known pages 200', async () => {
    expect((await fetch(`${s.baseUrl}/home/book`)).status).toBe(200);
    expect((await fetch(`${s.baseUrl}/more/partner.html`)).status).toBe(200);
    expect((await fetch(`${s.baseUrl}/definitely/not/here`)).status).toBe(404);
  });
});
