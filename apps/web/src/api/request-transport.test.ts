import { beforeEach, describe, expect, it, vi } from 'vitest';
import { LIMITS, MSG } from '@bid/shared';
import { blobToText } from './download.ts';
import { isSilentError } from './errors.ts';
import { api } from './request.ts';
import { requestHarness } from '../test/request-harness.ts';
import { ok } from './testkit.ts';

const SECONDS = (ms: number) => ms / 1000;
const h = requestHarness();

describe('downloads', () => {
  const docx = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';

  it('answers the blob and the UTF-8 file name of Content-Disposition', async () => {
    const file = new Blob(['PK...'], { type: docx });
    const s = h.serve(() => ({
      data: file,
      headers: {
        'content-type': docx,
        'content-disposition': "attachment; filename*=UTF-8''%E6%8A%95%E6%A0%87%E6%96%87%E4%BB%B6.docx",
      },
    }));
    const r = await api.download('/bid/client/exportBid', { id: '1', templateId: 't' });
    expect(r.fileName).toBe('投标文件.docx');
    expect(await blobToText(r.blob)).toBe('PK...');
    expect(s.calls[0].responseType).toBe('blob');
    expect(s.calls[0].timeout).toBe(720_000);
  });

  it('a JSON answer instead of the file: its msg is shown', async () => {
    h.serve(() => ({
      data: new Blob(
        [JSON.stringify({ code: 500, success: false, msg: '导出失败：模板不存在', data: null })],
        { type: 'application/json' },
      ),
      headers: { 'content-type': 'application/json' },
    }));
    const e = await h.rejection(api.download('/bid/client/exportBid', { id: '1' }));
    expect(e.code).toBe(500);
    expect(h.fb.seen).toEqual([
      {
        via: 'notification',
        type: 'error',
        text: '导出失败：模板不存在',
        description: undefined,
        seconds: 5,
      },
    ]);
  });

  it('a JSON answer with code 10013 fails silently', async () => {
    h.serve(() => ({
      data: new Blob([JSON.stringify({ code: 10013, success: false, msg: '导出失败', data: null })], {
        type: 'application/json',
      }),
      headers: { 'content-type': 'application/json' },
    }));
    const e = await h.rejection(api.download('/bid/client/exportBid', { id: '1' }));
    expect(e.code).toBe(10013);
    expect(isSilentError(e)).toBe(true);
    expect(h.fb.seen).toEqual([]);
  });

  it('a JSON blob on an HTTP error status is parsed too', async () => {
    h.serve(() => ({
      status: 404,
      data: new Blob([JSON.stringify({ code: 404, success: false, msg: '标书不存在', data: null })], {
        type: 'application/json',
      }),
      headers: { 'content-type': 'application/json' },
    }));
    await h.rejection(api.download('/bid/client/exportBid', { id: 'x' }));
    expect(h.fb.notes.map((n) => n.title)).toEqual(['标书不存在']);
  });
});

