import { describe, expect, it } from 'vitest';
import { LIMITS } from '@bid/shared';
import { ApiError } from './errors.ts';
import { createQueryClient, shouldRetryQuery } from './queryClient.ts';

describe('queryClient defaults', () => {
  it('never retries 4xx, business codes, timeouts or 5xx; a dropped connection once', () => {
    expect(shouldRetryQuery(0, new ApiError('x', { kind: 'business', code: 404, status: 404 }))).toBe(false);
    expect(shouldRetryQuery(0, new ApiError('x', { kind: 'http', status: 400 }))).toBe(false);
    expect(shouldRetryQuery(0, new ApiError('x', { kind: 'http', status: 502 }))).toBe(false);
    expect(shouldRetryQuery(0, new ApiError('x', { kind: 'unauthorized', code: 401 }))).toBe(false);
    expect(shouldRetryQuery(0, new ApiError('x', { kind: 'timeout' }))).toBe(false);
    expect(shouldRetryQuery(0, new ApiError('x', { kind: 'network' }))).toBe(true);
    expect(shouldRetryQuery(1, new ApiError('x', { kind: 'network' }))).toBe(false);
    expect(shouldRetryQuery(0, new Error('render bug'))).toBe(false);
  });

  it('keeps data fresh for 30 s and does not refetch on every window focus', () => {
    const q = createQueryClient().getDefaultOptions();
    expect(q.queries?.staleTime).toBe(LIMITS.queryStaleMs);
    expect(LIMITS.queryStaleMs).toBe(30_000);
    expect(q.queries?.refetchOnWindowFocus).toBe(false);
    expect(q.mutations?.retry).toBe(false);
  });
});
