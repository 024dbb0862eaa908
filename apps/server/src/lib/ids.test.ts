import { describe, expect, it } from 'vitest';
import { newId, nextIdParts } from './ids.ts';

describe('newId', () => {
  it('never repeats in a burst of 100,000 ids and stays increasing', () => {
    const ids = Array.from({ length: 100_000 }, () => newId());
    expect(new Set(ids).size).toBe(ids.length);
    for (let i = 1; i < ids.length; i++) expect(BigInt(ids[i]) > BigInt(ids[i - 1])).toBe(true);
  });

  it('never goes backwards when the wall clock stands still or steps back', () => {
    const base = BigInt(Date.now()) + 10_000_000n; // ahead of anything the other test produced
    const seen = new Set<string>();
    let prev = -1n;
    // 5,000 ids in one wall millisecond, then a clock stepping back by a second, then forward again.
    const clock = [
      ...Array(5_000).fill(base),
      ...Array(3_000).fill(base - 1_000n),
      ...Array(3_000).fill(base + 2n),
    ];
    for (const wall of clock) {
      const { ms, counter } = nextIdParts(wall);
      const v = (ms << 10n) | counter;
      expect(v > prev).toBe(true);
      prev = v;
      seen.add(v.toString());
    }
    expect(seen.size).toBe(clock.length);
  });

  it('renders decimal strings that fit in 63 bits', () => {
    const id = newId();
    expect(id).toMatch(/^[1-9][0-9]{0,18}$/);
    expect(BigInt(id) < 1n << 63n).toBe(true);
  });
});
