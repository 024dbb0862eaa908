import { afterEach, beforeEach, describe, expect, it, vi, type Mock } from 'vitest';
import { LIMITS, MSG, STATUS_TEXT_PRIMARY, STATUS_TEXT_SECONDARY, TOKEN_COOKIE } from '@bid/shared';
import { setNavigator, type Navigator } from '../lib/navigation.ts';
import { useSession } from '../stores/session.ts';
import { readCookie, writeCookie } from '../utils/cookie.ts';
import { blobToText } from './download.ts';
import { ApiError, isConflictError, isSilentError } from './errors.ts';
import { transportFailure } from './failure.ts';
import { api, duplicateGuard } from './request.ts';
import { fail, installFakeHttp, ok, recordFeedback, type FakeHandler } from './testkit.ts';
import { resetUnauthorizedLatch } from './unauthorized.ts';

const SECONDS = (ms: number) => ms / 1000;

let fb: ReturnType<typeof recordFeedback>;
let nav: Mock<Navigator>;
let fake: ReturnType<typeof installFakeHttp> | null = null;

function serve(handler: FakeHandler) {
  fake = installFakeHttp(handler);
  return fake;
}

async function rejection(p: Promise<unknown>): Promise<ApiError> {
  try {
    await p;
  } catch (e) {
    expect(e).toBeInstanceOf(ApiError);
    return e as ApiError;
  }
  throw new Error('expected the call to reject');
}

function login(token = 'tok-1') {
  writeCookie(TOKEN_COOKIE, token);
  useSession.setState({ token, loaded: true });
}

beforeEach(() => {
  fb = recordFeedback();
  nav = vi.fn<Navigator>();
  setNavigator(nav);
  duplicateGuard.clear();
  resetUnauthorizedLatch();
  useSession.getState().reset();
  sessionStorage.clear();
});

afterEach(() => {
  fake?.restore();
  fake = null;
  fb.undo();
  setNavigator(null);
  vi.useRealTimers();
});

describe('success codes', () => {
  it('code 200 resolves with data; raw resolves with the whole envelope; nothing is shown', async () => {
    serve(() => ok({ id: '7' }));
    await expect(api.post('/bid/client/getBidDetail', { id: '7' })).resolves.toEqual({ id: '7' });
    await expect(api.get('/bid/templateConfig/findAllTemplate', undefined, { raw: true })).resolves.toEqual({
      code: 200,
      success: true,
      msg: '操作成功',
      data: { id: '7' },
    });
    expect(fb.seen).toEqual([]);
  });

  it.each([10014, 10015])('code %i is passed through as success', async (code) => {
    serve(() => ok({ jobId: 'j1' }, code, '任务正在处理中'));
    await expect(api.post('/ai/client/aiGetExpandRange', { bidId: '1' })).resolves.toEqual({ jobId: 'j1' });
    expect(fb.seen).toEqual([]);
  });

  it('an answer without the envelope (the token call) is passed on as it came', async () => {
    const body = { success: true, access_token: 'abc', token_type: 'bearer' };
    serve(() => ({ data: body }));
    await expect(api.post('/blade-auth/oauth/token', new URLSearchParams({ grant_type: 'sms_code' }))).resolves.toEqual(body);
  });
});

