import { describe, expect, it } from 'vitest';
import { decideGuard } from './guard.ts';

describe('decideGuard (SPEC section 2 route guard)', () => {
  it('allows every path with a token', () => {
    for (const p of ['/', '/home', '/home/book?id=1', '/indexOld', '/no/such/page']) {
      expect(decideGuard(p, true)).toEqual({ kind: 'allow' });
    }
  });

  it('allows the public paths without a token', () => {
    for (const p of [
      '/',
      '/demo',
      '/sse',
      '/pop',
      '/search.html?q=额度',
      '/more/partner.html',
      '/help/outline.html',
      '/dynamic/1.html',
      '/question/2.html#a',
    ]) {
      expect(decideGuard(p, false), p).toEqual({ kind: 'allow' });
    }
  });

  it('redirects other screens to / and remembers the full path', () => {
    expect(decideGuard('/home', false)).toEqual({ kind: 'redirect', to: '/', remember: '/home' });
    expect(decideGuard('/home/book/BidingWrite?id=7#c3', false)).toEqual({
      kind: 'redirect',
      to: '/',
      remember: '/home/book/BidingWrite?id=7#c3',
    });
    // Not in SPEC's public list, so it needs a login like /home.
    expect(decideGuard('/indexOld', false)).toEqual({ kind: 'redirect', to: '/', remember: '/indexOld' });
  });

  it('lets unknown paths through to the 404 page instead of hiding them behind the landing page', () => {
    expect(decideGuard('/no/such/page?x=1', false)).toEqual({ kind: 'allow' });
    expect(decideGuard('/base/material', false)).toEqual({ kind: 'allow' });
    expect(decideGuard('/home/nothing-here', false)).toEqual({ kind: 'allow' });
  });

  it('treats /demo as exact: /demo/x is not public', () => {
    expect(decideGuard('/demo/x', false).kind).toBe('allow'); // unknown -> 404, not a redirect
    expect(decideGuard('/home/book', false).kind).toBe('redirect');
  });
});
