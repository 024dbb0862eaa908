import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SESSION_COOKIE, TOKEN_COOKIE } from '@bid/shared';
import { fail, installFakeHttp, ok, recordFeedback } from '../api/testkit.ts';
import { duplicateGuard } from '../api/request.ts';
import { resetUnauthorizedLatch } from '../api/unauthorized.ts';
import { setNavigator } from '../lib/navigation.ts';
import { readCookie, removeCookie, writeCookie } from '../utils/cookie.ts';
import { selectMaskedAccount, selectModelEnabled, useSession } from './session.ts';

const USER = {
  id: '1001',
  account: '13812345678',
  source: 'sms',
  tenantId: 't-9',
  expireDate: '2026-01-01T00:00:00.000Z',
  packageUnit: 'year',
  packageUnlimitedTimes: null,
  bidNumber: 3,
  monthBidNumber: 2,
  temporaryBidNumber: 1,
  grantBidNumber: 0,
  isEmployee: 1,
  name: '某某建设有限公司',
  bidFileShowFlag: 0,
  projectListShowFlag: 0,
  isBuy: 1,
  headMenu: [{ path: '/home/book' }],
  rights: ['employee:add'],
  needUserInfo: 0,
  modelData: { premium_status: 1, standard_status: 0 },
};

let fb: ReturnType<typeof recordFeedback>;
let fake: ReturnType<typeof installFakeHttp> | null = null;

beforeEach(() => {
  fb = recordFeedback();
  setNavigator(vi.fn());
  duplicateGuard.clear();
  resetUnauthorizedLatch();
  useSession.getState().reset();
});
afterEach(() => {
  fake?.restore();
  fake = null;
  fb.undo();
  setNavigator(null);
  removeCookie(SESSION_COOKIE);
  removeCookie(TOKEN_COOKIE);
});

describe('session marker (the token itself is an HttpOnly cookie the app never sees)', () => {
  it('is read from the Admin-Session cookie when the app starts; Admin-Token is not read', async () => {
    writeCookie(SESSION_COOKIE, 'marker-1');
    // Were the token readable (an old session), the app would still not take it.
    writeCookie(TOKEN_COOKIE, 'secret-token');
    vi.resetModules();
    const fresh = await import('./session.ts');
    expect(fresh.useSession.getState().token).toBe('marker-1');
  });

  it('signed out without the marker, whatever else is in the cookies', async () => {
    writeCookie(TOKEN_COOKIE, 'secret-token');
    vi.resetModules();
    const fresh = await import('./session.ts');
    expect(fresh.useSession.getState().token).toBeNull();
  });

  it('setToken keeps the marker, writes no cookie and drops any previous user', () => {
    useSession.setState({ user: USER as never, company: true, companyName: 'x', loaded: true });
    useSession.getState().setToken('t-new');
    const s = useSession.getState();
    expect(s.token).toBe('t-new');
    expect(readCookie(TOKEN_COOKIE)).toBeNull();
    expect(readCookie(SESSION_COOKIE)).toBeNull();
    expect([s.user, s.company, s.loaded]).toEqual([null, false, false]);
  });
});

