import { describe, expect, it } from 'vitest';
import { loadConfig } from './config/config.ts';
import { developmentBanner, listenHost } from './startup.ts';

const base = {};

describe('startup safety', () => {
  it('binds to this machine only in development unless HOST says otherwise; everywhere in production', () => {
    expect(listenHost({ HOST: '', NODE_ENV: 'development' })).toBe('127.0.0.1');
    expect(listenHost({ HOST: '', NODE_ENV: 'production' })).toBe('0.0.0.0');
    expect(listenHost({ HOST: '10.0.0.8', NODE_ENV: 'production' })).toBe('10.0.0.8');
  });

  it('says at start what is switched on that must never face users', () => {
    const config = loadConfig({ ...base, NODE_ENV: 'development', CAPTCHA: 'off' });
    const text = developmentBanner(config, 'offline', '0.0.0.0').join('\n');
    expect(text).toContain('开发模式');
    expect(text).toContain('微信登录使用模拟器');
    expect(text).toContain('短信验证码不发送');
    expect(text).toContain('图形验证码已关闭');
    expect(text).toContain('离线规则引擎');
    expect(text).toContain('监听所有网卡');
    expect(text).toContain('docs/DEPLOY.md');
    expect(developmentBanner(config, 'openai', '127.0.0.1').join('\n')).not.toContain('监听所有网卡');
  });
});
