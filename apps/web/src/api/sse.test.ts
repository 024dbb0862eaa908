import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { LIMITS, MSG, STATUS_TEXT_SECONDARY, SESSION_COOKIE } from '@bid/shared';
import { setNavigator } from '../lib/navigation.ts';
import { useSession } from '../stores/session.ts';
import { writeCookie } from '../utils/cookie.ts';
import { ApiError } from './errors.ts';
import { duplicateGuard } from './request.ts';
import { sse, SseParser, type SseEvent } from './sse.ts';
import { recordFeedback } from './testkit.ts';
import { resetUnauthorizedLatch } from './unauthorized.ts';

function parse(chunks: string[], end = true): SseEvent[] {
  const out: SseEvent[] = [];
  const p = new SseParser((e) => out.push(e));
  for (const c of chunks) p.push(c);
  if (end) p.end();
  return out;
}

describe('SseParser', () => {
  it('parses event, data and id lines and dispatches on a blank line', () => {
    expect(parse(['event: delta\ndata: {"text":"第一"}\nid: 1\n\n', 'data: plain\n\n'])).toEqual([
      { event: 'delta', data: '{"text":"第一"}', id: '1' },
      { event: 'message', data: 'plain', id: '1' },
    ]);
  });

  it('joins multi-line data, ignores comments and unknown fields, strips one leading space only', () => {
    expect(parse([': keep-alive\n', 'data:a\ndata:  b\nfoo: bar\ndata\n\n'])).toEqual([
      { event: 'message', data: 'a\n b\n' },
    ]);
  });

  it('handles any chunking, CRLF and CR line ends, a CRLF split across chunks, and a BOM', () => {
    const text = '\uFEFFevent: a\r\ndata: 1\r\n\r\nevent: b\rdata: 2\r\rdata: 3\n\n';
    const expected = [
      { event: 'a', data: '1' },
      { event: 'b', data: '2' },
      { event: 'message', data: '3' },
    ];
    expect(parse([text])).toEqual(expected);
    expect(parse(text.split(''))).toEqual(expected);
    expect(parse(['event: a\r', '\ndata: 1\r', '\n\r', '\n'])).toEqual([{ event: 'a', data: '1' }]);
  });

  it('reports retry, ignores ids with NUL, drops an event without data and an unfinished one at the end', () => {
    expect(parse(['retry: 3000\ndata: x\n\n', 'id: a\0b\nevent: ping\n\n', 'data: unfinished\n'])).toEqual([
      { event: 'message', data: 'x', retry: 3000 },
    ]);
  });
});

