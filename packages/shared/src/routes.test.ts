import { describe, expect, it } from 'vitest';
import { HOME_CHILDREN, isKnownWebRoute, isPublicPath } from './routes.ts';
import { timeoutFor } from './timeouts.ts';
import { Code, httpStatusOf } from './codes.ts';

describe('public paths (SPEC 2 guard)', () => {
  it('allows exactly /, /demo, /sse, /pop', () => {
    for (const p of ['/', '/demo', '/sse', '/pop']) expect(isPublicPath(p)).toBe(true);
    for (const p of ['/demo/x', '/popular', '/home', '/home/book', '/indexOld'])
      expect(isPublicPath(p)).toBe(false);
  });
  it('allows any path starting with /more, /help, /dynamic, /question, /search', () => {
    for (const p of [
      '/more/partner.html',
      '/help/a.html',
      '/dynamic/1.html',
      '/question/2.html',
      '/search.html',
      '/more',
    ])
      expect(isPublicPath(p)).toBe(true);
  });
  it('ignores query and hash', () => {
    expect(isPublicPath('/demo?x=1#y')).toBe(true);
  });
});

describe('known web routes', () => {
  it('knows every screen of SPEC 2', () => {
    // SPEC's 17 plus account, employees, packages and feedback.
    expect(HOME_CHILDREN).toHaveLength(21);
    for (const c of HOME_CHILDREN) expect(isKnownWebRoute(c ? `/home/${c}` : '/home')).toBe(true);
    for (const p of [
      '/',
      '/indexOld',
      '/demo',
      '/sse',
      '/pop',
      '/search.html',
      '/dynamic/12.html',
      '/help/abc.html',
      '/question/3.html',
      '/more/video.html',
    ])
      expect(isKnownWebRoute(p)).toBe(true);
  });
  it('treats others, and the excluded /base/material, as not found', () => {
    for (const p of ['/base/material', '/nope', '/home/nope', '/dynamic/12', '/more/unknown.html'])
      expect(isKnownWebRoute(p)).toBe(false);
  });
  it("knows the operators' console (outside SPEC 2) and nothing else under /admin", () => {
    for (const p of ['/admin', '/admin/', '/admin/orders']) expect(isKnownWebRoute(p)).toBe(true);
    for (const p of ['/admin/nope', '/administrator']) expect(isKnownWebRoute(p)).toBe(false);
  });
});

describe('per-call timeouts (SPEC 7)', () => {
  it('uses 10 s by default and the long limits per call', () => {
    expect(timeoutFor('/bid/client/getBidList')).toBe(10_000);
    expect(timeoutFor('/api/bid/client/exportBid')).toBe(720_000);
    expect(timeoutFor('/catalog/client/bidCatalogSave')).toBe(120_000);
    expect(timeoutFor('/catalog/client/removeBidCatalog')).toBe(360_000);
    expect(timeoutFor('/ai/client/aiGetExpandRange?x=1')).toBe(10_800_000);
    expect(timeoutFor('/ai/client/aiGenerateGantt')).toBe(60_000);
    expect(timeoutFor('/ai/fileInterpretationClient/export-fileInterpretation')).toBe(300_000);
  });
});

describe('codes', () => {
  it('maps codes to HTTP statuses by class', () => {
    expect(httpStatusOf(Code.OK)).toBe(200);
    expect(httpStatusOf(Code.NOT_FOUND)).toBe(404);
    expect(httpStatusOf(Code.CONFLICT)).toBe(409);
    expect(httpStatusOf(Code.BUSINESS_WARNING)).toBe(200);
    expect(httpStatusOf(Code.ACCEPTED_PROCESSING)).toBe(200);
  });
});
