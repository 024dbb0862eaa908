import { describe, expect, it } from 'vitest';
import { cacheControlFor, pickEncoding } from './delivery.ts';

describe('pickEncoding', () => {
  it('prefers brotli, falls back to gzip, and honours q=0', () => {
    expect(pickEncoding('gzip, deflate, br')).toBe('br');
    expect(pickEncoding('gzip;q=0.8, br;q=0')).toBe('gzip');
    expect(pickEncoding('identity')).toBeNull();
    expect(pickEncoding('*')).toBe('br');
    expect(pickEncoding('*, br;q=0')).toBe('gzip');
    expect(pickEncoding(undefined)).toBeNull();
  });
});

describe('cacheControlFor', () => {
  it('marks only hashed build assets immutable', () => {
    expect(cacheControlFor('/srv/dist/assets/index-abc.js')).toContain('immutable');
    expect(cacheControlFor('/srv/dist/favicon.svg')).not.toContain('immutable');
  });
});
