import { afterEach, describe, expect, it } from 'vitest';
import { readCookie, removeCookie, writeCookie } from './cookie.ts';

describe('cookie helpers', () => {
  afterEach(() => removeCookie('Admin-Token'));

  it('writes, reads and removes a cookie on path /', () => {
    expect(readCookie('Admin-Token')).toBeNull();
    writeCookie('Admin-Token', 'a b;c', { maxAgeSeconds: 60 });
    expect(readCookie('Admin-Token')).toBe('a b;c');
    removeCookie('Admin-Token');
    expect(readCookie('Admin-Token')).toBeNull();
  });

  it('does not confuse cookies whose names share a prefix', () => {
    writeCookie('Admin-Token-Old', 'x');
    writeCookie('Admin-Token', 'y');
    expect(readCookie('Admin-Token')).toBe('y');
    removeCookie('Admin-Token-Old');
  });
});
