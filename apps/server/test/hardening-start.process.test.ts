import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { spawn } from 'node:child_process';
import { describe, expect, it } from 'vitest';

describe('npm start in development mode', () => {
  it('prints a banner of what is on and listens on 127.0.0.1 only', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bid-start-'));
    const env: Record<string, string | undefined> = {
      ...process.env,
      PORT: '0',
      LOG_LEVEL: 'warn',
      DATA_DIR: dataDir,
      NODE_ENV: 'development',
    };
    delete env.HOST;
    const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
      env,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    let err = '';
    child.stderr.on('data', (d) => (err += d));
    const base = await new Promise<string>((resolve, reject) => {
      child.stdout.on('data', (d) => {
        out += d;
        const m = /listening on (http:\/\/\S+)/.exec(out);
        if (m) resolve(m[1]);
      });
      child.on('exit', (code) => reject(new Error(`exited ${code}: ${out}${err}`)));
    });
    try {
      expect(err).toContain('开发模式');
      expect(err).toContain('微信登录使用模拟器');
      expect(err).toContain('短信验证码不发送');
      expect(out).not.toContain('bound to');
      const health = await fetch(`${base}/api/health`);
      expect(health.status).toBe(200);
    } finally {
      const exited = new Promise((resolve) => child.on('exit', resolve));
      child.kill('SIGTERM');
      await exited;
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  }, 60_000);
});
