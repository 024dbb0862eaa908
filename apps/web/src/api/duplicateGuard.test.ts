import { describe, expect, it } from 'vitest';
import { LIMITS } from '@bid/shared';
import { bodyKey, DuplicateSubmitGuard } from './duplicateGuard.ts';

function clock(start = 1_000_000) {
  let t = start;
  return { now: () => t, advance: (ms: number) => (t += ms) };
}

describe('DuplicateSubmitGuard', () => {
  it('refuses the same POST url and body inside the window and admits it at the window edge', () => {
    const c = clock();
    const g = new DuplicateSubmitGuard(LIMITS.duplicateSubmitWindowMs, c.now);
    expect(g.admit('post', '/bid/client/saveBid', { name: 'A' })).toBe(true);
    c.advance(999);
    expect(g.admit('POST', '/bid/client/saveBid', { name: 'A' })).toBe(false);
    c.advance(1);
    expect(g.admit('POST', '/bid/client/saveBid', { name: 'A' })).toBe(true);
  });

  it('measures the window from the request that went out, not from a refused repeat', () => {
    const c = clock();
    const g = new DuplicateSubmitGuard(1000, c.now);
    g.admit('POST', '/a', { x: 1 });
    c.advance(600);
    expect(g.admit('POST', '/a', { x: 1 })).toBe(false);
    c.advance(400);
    expect(g.admit('POST', '/a', { x: 1 })).toBe(true);
  });

  it('guards PUT, never GET, DELETE or a missing method', () => {
    const c = clock();
    const g = new DuplicateSubmitGuard(1000, c.now);
    expect(g.admit('PUT', '/a', { x: 1 })).toBe(true);
    expect(g.admit('PUT', '/a', { x: 1 })).toBe(false);
    for (const m of ['GET', 'get', 'DELETE', undefined]) {
      expect(g.admit(m, '/a', { x: 1 })).toBe(true);
      expect(g.admit(m, '/a', { x: 1 })).toBe(true);
    }
  });

  it('different bodies, urls or methods are not duplicates; key order is irrelevant', () => {
    const c = clock();
    const g = new DuplicateSubmitGuard(1000, c.now);
    expect(g.admit('POST', '/a', { x: 1, y: 2 })).toBe(true);
    expect(g.admit('POST', '/a', { x: 1, y: 3 })).toBe(true);
    expect(g.admit('POST', '/b', { x: 1, y: 2 })).toBe(true);
    expect(g.admit('PUT', '/a', { x: 1, y: 2 })).toBe(true);
    expect(g.admit('POST', '/a', { y: 2, x: 1 })).toBe(false);
    // The alternation A, B, A is caught too (not only the very last request).
    expect(g.admit('POST', '/a', { x: 1, y: 3 })).toBe(false);
  });

  it('clear forgets everything', () => {
    const c = clock();
    const g = new DuplicateSubmitGuard(1000, c.now);
    g.admit('POST', '/a', {});
    g.clear();
    expect(g.admit('POST', '/a', {})).toBe(true);
  });
});

describe('bodyKey', () => {
  it('tells bodies apart by content', () => {
    expect(bodyKey(undefined)).toBe(bodyKey(null));
    expect(bodyKey({ a: [1, { b: 2, c: 3 }] })).toBe(bodyKey({ a: [1, { c: 3, b: 2 }] }));
    expect(bodyKey({ a: [1, 2] })).not.toBe(bodyKey({ a: [2, 1] }));
    expect(bodyKey('a=1')).not.toBe(bodyKey(new URLSearchParams('a=2')));
    expect(bodyKey(new URLSearchParams('a=1&b=2'))).toBe(bodyKey(new URLSearchParams('a=1&b=2')));
  });

  it('compares form data by field values and file identity', () => {
    const f1 = new File(['abc'], 'a.pdf', { type: 'application/pdf', lastModified: 1 });
    const f2 = new File(['abcd'], 'a.pdf', { type: 'application/pdf', lastModified: 1 });
    const form = (f: File) => {
      const fd = new FormData();
      fd.append('file', f);
      fd.append('bidId', '1');
      return fd;
    };
    expect(bodyKey(form(f1))).toBe(bodyKey(form(f1)));
    expect(bodyKey(form(f1))).not.toBe(bodyKey(form(f2)));
  });
});
