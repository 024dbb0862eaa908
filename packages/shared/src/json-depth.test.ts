import { describe, expect, it } from 'vitest';
import { jsonTextDepth, valueDepth } from './json-depth.ts';

describe('JSON nesting read without recursion', () => {
  it('counts arrays and objects, not brackets inside strings or escaped quotes', () => {
    expect(jsonTextDepth('1')).toBe(0);
    expect(jsonTextDepth('{"a":[1,{"b":[]}]}')).toBe(4);
    expect(jsonTextDepth('{"a":"[[[{{{"}')).toBe(1);
    expect(jsonTextDepth('{"a":"\\"[[[\\\\","b":[[]]}')).toBe(3);
    expect(jsonTextDepth('["\\\\"]')).toBe(1);
  });

  it('reads a text 1,000,000 deep and stops at the limit', () => {
    const deep = '['.repeat(1_000_000) + ']'.repeat(1_000_000);
    expect(jsonTextDepth(deep)).toBe(1_000_000);
    expect(jsonTextDepth(deep, 256)).toBe(257);
  });

  it('measures a parsed value 200,000 deep without overflowing the stack', () => {
    const value = JSON.parse('['.repeat(200_000) + ']'.repeat(200_000));
    expect(valueDepth(value)).toBe(200_000);
    expect(valueDepth(value, 200)).toBe(201);
    expect(valueDepth({ a: [{ b: 1 }] })).toBe(3);
    expect(valueDepth('text')).toBe(0);
  });
});
