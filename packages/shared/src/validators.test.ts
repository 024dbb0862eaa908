import { describe, expect, it } from 'vitest';
import {
  countWords,
  fenToYuan,
  formatMoney,
  formatTime,
  isPhone,
  maskPhone,
  pageNotFoundMessage,
  toDate,
} from './validators.ts';

describe('phone rules (SPEC 5)', () => {
  it('accepts 11 digits starting 1[3-9]', () => {
    for (const p of ['13800000000', '19912345678', '15000000000']) expect(isPhone(p)).toBe(true);
  });
  it('rejects other shapes', () => {
    for (const p of [
      '12800000000',
      '1380000000',
      '138000000000',
      '23800000000',
      '1380000000a',
      '',
      null,
      13800000000,
    ])
      expect(isPhone(p)).toBe(false);
  });
  it('masks as first 3, ****, last 4', () => {
    expect(maskPhone('13812345678')).toBe('138****5678');
    expect(maskPhone('admin')).toBe('admin');
    expect(maskPhone(null)).toBe('');
  });
});

describe('money and time (SPEC 5)', () => {
  it('shows money with two decimals', () => {
    expect(formatMoney(199)).toBe('199.00');
    expect(formatMoney('12.5')).toBe('12.50');
    expect(formatMoney(0.105)).toBe('0.11');
    expect(formatMoney('abc')).toBe('0.00');
    expect(fenToYuan(19900)).toBe('199.00');
    expect(fenToYuan(5)).toBe('0.05');
    expect(fenToYuan(-150)).toBe('-1.50');
  });
  it('treats 10-digit timestamps as seconds and 13-digit as ms', () => {
    expect(toDate(1700000000)!.getTime()).toBe(1700000000000);
    expect(toDate('1700000000')!.getTime()).toBe(1700000000000);
    expect(toDate(1700000000123)!.getTime()).toBe(1700000000123);
    expect(toDate('2024-01-02T03:04:05Z')!.toISOString()).toBe('2024-01-02T03:04:05.000Z');
    expect(toDate('not a date')).toBeNull();
    expect(formatTime(null)).toBe('');
    expect(formatTime(new Date(2024, 0, 2, 3, 4, 5))).toBe('2024-01-02 03:04:05');
  });
  it('builds the page-not-found message', () => {
    expect(pageNotFoundMessage('/a/b?c=1')).toBe('Page Not Found: /a/b?c=1');
  });
  it('counts Chinese characters and Latin words', () => {
    expect(countWords('投标文件 ISO 9001 认证')).toBe(8);
    expect(countWords('')).toBe(0);
  });
});
