import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { spawn } from 'node:child_process';
import { describe, expect, it } from 'vitest';

/** Starts the real entry point as a child process and waits for its "listening on" line. */
function startProcess(env: Record<string, string>) {
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
    env: { ...process.env, PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  const ready = new Promise<string>((resolve, reject) => {
    child.stdout.on('data', (d) => {
      out += d;
      const m = /listening on (http:\/\/\S+)/.exec(out);
      if (m) resolve(m[1]);
    });
    child.on('exit', (code) => reject(new Error(`exited ${code}: ${out}`)));
  });
  return { child, ready };
}

describe('server process', () => {
  it('starts, migrates, serves health, and shuts down gracefully on SIGTERM', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bid-proc-'));
    const { child, ready } = startProcess({ DATA_DIR: dataDir });
    const base = await ready;
    const health = (await (await fetch(`${base}/api/health`)).json()) as any;
    expect(health.data.status).toBe('ok');
    expect(fs.existsSync(path.join(dataDir, 'bid.sqlite'))).toBe(true);
    const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
    child.kill('SIGTERM');
    expect(await exited).toBe(0);
    fs.rmSync(dataDir, { recursive: true, force: true });
  });
});