describe('duplicate-submit guard', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2025-01-01T00:00:00Z'));
  });

  it('refuses the same POST url and body within 1000 ms without sending it, with a warning toast', async () => {
    const s = h.serve(() => ok(null));
    await api.post('/bid/client/saveBid', { name: 'A', pageCount: 10 });
    vi.advanceTimersByTime(LIMITS.duplicateSubmitWindowMs - 1);
    const e = await h.rejection(api.post('/bid/client/saveBid', { pageCount: 10, name: 'A' }));
    expect(e.kind).toBe('duplicate');
    expect(e.message).toBe('数据正在处理，请勿重复提交');
    expect(s.calls).toHaveLength(1);
    expect(h.fb.seen).toEqual([
      { via: 'toast', type: 'warning', text: MSG.duplicateSubmit, seconds: SECONDS(LIMITS.toastMs) },
    ]);
  });

  it('lets it through once 1000 ms have passed', async () => {
    const s = h.serve(() => ok(null));
    await api.post('/bid/client/saveBid', { name: 'A' });
    vi.advanceTimersByTime(LIMITS.duplicateSubmitWindowMs);
    await api.post('/bid/client/saveBid', { name: 'A' });
    expect(s.calls).toHaveLength(2);
    expect(h.fb.seen).toEqual([]);
  });

  it('a different body is not a duplicate', async () => {
    const s = h.serve(() => ok(null));
    await api.post('/bid/client/saveBid', { name: 'A' });
    await api.post('/bid/client/saveBid', { name: 'B' });
    expect(s.calls).toHaveLength(2);
  });

  it('noDuplicateGuard opts out', async () => {
    const s = h.serve(() => ok(null));
    await api.post('/ai/client/isWriting', { bidId: '1' }, { noDuplicateGuard: true });
    await api.post('/ai/client/isWriting', { bidId: '1' }, { noDuplicateGuard: true });
    expect(s.calls).toHaveLength(2);
  });

  it('GET is never guarded', async () => {
    const s = h.serve(() => ok([]));
    await api.get('/order/client/oneselfList', { current: 1 });
    await api.get('/order/client/oneselfList', { current: 1 });
    expect(s.calls).toHaveLength(2);
  });

  it('PUT is guarded too; silent refuses without the toast', async () => {
    const s = h.serve(() => ok(null));
    await api.put('/x/y', { a: 1 });
    const e = await h.rejection(api.put('/x/y', { a: 1 }, { silent: true }));
    expect(e.kind).toBe('duplicate');
    expect(s.calls).toHaveLength(1);
    expect(h.fb.seen).toEqual([]);
  });
});

describe('headers, base path and timeouts', () => {
  it('sends Basic auth and the marker always, and never a token header (the HttpOnly cookie carries it)', async () => {
    const s = h.serve(() => ok(null));
    await api.get('/order/client/indexShow');
    h.login('secret-token');
    await api.get('/order/client/indexShow', { page: 2 });

    const [anon, authed] = s.calls;
    const basic = `Basic ${btoa('bidwriter:bidwriter_secret')}`;
    expect(anon.baseURL).toBe('/api');
    expect(anon.headers.get('Authorization')).toBe(basic);
    expect(anon.headers.get('Blade-Requested-With')).toBe('BladeHttpRequest');
    expect(anon.headers.has('Blade-Auth')).toBe(false);
    expect(authed.headers.get('Authorization')).toBe(basic);
    expect(authed.headers.get('Blade-Requested-With')).toBe('BladeHttpRequest');
    expect(authed.headers.has('Blade-Auth')).toBe(false);
  });

  it('sends Tenant-Id and extra headers when given', async () => {
    const s = h.serve(() => ({ data: { success: true, access_token: 't' } }));
    await api.post('/blade-auth/oauth/token', new URLSearchParams({ username: 'u' }), {
      tenantId: '000000',
      headers: { 'Captcha-Key': 'k1', 'Captcha-Code': 'abcd' },
    });
    expect(s.calls[0].headers.get('Tenant-Id')).toBe('000000');
    expect(s.calls[0].headers.get('Captcha-Key')).toBe('k1');
    expect(s.calls[0].headers.get('Captcha-Code')).toBe('abcd');
  });

  it('applies the per-call timeouts of SPEC section 7, the 10 s default and an override', async () => {
    const s = h.serve(() => ok(null));
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
    const s = h.serve((config) => {
      config.onUploadProgress?.({ loaded: 25, total: 100, bytes: 25, lengthComputable: true } as never);
      config.onUploadProgress?.({ loaded: 100, total: 100, bytes: 75, lengthComputable: true } as never);
      return ok({ fileId: 'f1' });
    });
    const file = new File(['%PDF-1.7'], '招标文件.pdf', { type: 'application/pdf' });
    const r = await api.upload<{ fileId: string }>('/file/upload', file, {
      fields: { bidId: '9' },
      onProgress: (p) => progress.push(p),
    });
    expect(r).toEqual({ fileId: 'f1' });
    const body = s.calls[0].data as FormData;
    expect(body).toBeInstanceOf(FormData);
    expect((body.get('file') as File).name).toBe('招标文件.pdf');
    expect(body.get('bidId')).toBe('9');
    expect(progress).toEqual([25, 100]);
    expect(s.calls[0].timeout).toBe(LIMITS.uploadTimeoutMs);
  });
});
