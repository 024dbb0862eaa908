import { describe, expect, it } from 'vitest';
import { spawnSync } from 'node:child_process';
import { loadConfig, ConfigError } from './config.ts';

describe('config', () => {
  it('has working defaults', () => {
    const c = loadConfig({});
    expect(c.PORT).toBe(3000);
    expect(c.CAPTCHA).toBe('on');
    expect(c.SMS_PROVIDER).toBe('log');
    expect(c.AUTH_CLIENT_ID).toBe('bidwriter');
    expect(c.dataDir).toMatch(/data$/);
  });
  it('names every bad variable', () => {
    expect(() => loadConfig({ PORT: 'abc', CAPTCHA: 'maybe' })).toThrow(ConfigError);
    try {
      loadConfig({ PORT: 'abc', CAPTCHA: 'maybe' });
    } catch (e) {
      expect((e as Error).message).toContain('PORT');
      expect((e as Error).message).toContain('CAPTCHA');
    }
  });
  it('refuses development providers and CAPTCHA=off in production', () => {
    expect(() => loadConfig({ NODE_ENV: 'production', CAPTCHA: 'off' })).toThrow(/CAPTCHA/);
    expect(() => loadConfig({ NODE_ENV: 'production', AUTH_CLIENT_SECRET: 'x', SMS_PROVIDER: 'aliyun', WECHAT_PROVIDER: 'official' })).not.toThrow();
  });
  it('the server exits with a clear message on a bad value', () => {
    const r = spawnSync(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
      env: { ...process.env, PORT: 'not-a-port' },
      encoding: 'utf8',
      timeout: 30_000,
    });
    expect(r.status).toBe(2);
    expect(r.stderr).toContain('Invalid configuration');
    expect(r.stderr).toContain('PORT');
  });
});
