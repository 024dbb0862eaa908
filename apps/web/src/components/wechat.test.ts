import { describe, expect, it } from 'vitest';
import { isWindowsWechat } from './wechat.ts';

describe('isWindowsWechat', () => {
  it('detects the Windows WeChat browser', () => {
    expect(
      isWindowsWechat(
        'Mozilla/5.0 (Windows NT 10.0; WOW64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/81.0.4044.138 Safari/537.36 NetType/WIFI MicroMessenger/7.0.20.1781(0x6700143B) WindowsWechat(0x63090a13) XWEB/8391',
      ),
    ).toBe(true);
    expect(isWindowsWechat('Mozilla/5.0 (Windows NT 6.1) MicroMessenger/6.5.2.501')).toBe(true);
    expect(isWindowsWechat('something windowswechat')).toBe(true);
  });

  it('leaves other browsers alone, including WeChat on phones and macOS', () => {
    expect(
      isWindowsWechat(
        'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 Chrome/120.0 Safari/537.36 Edg/120.0',
      ),
    ).toBe(false);
    expect(
      isWindowsWechat('Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) MicroMessenger/8.0.40'),
    ).toBe(false);
    expect(
      isWindowsWechat('Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) MicroMessenger/3.8.0 MacWechat/3.8'),
    ).toBe(false);
    expect(isWindowsWechat('')).toBe(false);
    expect(isWindowsWechat(undefined)).toBe(false);
  });
});