describe('failure codes in the envelope', () => {
  it('500: error notification with the message, for LIMITS.errorNotificationMs', async () => {
    serve(() => fail(500, '服务器开小差了', 500));
    const e = await rejection(api.post('/bid/client/saveBid', { name: 'x' }));
    expect(e.code).toBe(500);
    expect(fb.seen).toEqual([
      { via: 'notification', type: 'error', text: '服务器开小差了', description: undefined, seconds: SECONDS(LIMITS.errorNotificationMs) },
    ]);
  });

  it('601: warning notification for LIMITS.notificationMs', async () => {
    serve(() => fail(601, '标书额度已用完'));
    const e = await rejection(api.post('/bid/client/saveBid', { name: 'x' }));
    expect(e.code).toBe(601);
    expect(fb.seen).toEqual([
      { via: 'notification', type: 'warning', text: '标书额度已用完', description: undefined, seconds: SECONDS(LIMITS.notificationMs) },
    ]);
    expect(fb.notes[0].placement).toBe('topRight');
  });

  it('40000: rejected silently with a marked error', async () => {
    serve(() => fail(40000, '请求已被忽略', 400));
    const e = await rejection(api.post('/bid/client/updateBid', { id: '1' }));
    expect(isSilentError(e)).toBe(true);
    expect(e.kind).toBe('silent');
    expect(fb.seen).toEqual([]);
  });

  it('another non-200 code in an HTTP 200 answer: error notification with msg', async () => {
    serve(() => fail(404, '标书不存在'));
    const e = await rejection(api.post('/bid/client/getBidDetail', { id: 'nope' }));
    expect(e.kind).toBe('business');
    expect(fb.seen).toEqual([
      { via: 'notification', type: 'error', text: '标书不存在', description: undefined, seconds: SECONDS(LIMITS.errorNotificationMs) },
    ]);
  });

  it('an empty msg falls back to the default text of the code', async () => {
    serve(() => fail(429, '', 429));
    await rejection(api.post('/blade-system/client/send-validate-not-auth', { phone: '13800000000' }));
    expect(fb.notes[0].title).toBe('操作过于频繁，请稍后再试');
  });

  it('HTTP 400 body: error notification with the server msg for 5 s', async () => {
    serve(() => fail(400, '手机号格式不正确', 400));
    const e = await rejection(api.post('/blade-system/client/send-validate-not-auth', { phone: '1' }));
    expect(e.status).toBe(400);
    expect(fb.seen).toEqual([
      { via: 'notification', type: 'error', text: '手机号格式不正确', description: undefined, seconds: 5 },
    ]);
  });

  it('HTTP error body with a 5-digit code: error notification with the server msg for 5 s', async () => {
    serve(() => fail(10086, '模型服务繁忙', 500));
    const e = await rejection(api.post('/ai/client/aiGenerateTable', { catalogId: '1' }));
    expect(e.code).toBe(10086);
    expect(e.status).toBe(500);
    expect(fb.seen).toEqual([{ via: 'notification', type: 'error', text: '模型服务繁忙', description: undefined, seconds: 5 }]);
  });

  it('the token call failure shape (error_code, error_description) shows the description, no logout', async () => {
    login('old');
    serve(() => ({ status: 401, data: { success: false, error_code: 401, error_description: '用户名或密码错误' } }));
    const e = await rejection(api.post('/blade-auth/oauth/token', new URLSearchParams({ username: 'a' })));
    expect(e.kind).toBe('business');
    expect(fb.notes.map((n) => n.title)).toEqual(['用户名或密码错误']);
    expect(nav).not.toHaveBeenCalled();
    expect(useSession.getState().token).toBe('old');
  });

  it('silent: no UI at all, the promise still rejects', async () => {
    serve(() => fail(500, '服务器开小差了', 500));
    const e = await rejection(api.post('/bid/client/saveBid', { name: 'x' }, { silent: true }));
    expect(e.code).toBe(500);
    expect(fb.seen).toEqual([]);
  });
});

describe('409 conflict', () => {
  it('warns and rejects with the conflict data for a merge', async () => {
    const theirs = { version: 8, content: { type: 'doc' } };
    serve(() => fail(409, '内容已被他人更新，请刷新后再保存', 409, theirs));
    const e = await rejection(api.post('/catalog/client/updateBidCatalogContent', { id: '1', baseVersion: 7 }));
    expect(isConflictError(e)).toBe(true);
    expect(e.data).toEqual(theirs);
    expect(fb.seen).toEqual([
      { via: 'notification', type: 'warning', text: '内容已被他人更新，请刷新后再保存', description: undefined, seconds: SECONDS(LIMITS.notificationMs) },
    ]);
  });

  it('a bare HTTP 409 still counts as a conflict', async () => {
    serve(() => ({ status: 409, data: '', headers: { 'content-type': 'text/plain' } }));
    const e = await rejection(api.post('/catalog/client/updateBidCatalogContent', { id: '1' }));
    expect(e.kind).toBe('conflict');
    expect(fb.notes[0].type).toBe('warning');
    expect(String(fb.notes[0].title)).toMatch(/^内容已被他人更新/);
  });
});

