import type { Config } from './config/config.ts';

/**
 * Where the server listens: HOST when set; otherwise every interface in production (behind the
 * operator's proxy or firewall) and only this machine in development, so a laptop running the dev
 * setup with its login simulator is not reachable from the office network by accident.
 */
export function listenHost(config: Pick<Config, 'HOST' | 'NODE_ENV'>): string {
  return config.HOST || (config.NODE_ENV === 'production' ? '0.0.0.0' : '127.0.0.1');
}

/**
 * The lines printed at start outside production: what is switched on that must never face users.
 * Empty in production (config refuses the development providers there).
 */
export function developmentBanner(config: Config, ai: 'offline' | 'openai', host: string): string[] {
  if (config.NODE_ENV === 'production') return [];
  const lines = [
    `标书 AI 以${config.NODE_ENV === 'test' ? '测试' : '开发'}模式运行（NODE_ENV=${config.NODE_ENV}），不要用于生产：`,
  ];
  if (config.WECHAT_PROVIDER === 'simulator')
    lines.push('  - 微信登录使用模拟器：任何人都能以任意微信身份登录');
  if (config.SMS_PROVIDER === 'log') lines.push('  - 短信验证码不发送，写入数据目录下的 sms-outbox.jsonl');
  if (config.CAPTCHA === 'off') lines.push('  - 图形验证码已关闭');
  if (ai === 'offline') lines.push('  - 未配置大模型：AI 使用离线规则引擎');
  if (host === '0.0.0.0' || host === '::')
    lines.push(`  - 监听所有网卡（HOST=${host}）：局域网内的其他电脑也能访问`);
  lines.push('  生产部署请设置 NODE_ENV=production，见 docs/DEPLOY.md');
  return lines;
}
