import { describe, expect, it, vi } from 'vitest';
import { LIMITS, MSG, STATUS_TEXT_PRIMARY, STATUS_TEXT_SECONDARY, SESSION_COOKIE } from '@bid/shared';
import { useSession } from '../stores/session.ts';
import { readCookie } from '../utils/cookie.ts';
import { isConflictError, isSilentError } from './errors.ts';
import { transportFailure } from './failure.ts';
import { api } from './request.ts';
import { requestHarness } from '../test/request-harness.ts';
import { fail, ok, type FakeHandler } from './testkit.ts';

const SECONDS = (ms: number) => ms / 1000;
const h = requestHarness();

describe('success codes', () => {
  it('code 200 resolves with data; raw resolves with the whole envelope; nothing is shown', async () => {
    h.serve(() => ok({ id: '7' }));
    await expect(api.post('/bid/client/getBidDetail', { id: '7' })).resolves.toEqual({ id: '7' });
    await expect(api.get('/bid/templateConfig/findAllTemplate', undefined, { raw: true })).resolves.toEqual({
      code: 200,
      success: true,
      msg: '操作成功',
      data: { id: '7' },
    });
    expect(h.fb.seen).toEqual([]);
  });

  it.each([10014, 10015])('code %i is passed through as success', async (code) => {
    h.serve(() => ok({ jobId: 'j1' }, code, '任务正在处理中'));
    await expect(api.post('/ai/client/aiGetExpandRange', { bidId: '1' })).resolves.toEqual({ jobId: 'j1' });
    expect(h.fb.seen).toEqual([]);
  });

  it('an answer without the envelope (the token call) is passed on as it came', async () => {
    const body = { success: true, access_token: 'abc', token_type: 'bearer' };
    h.serve(() => ({ data: body }));
    await expect(
      api.post('/blade-auth/oauth/token', new URLSearchParams({ grant_type: 'sms_code' })),
    ).resolves.toEqual(body);
  });
});

describe('failure codes in the envelope', () => {
  it('500: error notification with the message, for LIMITS.errorNotificationMs', async () => {
    h.serve(() => fail(500, '服务器开小差了', 500));
    const e = await h.rejection(api.post('/bid/client/saveBid', { name: 'x' }));
    expect(e.code).toBe(500);
    expect(h.fb.seen).toEqual([
      {
        via: 'notification',
        type: 'error',
        text: '服务器开小差了',
        description: undefined,
        seconds: SECONDS(LIMITS.errorNotificationMs),
      },
    ]);
  });

  it('601: warning notification for LIMITS.notificationMs', async () => {
    h.serve(() => fail(601, '标书额度已用完'));
    const e = await h.rejection(api.post('/bid/client/saveBid', { name: 'x' }));
    expect(e.code).toBe(601);
    expect(h.fb.seen).toEqual([
      {
        via: 'notification',
        type: 'warning',
        text: '标书额度已用完',
        description: undefined,
        seconds: SECONDS(LIMITS.notificationMs),
      },
    ]);
    expect(h.fb.notes[0].placement).toBe('topRight');
  });

  it('40000: rejected silently with a marked error', async () => {
    h.serve(() => fail(40000, '请求已被忽略', 400));
    const e = await h.rejection(api.post('/bid/client/updateBid', { id: '1' }));
    expect(isSilentError(e)).toBe(true);
    expect(e.kind).toBe('silent');
    expect(h.fb.seen).toEqual([]);
  });

  it('another non-200 code in an HTTP 200 answer: error notification with msg', async () => {
    h.serve(() => fail(404, '标书不存在'));
    const e = await h.rejection(api.post('/bid/client/getBidDetail', { id: 'nope' }));
    expect(e.kind).toBe('business');
    expect(h.fb.seen).toEqual([
      {
        via: 'notification',
        type: 'error',
        text: '标书不存在',
        description: undefined,
        seconds: SECONDS(LIMITS.errorNotificationMs),
      },
    ]);
  });

  it('an empty msg falls back to the default text of the code', async () => {
    h.serve(() => fail(429, '', 429));
    await h.rejection(api.post('/blade-system/client/send-validate-not-auth', { phone: '13800000000' }));
    expect(h.fb.notes[0].title).toBe('操作过于频繁，请稍后再试');
  });

  it('HTTP 400 body: error notification with the server msg for 5 s', async () => {
    h.serve(() => fail(400, '手机号格式不正确', 400));
    const e = await h.rejection(api.post('/blade-system/client/send-validate-not-auth', { phone: '1' }));
    expect(e.status).toBe(400);
    expect(h.fb.seen).toEqual([
      { via: 'notification', type: 'error', text: '手机号格式不正确', description: undefined, seconds: 5 },
    ]);
  });

  it('HTTP error body with a 5-digit code: error notification with the server msg for 5 s', async () => {
    h.serve(() => fail(10086, '模型服务繁忙', 500));
    const e = await h.rejection(api.post('/ai/client/aiGenerateTable', { catalogId: '1' }));
    expect(e.code).toBe(10086);
    expect(e.status).toBe(500);
    expect(h.fb.seen).toEqual([
      { via: 'notification', type: 'error', text: '模型服务繁忙', description: undefined, seconds: 5 },
    ]);
  });

  it('the token call failure shape (error_code, error_description) shows the description, no logout', async () => {
    h.login('old');
    h.serve(() => ({
      status: 401,
      data: { success: false, error_code: 401, error_description: '用户名或密码错误' },
    }));
    const e = await h.rejection(api.post('/blade-auth/oauth/token', new URLSearchParams({ username: 'a' })));
    expect(e.kind).toBe('business');
    expect(h.fb.notes.map((n) => n.title)).toEqual(['用户名或密码错误']);
    expect(h.nav).not.toHaveBeenCalled();
    expect(useSession.getState().token).toBe('old');
  });

  it('silent: no UI at all, the promise still rejects', async () => {
    h.serve(() => fail(500, '服务器开小差了', 500));
    const e = await h.rejection(api.post('/bid/client/saveBid', { name: 'x' }, { silent: true }));
    expect(e.code).toBe(500);
    expect(h.fb.seen).toEqual([]);
  });
});