describe('401: the session ends once', () => {
  function authServer(reply401: () => ReturnType<FakeHandler>) {
    const logoutCalls: Array<string | undefined> = [];
    const s = serve((config) => {
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
    login('tok-1');
    useSession.setState({ user: { account: '13800000000' } as never, company: true, companyName: 'ACME' });
    window.history.replaceState(null, '', '/home/book?id=3');
    const { logoutCalls } = authServer(reply);

    const e = await rejection(api.post('/bid/client/getBidList', { current: 1 }));
    expect(e.kind).toBe('unauthorized');
    await vi.waitFor(() => expect(logoutCalls).toHaveLength(1));

    expect(logoutCalls[0]).toBe('bearer tok-1');
    const s = useSession.getState();
    expect([s.token, s.user, s.company, s.companyName]).toEqual([null, null, false, '']);
    expect(readCookie(TOKEN_COOKIE)).toBeNull();
    expect(nav).toHaveBeenCalledWith('/', undefined);
    expect(sessionStorage.getItem('login_redirect')).toBe('/home/book?id=3');
    // The failing server logout is ignored: the only thing shown is the login-expired toast.
    expect(fb.seen).toEqual([{ via: 'toast', type: 'warning', text: MSG.loginExpired, seconds: SECONDS(LIMITS.toastMs) }]);
  });

  it('several requests failing together show the message once', async () => {
    login('tok-2');
    const { logoutCalls } = authServer(() => fail(401, '登录失效', 401));
    const results = await Promise.allSettled([
      api.post('/bid/client/getBidList', { current: 1 }),
      api.post('/order/client/indexShow', {}),
      api.get('/bid/templateConfig/findAllTemplate'),
      api.post('/common/client/getHeadNotice', {}),
    ]);
    expect(results.every((r) => r.status === 'rejected')).toBe(true);
    await vi.waitFor(() => expect(logoutCalls).toHaveLength(1));
    expect(fb.toasts).toHaveLength(1);
    expect(fb.notes).toHaveLength(0);
    expect(nav).toHaveBeenCalledTimes(1);
  });

  it('anonymous calls answered 401 together also show the message once', async () => {
    serve(() => fail(401, '请先登录', 401));
    await Promise.allSettled([api.post('/bid/client/getBidList', {}), api.post('/order/client/indexShow', {}), api.get('/x')]);
    expect(fb.toasts).toHaveLength(1);
    expect(nav).toHaveBeenCalledTimes(1);
  });

  it('a late 401 of an old token after a new login is ignored', async () => {
    login('new-token');
    serve(() => fail(401, '登录失效', 401));
    // Simulate a request sent before the re-login: it carried another token.
    const { handleUnauthorized } = await import('./unauthorized.ts');
    expect(handleUnauthorized('stale-token')).toBe(false);
    expect(useSession.getState().token).toBe('new-token');
    expect(fb.seen).toEqual([]);
  });

  it('a silent call that finds the session expired still ends it and says so', async () => {
    login('tok-3');
    authServer(() => fail(401, '登录失效', 401));
    await rejection(api.post('/ai/client/isWriting', { bidId: '1' }, { silent: true }));
    expect(useSession.getState().token).toBeNull();
    expect(fb.toasts.map((t) => t.content)).toEqual([MSG.loginExpired]);
  });
});

describe('no usable answer: friendly texts and the two status tables', () => {
  it('network error: MSG.networkError, the "no response" wording of the second table', async () => {
    serve(() => ({ fail: 'network' }));
    const e = await rejection(api.post('/bid/client/getBidList', {}));
    expect(e.kind).toBe('network');
    expect(fb.seen).toEqual([
      { via: 'notification', type: 'error', text: MSG.networkError, description: STATUS_TEXT_SECONDARY.noResponse, seconds: 5 },
    ]);
    expect(STATUS_TEXT_SECONDARY.noResponse).toBe('请求超时，服务器无响应！');
  });

  it('timeout: MSG.timeout', async () => {
    serve(() => ({ fail: 'timeout' }));
    const e = await rejection(api.post('/bid/client/getBidList', {}));
    expect(e.kind).toBe('timeout');
    expect(fb.seen).toEqual([
      { via: 'notification', type: 'error', text: MSG.timeout, description: STATUS_TEXT_SECONDARY.noResponse, seconds: 5 },
    ]);
  });

  it('a connect timeout (ETIMEDOUT) also reads as a timeout', async () => {
    const e = await transportFailure({ code: 'ETIMEDOUT', message: 'connect failed' }, { requestToken: null });
    expect(e.kind).toBe('timeout');
    expect(fb.notes.map((n) => n.title)).toEqual([MSG.timeout]);
  });

  it("an error that only says 'Request failed with status code 503' uses that status", async () => {
    serve(() => ({ fail: 'message', message: 'Request failed with status code 503' }));
    const e = await rejection(api.post('/bid/client/getBidList', {}));
    expect(e.status).toBe(503);
    expect(fb.seen).toEqual([
      { via: 'notification', type: 'error', text: STATUS_TEXT_PRIMARY.default, description: STATUS_TEXT_SECONDARY.default, seconds: 5 },
    ]);
    expect([STATUS_TEXT_PRIMARY.default, STATUS_TEXT_SECONDARY.default]).toEqual(['系统未知错误，请反馈给管理员', '未知错误！']);
  });

  it.each([
    [403, '当前操作没有权限', '没有权限访问该资源'],
    [404, '访问资源不存在', '服务器资源不存在'],
    [500, '系统未知错误，请反馈给管理员', '服务器内部错误'],
    [502, '系统未知错误，请反馈给管理员', '未知错误！'],
  ])('HTTP %i without an envelope: primary table as title, secondary as description', async (status, title, description) => {
    serve(() => ({ status, data: '<html>Bad Gateway</html>', headers: { 'content-type': 'text/html' } }));
    const e = await rejection(api.get('/order/client/indexShow'));
    expect(e.kind).toBe('http');
    expect(e.status).toBe(status);
    expect(fb.seen).toEqual([{ via: 'notification', type: 'error', text: title, description, seconds: 5 }]);
  });

  it('an aborted call rejects silently', async () => {
    const controller = new AbortController();
    serve(async (config) => {
      controller.abort();
      const { CanceledError } = await import('axios');
      throw new CanceledError(undefined, undefined, config);
    });
    const e = await rejection(api.post('/bid/client/getBidList', {}, { signal: controller.signal }));
    expect(e.kind).toBe('canceled');
    expect(isSilentError(e)).toBe(true);
    expect(fb.seen).toEqual([]);
  });
});

describe('downloads', () => {
  const docx = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';

  it('answers the blob and the UTF-8 file name of Content-Disposition', async () => {
    const file = new Blob(['PK...'], { type: docx });
    const s = serve(() => ({
      data: file,
      headers: { 'content-type': docx, 'content-disposition': "attachment; filename*=UTF-8''%E6%8A%95%E6%A0%87%E6%96%87%E4%BB%B6.docx" },
    }));
    const r = await api.download('/bid/client/exportBid', { id: '1', templateId: 't' });
    expect(r.fileName).toBe('投标文件.docx');
    expect(await blobToText(r.blob)).toBe('PK...');
    expect(s.calls[0].responseType).toBe('blob');
    expect(s.calls[0].timeout).toBe(720_000);
  });

  it('a JSON answer instead of the file: its msg is shown', async () => {
    serve(() => ({
      data: new Blob([JSON.stringify({ code: 500, success: false, msg: '导出失败：模板不存在', data: null })], { type: 'application/json' }),
      headers: { 'content-type': 'application/json' },
    }));
    const e = await rejection(api.download('/bid/client/exportBid', { id: '1' }));
    expect(e.code).toBe(500);
    expect(fb.seen).toEqual([{ via: 'notification', type: 'error', text: '导出失败：模板不存在', description: undefined, seconds: 5 }]);
  });

  it('a JSON answer with code 10013 fails silently', async () => {
    serve(() => ({
      data: new Blob([JSON.stringify({ code: 10013, success: false, msg: '导出失败', data: null })], { type: 'application/json' }),
      headers: { 'content-type': 'application/json' },
    }));
    const e = await rejection(api.download('/bid/client/exportBid', { id: '1' }));
    expect(e.code).toBe(10013);
    expect(isSilentError(e)).toBe(true);
    expect(fb.seen).toEqual([]);
  });

  it('a JSON blob on an HTTP error status is parsed too', async () => {
    serve(() => ({
      status: 404,
      data: new Blob([JSON.stringify({ code: 404, success: false, msg: '标书不存在', data: null })], { type: 'application/json' }),
      headers: { 'content-type': 'application/json' },
    }));
    await rejection(api.download('/bid/client/exportBid', { id: 'x' }));
    expect(fb.notes.map((n) => n.title)).toEqual(['标书不存在']);
  });
});

describe('duplicate-submit guard', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2025-01-01T00:00:00Z'));
  });

  it('refuses the same POST url and body within 1000 ms without sending it, with a warning toast', async () => {
    const s = serve(() => ok(null));
    await api.post('/bid/client/saveBid', { name: 'A', pageCount: 10 });
    vi.advanceTimersByTime(LIMITS.duplicateSubmitWindowMs - 1);
    const e = await rejection(api.post('/bid/client/saveBid', { pageCount: 10, name: 'A' }));
    expect(e.kind).toBe('duplicate');
    expect(e.message).toBe('数据正在处理，请勿重复提交');
    expect(s.calls).toHaveLength(1);
    expect(fb.seen).toEqual([{ via: 'toast', type: 'warning', text: MSG.duplicateSubmit, seconds: SECONDS(LIMITS.toastMs) }]);
  });

  it('lets it through once 1000 ms have passed', async () => {
    const s = serve(() => ok(null));
    await api.post('/bid/client/saveBid', { name: 'A' });
    vi.advanceTimersByTime(LIMITS.duplicateSubmitWindowMs);
    await api.post('/bid/client/saveBid', { name: 'A' });
    expect(s.calls).toHaveLength(2);
    expect(fb.seen).toEqual([]);
  });

  it('a different body is not a duplicate', async () => {
    const s = serve(() => ok(null));
    await api.post('/bid/client/saveBid', { name: 'A' });
    await api.post('/bid/client/saveBid', { name: 'B' });
    expect(s.calls).toHaveLength(2);
  });

  it('noDuplicateGuard opts out', async () => {
    const s = serve(() => ok(null));
    await api.post('/ai/client/isWriting', { bidId: '1' }, { noDuplicateGuard: true });
    await api.post('/ai/client/isWriting', { bidId: '1' }, { noDuplicateGuard: true });
    expect(s.calls).toHaveLength(2);
  });

  it('GET is never guarded', async () => {
    const s = serve(() => ok([]));
    await api.get('/order/client/oneselfList', { current: 1 });
    await api.get('/order/client/oneselfList', { current: 1 });
    expect(s.calls).toHaveLength(2);
  });

  it('PUT is guarded too; silent refuses without the toast', async () => {
    const s = serve(() => ok(null));
    await api.put('/x/y', { a: 1 });
    const e = await rejection(api.put('/x/y', { a: 1 }, { silent: true }));
    expect(e.kind).toBe('duplicate');
    expect(s.calls).toHaveLength(1);
    expect(fb.seen).toEqual([]);
  });
});

