import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeOpenAi, type FakeOpenAi } from '../../../test/fake-openai/server.ts';
import { OpenAiProvider } from './openai.ts';
import { AiError } from '../errors.ts';

let fake: FakeOpenAi;
beforeAll(async () => {
  fake = await startFakeOpenAi({ charsPerToken: 2 });
});
afterAll(async () => {
  await fake?.close();
});

function provider(extra: Partial<ConstructorParameters<typeof OpenAiProvider>[0]> = {}) {
  return new OpenAiProvider({
    tiers: {
      standard: { baseURL: fake.url, apiKey: 'k1', model: 'std-model', concurrency: 2 },
      premium: { baseURL: fake.url, apiKey: 'k2', model: 'pre-model', concurrency: 1 },
    },
    backoffMs: 10,
    ...extra,
  });
}

describe('OpenAiProvider against the fake server', () => {
  it('streams chunks with the model of the tier and reports usage', async () => {
    fake.script({ match: 'hello-stream', reply: '第一段文字，第二段文字。', times: 2 });
    const p = provider();
    const chunks: string[] = [];
    const r = await p.chat({
      tier: 'standard',
      messages: [{ role: 'user', content: 'hello-stream' }],
      onDelta: (t) => chunks.push(t),
    });
    expect(r.text).toBe('第一段文字，第二段文字。');
    expect(chunks.length).toBeGreaterThan(3);
    expect(chunks.join('')).toBe(r.text);
    expect(r.usage.completionTokens).toBeGreaterThan(0);
    expect(fake.requests.at(-1)!.model).toBe('std-model');
    expect(fake.requests.at(-1)!.stream).toBe(true);
    await p.chat({ tier: 'premium', messages: [{ role: 'user', content: 'hello-stream' }] });
    expect(fake.requests.at(-1)!.model).toBe('pre-model');
  });

  it('asks for JSON in JSON mode', async () => {
    fake.script({ match: 'json-please', reply: '{"a":1}', times: 1 });
    const r = await provider().chat({
      tier: 'standard',
      json: true,
      messages: [{ role: 'user', content: 'json-please' }],
    });
    expect(JSON.parse(r.text)).toEqual({ a: 1 });
    expect(fake.requests.at(-1)!.json).toBe(true);
  });

  it('retries a 429 and a 500 before the first token', async () => {
    fake.fault({ kind: 'status', status: 429, retryAfter: 0, match: 'retry-me', times: 1 });
    fake.fault({ kind: 'status', status: 500, match: 'retry-me', times: 1 });
    fake.script({ match: 'retry-me', reply: '好的', times: 1 });
    const before = fake.requests.length;
    const r = await provider().chat({ tier: 'standard', messages: [{ role: 'user', content: 'retry-me' }] });
    expect(r.text).toBe('好的');
    const mine = fake.requests.slice(before);
    expect(mine.map((x) => x.outcome)).toEqual(['status:429', 'status:500', 'ok']);
  });

  it('gives up after the retry budget with a Chinese message', async () => {
    fake.fault({ kind: 'status', status: 503, match: 'always-down', times: 10 });
    const err = await provider({ maxRetries: 2 })
      .chat({ tier: 'standard', messages: [{ role: 'user', content: 'always-down' }] })
      .catch((e) => e);
    expect(err).toBeInstanceOf(AiError);
    expect(err.kind).toBe('server');
    expect(err.message).toMatch(/AI 模型/);
    expect(fake.requests.filter((r) => r.prompt === 'always-down')).toHaveLength(3);
  });

  it('does not retry a bad request (4xx other than 429)', async () => {
    fake.fault({ kind: 'status', status: 401, match: 'bad-key', times: 5 });
    const err = await provider()
      .chat({ tier: 'standard', messages: [{ role: 'user', content: 'bad-key' }] })
      .catch((e) => e);
    expect(err.kind).toBe('config');
    expect(fake.requests.filter((r) => r.prompt === 'bad-key')).toHaveLength(1);
  });

  it('a disconnect after the first token fails the call without retry', async () => {
    fake.fault({ kind: 'disconnect', afterTokens: 3, match: 'cut-me', times: 1 });
    fake.script({ match: 'cut-me', reply: '这是一段会被中途切断的很长的文字内容。', times: 2 });
    const got: string[] = [];
    const err = await provider()
      .chat({
        tier: 'standard',
        messages: [{ role: 'user', content: 'cut-me' }],
        onDelta: (t) => got.push(t),
      })
      .catch((e) => e);
    expect(err).toBeInstanceOf(AiError);
    expect(err.kind).toBe('stream_broken');
    expect(got.length).toBe(3);
    expect(fake.requests.filter((r) => r.prompt === 'cut-me')).toHaveLength(1);
  });

  it('a disconnect before the first token is retried', async () => {
    fake.fault({ kind: 'disconnect', afterTokens: 0, match: 'cut-early', times: 1 });
    fake.script({ match: 'cut-early', reply: '重连后成功', times: 2 });
    const r = await provider().chat({ tier: 'standard', messages: [{ role: 'user', content: 'cut-early' }] });
    expect(r.text).toBe('重连后成功');
    expect(fake.requests.filter((x) => x.prompt === 'cut-early').map((x) => x.outcome)).toEqual([
      'disconnect',
      'ok',
    ]);
  });

  it('times out a call that never answers', async () => {
    fake.fault({ kind: 'hang', match: 'hang-me', times: 5 });
    const err = await provider({ firstTokenTimeoutMs: 150, maxRetries: 1 })
      .chat({ tier: 'standard', messages: [{ role: 'user', content: 'hang-me' }] })
      .catch((e) => e);
    expect(err.kind).toBe('timeout');
    expect(fake.requests.filter((x) => x.prompt === 'hang-me')).toHaveLength(2);
  });

  it('aborts on the caller signal', async () => {
    fake.options.tokensPerSecond = 20;
    try {
      const ctrl = new AbortController();
      const p = provider().chat({
        tier: 'standard',
        signal: ctrl.signal,
        messages: [{ role: 'user', content: 'slow 约 200 字' }],
        onDelta: () => ctrl.abort(),
      });
      const err = await p.catch((e) => e);
      expect(err.kind).toBe('aborted');
    } finally {
      fake.options.tokensPerSecond = 0;
    }
  });

  it('limits concurrency per tier with a semaphore', async () => {
    fake.options.firstTokenDelayMs = 80;
    try {
      const p = provider();
      let maxSeen = 0;
      const timer = setInterval(() => (maxSeen = Math.max(maxSeen, fake.inFlight())), 5);
      await Promise.all(
        Array.from({ length: 5 }, () =>
          p.chat({ tier: 'premium', messages: [{ role: 'user', content: 'conc' }] }),
        ),
      );
      clearInterval(timer);
      expect(maxSeen).toBe(1);
      maxSeen = 0;
      const t2 = setInterval(() => (maxSeen = Math.max(maxSeen, fake.inFlight())), 5);
      await Promise.all(
        Array.from({ length: 6 }, () =>
          p.chat({ tier: 'standard', messages: [{ role: 'user', content: 'conc' }] }),
        ),
      );
      clearInterval(t2);
      expect(maxSeen).toBe(2);
    } finally {
      fake.options.firstTokenDelayMs = 0;
    }
  });
});
