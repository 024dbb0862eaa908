import { afterEach, beforeEach, expect, vi, type Mock } from 'vitest';
import { SESSION_COOKIE } from '@bid/shared';
import { setNavigator, type Navigator } from '../lib/navigation.ts';
import { useSession } from '../stores/session.ts';
import { writeCookie } from '../utils/cookie.ts';
import { ApiError } from '../api/errors.ts';
import { duplicateGuard } from '../api/request.ts';
import { installFakeHttp, recordFeedback, type FakeHandler } from '../api/testkit.ts';
import { resetUnauthorizedLatch } from '../api/unauthorized.ts';

/**
 * The request layer's test harness: a fake HTTP transport, recorded toasts and notifications, a spy
 * navigator, and a clean session and duplicate guard before every test of the file that calls it.
 */
export function requestHarness() {
  let fb!: ReturnType<typeof recordFeedback>;
  let nav!: Mock<Navigator>;
  const h = {
    get fb() {
      return fb;
    },
    get nav() {
      return nav;
    },
    fake: null as ReturnType<typeof installFakeHttp> | null,
    serve(handler: FakeHandler) {
      h.fake = installFakeHttp(handler);
      return h.fake;
    },
    async rejection(p: Promise<unknown>): Promise<ApiError> {
      try {
        await p;
      } catch (e) {
        expect(e).toBeInstanceOf(ApiError);
        return e as ApiError;
      }
      throw new Error('expected the call to reject');
    },
    /** Signs in as the server's login answer would: the readable marker cookie and the store. */
    login(token = 'tok-1') {
      writeCookie(SESSION_COOKIE, token);
      useSession.setState({ token, loaded: true });
    },
  };
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
    h.fake?.restore();
    h.fake = null;
    fb.undo();
    setNavigator(null);
    vi.useRealTimers();
  });
  return h;
}