describe('headers, base path and timeouts', () => {
  it('sends Basic auth and the marker always, the bearer token only when logged in', async () => {
    const s = serve(() => ok(null));
    await api.get('/order/client/indexShow');
    login('secret-token');
    await api.get('/order/client/indexShow', { page: 2 });

    const [anon, authed] = s.calls;
    const basic = `Basic ${btoa('bidwriter:bidwriter_secret')}`;
    expect(anon.baseURL).toBe('/api');
    expect(anon.headers.get('Authorization')).toBe(basic);
    expect(anon.headers.get('Blade-Requested-With')).toBe('BladeHttpRequest');
    expect(anon.headers.has('Blade-Auth')).toBe(false);
    expect(authed.headers.get('Authorization')).toBe(basic);
    expect(authed.headers.get('Blade-Requested-With')).toBe('BladeHttpRequest');
    expect(authed.headers.get('Blade-Auth')).toBe('bearer secret-token');
  });

  it('sends Tenant-Id and extra headers when given', async () => {
    const s = serve(() => ({ data: { success: true, access_token: 't' } }));
    await api.post('/blade-auth/oauth/token', new URLSearchParams({ username: 'u' }), {
      tenantId: '000000',
      headers: { 'Captcha-Key': 'k1', 'Captcha-Code': 'abcd' },
    });
    expect(s.calls[0].headers.get('Tenant-Id')).toBe('000000');
    expect(s.calls[0].headers.get('Captcha-Key')).toBe('k1');
    expect(s.calls[0].headers.get('Captcha-Code')).toBe('abcd');
  });

  it('applies the per-call timeouts of SPEC section 7, the 10 s default and an override', async () => {
    const s = serve(() => ok(null));
    await api.post('/catalog/client/bidCatalogSave', { bidId: '1', catalogs: [] });
    await api.post('/ai/client/aiGetExpandRange', { bidId: '1' });
    await api.post('/ai/client/aiSearchImages', { q: 'x' });
    await api.post('/bid/client/getBidList', {});
    await api.post('api/bid/client/getBidDetail', { id: '1' }, { timeout: 1234 });
    expect(s.calls.map((c) => [c.url, c.timeout])).toEqual([
      ['/catalog/client/bidCatalogSave', 120_000],
      ['/ai/client/aiGetExpandRange', 10_800_000],
      ['/ai/client/aiSearchImages', 60_000],
      ['/bid/client/getBidList', LIMITS.defaultTimeoutMs],
      ['/bid/client/getBidDetail', 1234],
    ]);
    expect(LIMITS.defaultTimeoutMs).toBe(10_000);
  });
});

describe('uploads', () => {
  it('sends multipart with the field `file`, extra fields, reports progress, allows a long upload', async () => {
    const progress: number[] = [];
    const s = serve((config) => {
      config.onUploadProgress?.({ loaded: 25, total: 100, bytes: 25, lengthComputable: true } as never);
      config.onUploadProgress?.({ loaded: 100, total: 100, bytes: 75, lengthComputable: true } as never);
      return ok({ fileId: 'f1' });
    });
    const file = new File(['%PDF-1.7'], '招标文件.pdf', { type: 'application/pdf' });
    const r = await api.upload<{ fileId: string }>('/file/upload', file, { fields: { bidId: '9' }, onProgress: (p) => progress.push(p) });
    expect(r).toEqual({ fileId: 'f1' });
    const body = s.calls[0].data as FormData;
    expect(body).toBeInstanceOf(FormData);
    expect((body.get('file') as File).name).toBe('招标文件.pdf');
    expect(body.get('bidId')).toBe('9');
    expect(progress).toEqual([25, 100]);
    expect(s.calls[0].timeout).toBe(LIMITS.uploadTimeoutMs);
  });
});