describe('sse()', () => {
  let fb: ReturnType<typeof recordFeedback>;
  const encoder = new TextEncoder();

  function streamOf(chunks: string[], opts: { hang?: boolean } = {}) {
    return new ReadableStream<Uint8Array>({
      start(controller) {
        for (const c of chunks) controller.enqueue(encoder.encode(c));
        if (!opts.hang) controller.close();
      },
    });
  }

  function stubFetch(impl: (url: string, init: RequestInit) => Promise<Response>) {
    const fn = vi.fn(impl);
    vi.stubGlobal('fetch', fn);
    return fn;
  }

  const eventStream = (chunks: string[]) =>
    new Response(streamOf(chunks), {
      status: 200,
      headers: { 'content-type': 'text/event-stream; charset=utf-8' },
    });
  const json = (body: unknown, status = 200) =>
    new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

  beforeEach(() => {
    fb = recordFeedback();
    setNavigator(vi.fn());
    duplicateGuard.clear();
    resetUnauthorizedLatch();
    useSession.getState().reset();
  });
  afterEach(() => {
    fb.undo();
    setNavigator(null);
    vi.unstubAllGlobals();
  });

  it('POSTs with the API headers and Accept: text/event-stream and delivers events as they come', async () => {
    writeCookie(SESSION_COOKIE, 'tk');
    useSession.setState({ token: 'tk' });
    const fetchFn = stubFetch(async () =>
      eventStream(['event: delta\ndata: {"t":"投标', '"}\n\nevent: done\ndata: {}\n\n']),
    );
    const events: SseEvent[] = [];
    await expect(
      sse('/ai/client/aiGetBidContent', { catalogId: '1' }, { onEvent: (e) => events.push(e) }),
    ).resolves.toEqual({});
    expect(events).toEqual([
      { event: 'delta', data: '{"t":"投标"}' },
      { event: 'done', data: '{}' },
    ]);
    const [url, init] = fetchFn.mock.calls[0];
    const headers = init.headers as Record<string, string>;
    expect(url).toBe('/api/ai/client/aiGetBidContent');
    expect(init.method).toBe('POST');
    expect(init.body).toBe('{"catalogId":"1"}');
    expect(headers.Accept).toBe('text/event-stream');
    expect(headers['Content-Type']).toBe('application/json');
    // The session travels in the HttpOnly cookie (same origin): never a token header.
    expect(headers['Blade-Auth']).toBeUndefined();
    expect(headers['Blade-Requested-With']).toBe('BladeHttpRequest');
    expect(headers.Authorization).toMatch(/^Basic /);
  });

  it('a JSON failure envelope instead of a stream goes through the error catalogue', async () => {
    stubFetch(async () => json({ code: 601, success: false, msg: '今日 AI 次数已用完', data: null }));
    const err = await sse('/ai/client/aiGetBidContent', {}, { onEvent: () => {} }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ApiError);
    expect(fb.seen).toEqual([
      {
        via: 'notification',
        type: 'warning',
        text: '今日 AI 次数已用完',
        description: undefined,
        seconds: LIMITS.notificationMs / 1000,
      },
    ]);
  });

  it('a 401 ends the session', async () => {
    writeCookie(SESSION_COOKIE, 'gone');
    useSession.setState({ token: 'gone' });
    stubFetch(async (url) =>
      url.includes('logout')
        ? json({ code: 200, success: true, msg: '', data: null })
        : json({ code: 401, success: false, msg: '未登录', data: null }, 401),
    );
    const err = (await sse('/ai/client/aiGetBidContent', {}, { onEvent: () => {} }).catch(
      (e: unknown) => e,
    )) as ApiError;
    expect(err.kind).toBe('unauthorized');
    expect(useSession.getState().token).toBeNull();
    expect(fb.toasts.map((t) => t.content)).toEqual([MSG.loginExpired]);
  });

  it('a success envelope (10014: already running) resolves with it', async () => {
    stubFetch(async () => json({ code: 10014, success: true, msg: '任务正在处理中', data: { jobId: 'j' } }));
    const r = await sse('/ai/client/aiGetExpandRange', {}, { onEvent: () => {} });
    expect(r.envelope?.data).toEqual({ jobId: 'j' });
    expect(fb.seen).toEqual([]);
  });

  it('no answer: the network text', async () => {
    stubFetch(async () => {
      throw new TypeError('Failed to fetch');
    });
    const err = (await sse('/ai/client/aiGetBidContent', {}, { onEvent: () => {} }).catch(
      (e: unknown) => e,
    )) as ApiError;
    expect(err.kind).toBe('network');
    expect(fb.seen).toEqual([
      {
        via: 'notification',
        type: 'error',
        text: MSG.networkError,
        description: STATUS_TEXT_SECONDARY.noResponse,
        seconds: 5,
      },
    ]);
  });

  function hangingFetch() {
    return stubFetch(
      (_url, init) =>
        new Promise<Response>((resolve, reject) => {
          const signal = init.signal!;
          const res = new Response(streamOf(['data: first\n\n'], { hang: true }), {
            headers: { 'content-type': 'text/event-stream' },
          });
          signal.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
          resolve(res);
        }),
    );
  }

  it('the caller aborting rejects silently', async () => {
    stubFetch(
      (_url, init) =>
        new Promise<Response>((_resolve, reject) => {
          init.signal!.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
        }),
    );
    const controller = new AbortController();
    const p = sse('/ai/client/aiGetBidContent', {}, { onEvent: () => {}, signal: controller.signal });
    controller.abort();
    const err = (await p.catch((e: unknown) => e)) as ApiError;
    expect(err.kind).toBe('canceled');
    expect(err.silent).toBe(true);
    expect(fb.seen).toEqual([]);
  });

  it('a stream that outlives its timeout is cut with the timeout text', async () => {
    hangingFetch();
    const events: string[] = [];
    const err = (await sse(
      '/ai/client/aiGetBidContent',
      {},
      { onEvent: (e) => events.push(e.data), timeout: 30 },
    ).catch((e: unknown) => e)) as ApiError;
    expect(events).toEqual(['first']);
    expect(err.kind).toBe('timeout');
    expect(fb.notes.map((n) => n.title)).toEqual([MSG.timeout]);
  });

  it('the same stream request twice within the window is refused', async () => {
    const fetchFn = stubFetch(async () => eventStream(['data: x\n\n']));
    await sse('/ai/client/aiGetBidContent', { catalogId: '1' }, { onEvent: () => {} });
    const err = (await sse('/ai/client/aiGetBidContent', { catalogId: '1' }, { onEvent: () => {} }).catch(
      (e: unknown) => e,
    )) as ApiError;
    expect(err.kind).toBe('duplicate');
    expect(fetchFn).toHaveBeenCalledTimes(1);
  });

  it("an exception in the caller's handler is passed on unchanged", async () => {
    stubFetch(async () => eventStream(['data: x\n\n']));
    const boom = new Error('handler bug');
    await expect(
      sse(
        '/ai/client/aiGetBidContent',
        {},
        {
          onEvent: () => {
            throw boom;
          },
        },
      ),
    ).rejects.toBe(boom);
    expect(fb.seen).toEqual([]);
  });
});
