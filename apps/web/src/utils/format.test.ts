import { describe, expect, it } from 'vitest';
import { formatDate, formatMoney, formatRelative, formatTime, formatYuan, isPhone, maskPhone, PHONE_PATTERN } from './format.ts';

describe('format helpers (SPEC section 5)', () => {
  it('phone: 11 digits, 1 then 3-9', () => {
    expect(isPhone('13800000000')).toBe(true);
    expect(isPhone('19912345678')).toBe(true);
    for (const bad of ['12800000000', '1380000000', '138000000000', '23800000000', '1380000000a', '', null, 13800000000]) {
      expect(isPhone(bad)).toBe(false);
    }
    expect(PHONE_PATTERN.test('15012345678')).toBe(true);
  });

  it('masks phones as 138****0000', () => {
    expect(maskPhone('13812340000')).toBe('138****0000');
    expect(maskPhone('admin')).toBe('admin');
    expect(maskPhone(undefined)).toBe('');
  });

  it('money with two decimals', () => {
    expect(formatMoney(199)).toBe('199.00');
    expect(formatMoney('19.9')).toBe('19.90');
    expect(formatMoney(0.125)).toBe('0.13');
    expect(formatMoney(null)).toBe('0.00');
    expect(formatMoney('abc')).toBe('0.00');
    expect(formatYuan('1999')).toBe('¥1999.00');
  });

  it('10-digit timestamps are seconds, 13-digit are milliseconds, ISO strings work', () => {
    const local = new Date(2025, 0, 2, 3, 4, 5);
    const seconds = Math.floor(local.getTime() / 1000);
    expect(formatTime(seconds)).toBe('2025-01-02 03:04:05');
    expect(formatTime(String(seconds))).toBe('2025-01-02 03:04:05');
    expect(formatTime(local.getTime())).toBe('2025-01-02 03:04:05');
    expect(formatTime(local.toISOString(), 'YYYY/MM/DD HH:mm')).toBe('2025/01/02 03:04');
    expect(formatDate(seconds)).toBe('2025-01-02');
    expect(formatTime('not a date')).toBe('');
    expect(formatTime(null)).toBe('');
  });

  it('relative time in Chinese for recent times, the date for older ones', () => {
    const now = new Date(2025, 4, 10, 12, 0, 0);
    expect(formatRelative(new Date(2025, 4, 10, 11, 57, 0), now)).toBe('3 分钟前');
    expect(formatRelative(new Date(2025, 4, 10, 9, 0, 0), now)).toBe('3 小时前');
    expect(formatRelative(new Date(2025, 4, 8, 12, 0, 0), now)).toBe('2 天前');
    expect(formatRelative(Math.floor(new Date(2025, 4, 10, 11, 59, 50).getTime() / 1000), now)).toBe('几秒前');
    expect(formatRelative(new Date(2025, 3, 1, 8, 0, 0), now)).toBe('2025-04-01');
    expect(formatRelative(undefined, now)).toBe('');
  });
});
