import { describe, expect, it } from 'vitest';
import { MemoryRateLimiter } from './rate-limit.ts';

describe('MemoryRateLimiter', () => {
  it('counts hits in a window that starts at the first hit', async () => {
    let now = 1_000_000;
    const rl = new MemoryRateLimiter({ now: () => now });
    expect(await rl.hit('k', 2, 60)).toEqual({ allowed: true, count: 1, retryAfterSeconds: 60 });
    now += 10_000;
    expect((await rl.check('k', 2)).allowed).toBe(true);
    expect(await rl.hit('k', 2, 60)).toEqual({ allowed: true, count: 2, retryAfterSeconds: 50 });
    expect(await rl.check('k', 2)).toEqual({ allowed: false, count: 2, retryAfterSeconds: 50 });
    expect((await rl.hit('k', 2, 60)).allowed).toBe(false);
    now += 50_000;
    expect(await rl.hit('k', 2, 60)).toEqual({ allowed: true, count: 1, retryAfterSeconds: 60 });
    await rl.reset('k');
    expect((await rl.check('k', 1)).allowed).toBe(true);
  });
});
