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
    const real = {
      NODE_ENV: 'production',
      AUTH_CLIENT_SECRET: 'x',
      SMS_PROVIDER: 'aliyun',
      WECHAT_PROVIDER: 'official',
      SECRET_KEY: 'a-production-secret-key',
      SMS_ACCESS_KEY_ID: 'k',
      SMS_ACCESS_KEY_SECRET: 's',
      SMS_SIGN_NAME: '标书AI',
      SMS_TEMPLATE_CODE: 'SMS_1',
      WECHAT_APP_ID: 'wx',
      WECHAT_APP_SECRET: 'ws',
      WECHAT_TOKEN: 'wt',
    };
    expect(() => loadConfig(real)).not.toThrow();
    expect(() => loadConfig({ ...real, SMS_PROVIDER: 'log' })).toThrow(/SMS_PROVIDER/);
    expect(() => loadConfig({ ...real, WECHAT_PROVIDER: 'simulator' })).toThrow(/WECHAT_PROVIDER/);
    expect(() => loadConfig({ ...real, SMS_ACCESS_KEY_SECRET: '' })).toThrow(/SMS_ACCESS_KEY_SECRET/);
    expect(() => loadConfig({ ...real, AUTH_CLIENT_SECRET: 'bidwriter_secret' })).toThrow(
      /AUTH_CLIENT_SECRET/,
    );
    expect(() => loadConfig({ ...real, SECRET_KEY: '' })).toThrow(/SECRET_KEY/);
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
    // Starting tsx in a child takes seconds on a loaded machine: the default 5 s is too tight.
  }, 40_000);
});
