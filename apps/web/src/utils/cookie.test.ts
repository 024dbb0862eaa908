import { afterEach, describe, expect, it } from 'vitest';
import { readCookie, removeCookie, writeCookie } from './cookie.ts';

describe('cookie helpers', () => {
  afterEach(() => removeCookie('Admin-Session'));

  it('writes, reads and removes a cookie on path /', () => {
    expect(readCookie('Admin-Session')).toBeNull();
    writeCookie('Admin-Session', 'a b;c', { maxAgeSeconds: 60 });
    expect(readCookie('Admin-Session')).toBe('a b;c');
    removeCookie('Admin-Session');
    expect(readCookie('Admin-Session')).toBeNull();
  });

  it('does not confuse cookies whose names share a prefix', () => {
    writeCookie('Admin-Session-Old', 'x');
    writeCookie('Admin-Session', 'y');
    expect(readCookie('Admin-Session')).toBe('y');
    removeCookie('Admin-Session-Old');
  });
});
