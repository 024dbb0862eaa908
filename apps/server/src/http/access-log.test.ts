import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { accessLogWriter, type AccessLine } from './access-log.ts';
import { secretScrubber } from './log-scrub.ts';

/** A logger as createLogger makes it (app.ts), writing into an array. */
function logger(options: pino.LoggerOptions = {}) {
  const lines: string[] = [];
  const log = pino(
    {
      level: 'info',
      redact: ['req.headers.authorization', 'req.headers["blade-auth"]', 'req.headers.cookie'],
      hooks: { streamWrite: secretScrubber(['configured-secret-value']) },
      ...options,
    },
    { write: (s: string) => void lines.push(s) },
  );
  return { log, lines };
}

/** The line written by accessLogWriter and by pino itself, the time made equal. */
function both(line: AccessLine, level: 'info' | 'error', msg: string, options?: pino.LoggerOptions) {
  const fast = logger(options);
  const slow = logger(options);
  const write = accessLogWriter(fast.log);
  // Counts the lines that went through pino's own method rather than the writer's.
  let viaPino = 0;
  const own = fast.log[level].bind(fast.log);
  fast.log[level] = ((...args: Parameters<typeof own>) => {
    viaPino += 1;
    own(...args);
  }) as typeof own;
  write(line, level, msg);
  slow.log[level](line, msg);
  const untimed = (s: string | undefined) => s?.replace(/"time":\d+/, '"time":0');
  return { fast: untimed(fast.lines[0]), slow: untimed(slow.lines[0]), written: fast.lines.length, viaPino };
}

const call: AccessLine = {
  reqId: 'c8b3f5e2-1b1a-4a8e-9d7e-2f1a3b4c5d6e',
  method: 'GET',
  path: '/api/health',
  status: 200,
  ms: 1,
};

describe('accessLogWriter: the per-call line, the same text as pino writes', () => {
  it('info and error lines', () => {
    for (const [line, level, msg] of [
      [call, 'info', 'request'],
      [
        { ...call, method: 'POST', path: '/api/bid/client/getBidList', status: 500, ms: 1234 },
        'error',
        'request failed',
      ],
    ] as const) {
      const { fast, slow, viaPino } = both(line, level, msg);
      expect(fast).toBe(slow);
      expect(viaPino).toBe(0);
      expect(JSON.parse(fast!)).toMatchObject({ ...line, msg, pid: process.pid });
    }
  });

  it('values that need escaping or are not ASCII take pino’s own path', () => {
    for (const path of ['/api/a"b', '/api/a\\b', '/api/标书', '/api/a\u0001b', '/api/\ud800']) {
      const { fast, slow, viaPino } = both({ ...call, path }, 'info', 'request');
      expect(fast).toBe(slow);
      expect(viaPino).toBe(1);
    }
  });

  it('secrets are masked as on every other line', () => {
    const { fast, slow } = both(
      { ...call, path: '/api/configured-secret-value/sk-abcdefgh12345' },
      'info',
      'request',
    );
    expect(fast).toBe(slow);
    expect(fast).toContain('"path":"/api/***/sk-***"');
  });

  it('nothing below the level; a logger set up otherwise (a mixin, formatters) as pino writes it', () => {
    expect(both(call, 'info', 'request', { level: 'warn' }).written).toBe(0);
    for (const options of [
      { mixin: () => ({ extra: 1 }) },
      { formatters: { log: (o: object) => ({ ...o, shaped: true }) } },
      { messageKey: 'message' },
      { base: { service: 'bid' } },
      { serializers: { path: (p: string) => p.toUpperCase() } },
    ] satisfies pino.LoggerOptions[]) {
      const { fast, slow } = both(call, 'info', 'request', options);
      expect(fast).toBe(slow);
      expect(fast).toContain('"reqId":"c8b3f5e2');
    }
  });
});