describe('409 conflict', () => {
  it('warns and rejects with the conflict data for a merge', async () => {
    const theirs = { version: 8, content: { type: 'doc' } };
    h.serve(() => fail(409, '内容已被他人更新，请刷新后再保存', 409, theirs));
    const e = await h.rejection(
      api.post('/catalog/client/updateBidCatalogContent', { id: '1', baseVersion: 7 }),
    );
    expect(isConflictError(e)).toBe(true);
    expect(e.data).toEqual(theirs);
    expect(h.fb.seen).toEqual([
      {
        via: 'notification',
        type: 'warning',
        text: '内容已被他人更新，请刷新后再保存',
        description: undefined,
        seconds: SECONDS(LIMITS.notificationMs),
      },
    ]);
  });

  it('a bare HTTP 409 still counts as a conflict', async () => {
    h.serve(() => ({ status: 409, data: '', headers: { 'content-type': 'text/plain' } }));
    const e = await h.rejection(api.post('/catalog/client/updateBidCatalogContent', { id: '1' }));
    expect(e.kind).toBe('conflict');
    expect(h.fb.notes[0].type).toBe('warning');
    expect(String(h.fb.notes[0].title)).toMatch(/^内容已被他人更新/);
  });
});

describe('401: the session ends once', () => {
  function authServer(reply401: () => ReturnType<FakeHandler>) {
    const logoutCalls: Array<string | undefined> = [];
    const s = h.serve((config) => {
      if (config.url === '/blade-auth/oauth/logout') {
        logoutCalls.push(config.headers.get('Blade-Auth') as string | undefined);
        return fail(500, 'logout exploded', 500);
      }
      return reply401();
    });
    return { s, logoutCalls };
  }

  it.each([
    ['envelope code 401 in an HTTP 200 answer', () => fail(401, '登录失效，请重新登录', 200)],
    ['HTTP 401 with the envelope', () => fail(401, 'token 已过期', 401)],
    ['HTTP 401 without a body', () => ({ status: 401, data: '', headers: { 'content-type': 'text/plain' } })],
  ])('%s: logout locally and on the server, go to /, tell the user', async (_label, reply) => {
    h.login('tok-1');
    useSession.setState({ user: { account: '13800000000' } as never, company: true, companyName: 'ACME' });
    window.history.replaceState(null, '', '/home/book?id=3');
    const { logoutCalls } = authServer(reply);

    const e = await h.rejection(api.post('/bid/client/getBidList', { current: 1 }));
    expect(e.kind).toBe('unauthorized');
    await vi.waitFor(() => expect(logoutCalls).toHaveLength(1));

    // The HttpOnly cookie carries the session: no token header.
    expect(logoutCalls[0] ?? null).toBeNull();
    const s = useSession.getState();
    expect([s.token, s.user, s.company, s.companyName]).toEqual([null, null, false, '']);
    expect(readCookie(SESSION_COOKIE)).toBeNull();
    expect(h.nav).toHaveBeenCalledWith('/', undefined);
    expect(sessionStorage.getItem('login_redirect')).toBe('/home/book?id=3');
    // The failing server logout is ignored: the only thing shown is the login-expired toast.
    expect(h.fb.seen).toEqual([
      { via: 'toast', type: 'warning', text: MSG.loginExpired, seconds: SECONDS(LIMITS.toastMs) },
    ]);
  });

  it('several requests failing together show the message once', async () => {
    h.login('tok-2');
    const { logoutCalls } = authServer(() => fail(401, '登录失效', 401));
    const results = await Promise.allSettled([
      api.post('/bid/client/getBidList', { current: 1 }),
      api.post('/order/client/indexShow', {}),
      api.get('/bid/templateConfig/findAllTemplate'),
      api.post('/common/client/getHeadNotice', {}),
    ]);
    expect(results.every((r) => r.status === 'rejected')).toBe(true);
    await vi.waitFor(() => expect(logoutCalls).toHaveLength(1));
    expect(h.fb.toasts).toHaveLength(1);
    expect(h.fb.notes).toHaveLength(0);
    expect(h.nav).toHaveBeenCalledTimes(1);
  });

  it('anonymous calls answered 401 together also show the message once', async () => {
    h.serve(() => fail(401, '请先登录', 401));
    await Promise.allSettled([
      api.post('/bid/client/getBidList', {}),
      api.post('/order/client/indexShow', {}),
      api.get('/x'),
    ]);
    expect(h.fb.toasts).toHaveLength(1);
    expect(h.nav).toHaveBeenCalledTimes(1);
  });

  it('a late 401 of an old token after a new login is ignored', async () => {
    h.login('new-token');
    h.serve(() => fail(401, '登录失效', 401));
    // Simulate a request sent before the re-login: it carried another token.
    const { handleUnauthorized } = await import('./unauthorized.ts');
    expect(handleUnauthorized('stale-token')).toBe(false);
    expect(useSession.getState().token).toBe('new-token');
    expect(h.fb.seen).toEqual([]);
  });

  it('a silent call that finds the session expired still ends it and says so', async () => {
    h.login('tok-3');
    authServer(() => fail(401, '登录失效', 401));
    await h.rejection(api.post('/ai/client/isWriting', { bidId: '1' }, { silent: true }));
    expect(useSession.getState().token).toBeNull();
    expect(h.fb.toasts.map((t) => t.content)).toEqual([MSG.loginExpired]);
  });
});

