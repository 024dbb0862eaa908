import { describe, expect, it } from 'vitest';
import { checkRoute, isRouteError, RouteError } from './routeCheck.ts';

function thrown(fn: () => void): unknown {
  try {
    fn();
  } catch (e) {
    return e;
  }
  return undefined;
}

describe('checkRoute (SPEC section 5)', () => {
  it('passes only when the check is exactly true', () => {
    expect(thrown(() => checkRoute(true, '/home/book'))).toBeUndefined();
  });

  it.each([false, 'true', 1, null, undefined, {}])('%s yields 404 with Page Not Found: {full path}', (ok) => {
    const e = thrown(() => checkRoute(ok, '/help/abc.html?x=1#top'));
    expect(isRouteError(e)).toBe(true);
    expect(e).toMatchObject({ statusCode: 404, message: 'Page Not Found: /help/abc.html?x=1#top' });
  });

  it('takes another status code', () => {
    const e = thrown(() => checkRoute(false, '/dynamic/9.html', 410)) as RouteError;
    expect([e.statusCode, e.message]).toEqual([410, 'Page Not Found: /dynamic/9.html']);
  });
});
