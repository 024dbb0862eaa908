import { describe, expect, it } from 'vitest';
import { apiPathLiterals, apiPathMatcher, pathLiterals } from './api-paths.ts';

describe('API paths in the web app come from the endpoint table', () => {
  const isApiPath = apiPathMatcher([
    '/bid/client/saveBid',
    '/blade-system/client/employeeAdd',
    '/admin/dashboard',
    '/admin/order/list',
    '/admin/feedback/reply',
  ]);

  it('recognises API paths, their folders and /api, but not page routes', () => {
    for (const p of [
      '/api/anything',
      '/bid/client/saveBid',
      '/bid/client/other?x=1',
      '/blade-system/client',
      '/blade-system/client/x',
      '/admin/dashboard',
      '/admin/order/confirm',
    ]) {
      expect(isApiPath(p), p).toBe(true);
    }
    for (const p of [
      '/home',
      '/admin',
      '/admin/orders',
      '/admin/feedback',
      '/home/bid/client',
      '/bid',
      '/apiary',
    ])
      expect(isApiPath(p), p).toBe(false);
  });

  it('reads string and template literals that start with a slash', () => {
    const text =
      'const a = \'/bid/client/saveBid\';\nconst C = "/blade-system/client";\nconst t = `${C}/employeeAdd`;\nnav(`/home/${id}`);';
    expect(pathLiterals(text)).toEqual([
      { line: 1, literal: '/bid/client/saveBid' },
      { line: 2, literal: '/blade-system/client' },
      { line: 4, literal: '/home/' },
    ]);
  });

  it('no API path is written as a string in apps/web/src outside the request layer and tests', () => {
    expect(apiPathLiterals()).toEqual([]);
  });
});