describe('loadUserInfo', () => {
  it('POSTs get-userInfo and derives company, companyName and the flags', async () => {
    fake = installFakeHttp(() => ok(USER));
    useSession.getState().setToken('tk');
    const user = await useSession.getState().loadUserInfo();
    expect(fake.calls[0].url).toBe('/blade-system/client/get-userInfo');
    expect(fake.calls[0].method).toBe('post');
    expect(user?.account).toBe('13812345678');
    const s = useSession.getState();
    expect([s.company, s.companyName, s.bidFileShowFlag, s.projectListShowFlag, s.loaded]).toEqual([
      true,
      '某某建设有限公司',
      0,
      0,
      true,
    ]);
    expect(selectMaskedAccount(s)).toBe('138****5678');
    expect(selectModelEnabled(s, 'premium')).toBe(false);
    expect(selectModelEnabled(s, 'standard')).toBe(true);
  });

  it('a personal user has no company name; missing flags default to 1', async () => {
    const { bidFileShowFlag: _a, projectListShowFlag: _b, needUserInfo: _c, ...rest } = USER;
    fake = installFakeHttp(() => ok({ ...rest, isEmployee: 0, name: '张三' }));
    useSession.getState().setToken('tk');
    await useSession.getState().loadUserInfo();
    const s = useSession.getState();
    expect([
      s.company,
      s.companyName,
      s.bidFileShowFlag,
      s.projectListShowFlag,
      s.user?.needUserInfo,
    ]).toEqual([false, '', 1, 1, 1]);
  });

  it('does nothing without a token, and keeps the session when the answer is malformed', async () => {
    fake = installFakeHttp(() => ok({ nonsense: true }));
    expect(await useSession.getState().loadUserInfo()).toBeNull();
    expect(fake.calls).toHaveLength(0);
    useSession.getState().setToken('tk');
    expect(await useSession.getState().loadUserInfo()).toBeNull();
    expect(useSession.getState().token).toBe('tk');
  });

  it('ignores an answer that arrives after the user logged out', async () => {
    let release!: () => void;
    fake = installFakeHttp((config) =>
      config.url === '/blade-auth/oauth/logout'
        ? ok(null)
        : new Promise((r) => (release = () => r(ok(USER)))),
    );
    useSession.getState().setToken('tk');
    const pending = useSession.getState().loadUserInfo();
    await vi.waitFor(() => expect(release).toBeTypeOf('function'));
    await useSession.getState().logout();
    release();
    expect(await pending).toBeNull();
    expect(useSession.getState().user).toBeNull();
  });

  it('can be called on every navigation without tripping the duplicate guard', async () => {
    fake = installFakeHttp(() => ok(USER));
    useSession.getState().setToken('tk');
    await useSession.getState().loadUserInfo();
    await useSession.getState().loadUserInfo();
    expect(fake.calls).toHaveLength(2);
  });
});

describe('logout (SPEC section 4)', () => {
  async function loggedIn() {
    fake = installFakeHttp((config) => (config.url === '/blade-auth/oauth/logout' ? ok(null) : ok(USER)));
    useSession.getState().setToken('tk-logout');
    await useSession.getState().loadUserInfo();
    expect(useSession.getState().company).toBe(true);
  }

  it('calls the server logout, then clears every user field, company false, both flags 1, marker gone', async () => {
    writeCookie(SESSION_COOKIE, 'tk-logout');
    await loggedIn();
    await useSession.getState().logout();
    const logoutCall = fake!.calls.find((c) => c.url === '/blade-auth/oauth/logout')!;
    expect(logoutCall.method).toBe('get');
    // No token header: the browser sends the HttpOnly cookie, which the server clears.
    expect(logoutCall.headers.has('Blade-Auth')).toBe(false);
    const s = useSession.getState();
    expect({
      token: s.token,
      user: s.user,
      company: s.company,
      companyName: s.companyName,
      bidFileShowFlag: s.bidFileShowFlag,
      projectListShowFlag: s.projectListShowFlag,
      loaded: s.loaded,
    }).toEqual({
      token: null,
      user: null,
      company: false,
      companyName: '',
      bidFileShowFlag: 1,
      projectListShowFlag: 1,
      loaded: false,
    });
    expect(readCookie(SESSION_COOKIE)).toBeNull();
    expect(selectMaskedAccount(s)).toBe('');
  });

  it('a failing server logout is ignored: no message, the local session still ends', async () => {
    fake = installFakeHttp((config) =>
      config.url === '/blade-auth/oauth/logout' ? fail(401, '未登录', 401) : ok(USER),
    );
    useSession.getState().setToken('tk');
    await useSession.getState().loadUserInfo();
    await expect(useSession.getState().logout()).resolves.toBeUndefined();
    expect(useSession.getState().token).toBeNull();
    expect(fb.seen).toEqual([]);
  });

  it('the local session ends at once, without waiting for the server', async () => {
    let release!: () => void;
    fake = installFakeHttp((config) =>
      config.url === '/blade-auth/oauth/logout'
        ? new Promise((r) => (release = () => r(ok(null))))
        : ok(USER),
    );
    useSession.getState().setToken('tk');
    const p = useSession.getState().logout();
    expect(useSession.getState().token).toBeNull();
    await vi.waitFor(() => expect(release).toBeTypeOf('function'));
    release();
    await p;
  });

  it('callServer: false only clears locally', async () => {
    await loggedIn();
    const before = fake!.calls.length;
    await useSession.getState().logout({ callServer: false });
    expect(fake!.calls.length).toBe(before);
    expect(useSession.getState().user).toBeNull();
  });
});