describe('no usable answer: friendly texts and the two status tables', () => {
  it('network error: MSG.networkError, the "no response" wording of the second table', async () => {
    h.serve(() => ({ fail: 'network' }));
    const e = await h.rejection(api.post('/bid/client/getBidList', {}));
    expect(e.kind).toBe('network');
    expect(h.fb.seen).toEqual([
      {
        via: 'notification',
        type: 'error',
        text: MSG.networkError,
        description: STATUS_TEXT_SECONDARY.noResponse,
        seconds: 5,
      },
    ]);
    expect(STATUS_TEXT_SECONDARY.noResponse).toBe('请求超时，服务器无响应！');
  });

  it('timeout: MSG.timeout', async () => {
    h.serve(() => ({ fail: 'timeout' }));
    const e = await h.rejection(api.post('/bid/client/getBidList', {}));
    expect(e.kind).toBe('timeout');
    expect(h.fb.seen).toEqual([
      {
        via: 'notification',
        type: 'error',
        text: MSG.timeout,
        description: STATUS_TEXT_SECONDARY.noResponse,
        seconds: 5,
      },
    ]);
  });

  it('a connect timeout (ETIMEDOUT) also reads as a timeout', async () => {
    const e = await transportFailure(
      { code: 'ETIMEDOUT', message: 'connect failed' },
      { requestToken: null },
    );
    expect(e.kind).toBe('timeout');
    expect(h.fb.notes.map((n) => n.title)).toEqual([MSG.timeout]);
  });

  it("an error that only says 'Request failed with status code 503' uses that status", async () => {
    h.serve(() => ({ fail: 'message', message: 'Request failed with status code 503' }));
    const e = await h.rejection(api.post('/bid/client/getBidList', {}));
    expect(e.status).toBe(503);
    expect(h.fb.seen).toEqual([
      {
        via: 'notification',
        type: 'error',
        text: STATUS_TEXT_PRIMARY.default,
        description: STATUS_TEXT_SECONDARY.default,
        seconds: 5,
      },
    ]);
    expect([STATUS_TEXT_PRIMARY.default, STATUS_TEXT_SECONDARY.default]).toEqual([
      '系统未知错误，请反馈给管理员',
      '未知错误！',
    ]);
  });

  it.each([
    [403, '当前操作没有权限', '没有权限访问该资源'],
    [404, '访问资源不存在', '服务器资源不存在'],
    [500, '系统未知错误，请反馈给管理员', '服务器内部错误'],
    [502, '系统未知错误，请反馈给管理员', '未知错误！'],
  ])(
    'HTTP %i without an envelope: primary table as title, secondary as description',
    async (status, title, description) => {
      h.serve(() => ({ status, data: '<html>Bad Gateway</html>', headers: { 'content-type': 'text/html' } }));
      const e = await h.rejection(api.get('/order/client/indexShow'));
      expect(e.kind).toBe('http');
      expect(e.status).toBe(status);
      expect(h.fb.seen).toEqual([
        { via: 'notification', type: 'error', text: title, description, seconds: 5 },
      ]);
    },
  );

  it('an aborted call rejects silently', async () => {
    const controller = new AbortController();
    h.serve(async (config) => {
      controller.abort();
      const { CanceledError } = await import('axios');
      throw new CanceledError(undefined, undefined, config);
    });
    const e = await h.rejection(api.post('/bid/client/getBidList', {}, { signal: controller.signal }));
    expect(e.kind).toBe('canceled');
    expect(isSilentError(e)).toBe(true);
    expect(h.fb.seen).toEqual([]);
  });
});
