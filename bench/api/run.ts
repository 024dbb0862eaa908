/**
 * Benchmark: the API's own overhead. `GET /api/health` and `getBidList` (signed in, 5 bids) under
 * wrk, 50 connections, our server (apps/server/src/main.ts, NODE_ENV=production, its logging on)
 * against a bare Fastify app doing the same work — the same SQL through the same driver on the same
 * database file (bench/api/bare.ts) — in one run, alternating. Each server runs in its own process.
 * Goals (issue 29): ours / bare ≥ 0.6 for health and ≥ 0.5 for getBidList, medians of the rounds.
 * Run: node --import tsx bench/api/run.ts    (API_ROUNDS=5, API_SECONDS=10; BENCH_SMALL=1: one round
 * of 1 s, no goal checked). Without wrk (apt-get install wrk) a Node keep-alive client stands in.
 * API_NODE_ARGS="--cpu-prof --cpu-prof-dir=prof" profiles our server (API_BARE_NODE_ARGS the bare app);
 * API_ONLY=health (or getBidList) measures one route; API_LOG_LEVEL (default info) sets our log level.
 */
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import pino from 'pino';
import { basicAuthValue, MARKER_HEADER, MARKER_VALUE } from '@bid/shared';
import { loadConfig } from '../../apps/server/src/config/config.ts';
import { buildApp } from '../../apps/server/src/app.ts';
import { seedUser } from '../seed.ts';

const SMALL = Boolean(process.env.BENCH_SMALL);
const ROUNDS = Number(process.env.API_ROUNDS ?? (SMALL ? 1 : 5));
const SECONDS = Number(process.env.API_SECONDS ?? (SMALL ? 1 : 10));
const CONNECTIONS = 50;
const BIDS = 5;
const GOALS = { health: 0.6, getBidList: 0.5 } as const;
const CLIENT_ID = 'bench-client';
const CLIENT_SECRET = 'bench-client-secret-not-the-default';
const root = fileURLToPath(new URL('../..', import.meta.url));

interface Target {
  path: string;
  method: 'GET' | 'POST';
  headers: Record<string, string>;
  body?: string;
}

/** Starts a server process and waits for its `listening on <url>` line. */
const children: ChildProcess[] = [];
function startServer(
  args: string[],
  env: Record<string, string>,
): Promise<{ proc: ChildProcess; base: string }> {
  const proc = spawn(process.execPath, args, {
    cwd: root,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  children.push(proc);
  return new Promise((resolve, reject) => {
    let out = '';
    let base = '';
    // Read to the end: its log lines (production logs one line per call) must not fill the pipe.
    proc.stdout!.on('data', (c: Buffer) => {
      if (base) return;
      out += c.toString();
      const m = /listening on (http:\/\/[^\s)]+)/.exec(out);
      if (m) {
        base = m[1].replace('[::1]', '127.0.0.1');
        resolve({ proc, base });
      }
    });
    proc.on('exit', (code) => reject(new Error(`${args.at(-1)} exited (${code})`)));
  });
}

/** CPU seconds a process has used (user + system), from /proc (Linux; 0 elsewhere). */
function cpuSeconds(pid: number | undefined): number {
  try {
    const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return 0;
  }
}

interface Measured {
  rps: number;
  errors: number;
  /** Calls answered per CPU second of the server process: its cost per call, whatever else runs. */
  perCpu: number;
}

/** Calls per second and per CPU second of the server, with wrk or a Node client. */
async function measure(server: { base: string; proc: ChildProcess }, t: Target): Promise<Measured> {
  const cpu0 = cpuSeconds(server.proc.pid);
  const r = await load(server.base, t);
  const cpu = cpuSeconds(server.proc.pid) - cpu0;
  return { ...r, perCpu: cpu > 0 ? r.calls / cpu : NaN };
}

/** Calls per second with wrk, or with a Node keep-alive client where wrk is missing. */
async function load(base: string, t: Target): Promise<{ rps: number; calls: number; errors: number }> {
  if (hasWrk) {
    const script = path.join(tmp, 'target.lua');
    fs.writeFileSync(
      script,
      [
        `wrk.method = "${t.method}"`,
        ...(t.body ? [`wrk.body = '${t.body}'`] : []),
        ...Object.entries(t.headers).map(([k, v]) => `wrk.headers["${k}"] = "${v}"`),
      ].join('\n'),
    );
    // Not spawnSync: this process reads the servers' stdout (their log lines) while wrk runs, as a
    // log collector would; a blocked reader makes the server buffer its lines and pay for it.
    const r = await new Promise<{ stdout: string; stderr: string }>((resolve, reject) => {
      const w = spawn(
        'wrk',
        ['-t2', `-c${CONNECTIONS}`, `-d${SECONDS}s`, '--timeout', '10s', '-s', script, `${base}${t.path}`],
        { stdio: ['ignore', 'pipe', 'pipe'] },
      );
      let stdout = '';
      let stderr = '';
      w.stdout.on('data', (c: Buffer) => (stdout += c.toString()));
      w.stderr.on('data', (c: Buffer) => (stderr += c.toString()));
      w.on('error', reject);
      w.on('close', () => resolve({ stdout, stderr }));
    });
    const rps = Number(/Requests\/sec:\s+([\d.]+)/.exec(r.stdout)?.[1] ?? NaN);
    const non2xx = Number(/Non-2xx or 3xx responses:\s+(\d+)/.exec(r.stdout)?.[1] ?? 0);
    // "Socket errors: connect 0, read 0, write 0, timeout 0": any of them is a failed call.
    const socketErrors = (/Socket errors: (.*)/.exec(r.stdout)?.[1] ?? '')
      .split(',')
      .reduce((n, part) => n + Number(/\d+/.exec(part)?.[0] ?? 0), 0);
    if (!Number.isFinite(rps)) throw new Error(`wrk: ${r.stdout}${r.stderr}`);
    if (non2xx + socketErrors) console.log(r.stdout);
    const calls = Number(/(\d+) requests in/.exec(r.stdout)?.[1] ?? 0);
    return { rps, calls, errors: non2xx + socketErrors };
  }
  const agent = new http.Agent({ keepAlive: true, maxSockets: CONNECTIONS });
  let done = 0;
  let errors = 0;
  const until = Date.now() + SECONDS * 1000;
  const one = () =>
    new Promise<void>((resolve) => {
      const req = http.request(`${base}${t.path}`, { method: t.method, agent, headers: t.headers }, (res) => {
        if (res.statusCode !== 200) errors += 1;
        res.resume();
        res.on('end', resolve);
      });
      req.on('error', () => {
        errors += 1;
        resolve();
      });
      req.end(t.body);
    });
  const t0 = performance.now();
  await Promise.all(
    Array.from({ length: CONNECTIONS }, async () => {
      while (Date.now() < until) {
        await one();
        done += 1;
      }
    }),
  );
  agent.destroy();
  return { rps: done / ((performance.now() - t0) / 1000), calls: done, errors };
}

const hasWrk = spawnSync('sh', ['-c', 'command -v wrk'], { stdio: 'ignore' }).status === 0;
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-api-'));
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

async function main(): Promise<void> {
  const dataDir = path.join(tmp, 'data');
  // The database: migrated by the app itself, one user with 5 bids and a session.
  const config = loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir, LOG_LEVEL: 'silent' });
  const seeded = await buildApp(config, { logger: pino({ level: 'silent' }) });
  const { userId, tenantId } = await seedUser(seeded.ctx.db, '13900003333');
  const owner = { userId, tenantId, role: 'personal' as const };
  for (let i = 0; i < BIDS; i++)
    await seeded.ctx.services.bid.create(
      owner as never,
      { name: `基准标书 ${i + 1}`, modelType: 'standard' } as never,
    );
  const { token } = await seeded.ctx.sessions.create(userId, tenantId);
  await seeded.close();

  const ours = await startServer(
    [
      ...(process.env.API_NODE_ARGS ?? '').split(' ').filter(Boolean),
      '--import',
      'tsx',
      'apps/server/src/main.ts',
    ],
    {
      NODE_ENV: 'production',
      PORT: '0',
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: process.env.API_LOG_LEVEL ?? 'info',
      AUTH_CLIENT_ID: CLIENT_ID,
      AUTH_CLIENT_SECRET: CLIENT_SECRET,
      SECRET_KEY: 'bench-secret-key-0123456789',
      // Production refuses the development stand-ins; these are never called in this benchmark.
      SMS_PROVIDER: 'aliyun',
      SMS_ACCESS_KEY_ID: 'bench',
      SMS_ACCESS_KEY_SECRET: 'bench',
      SMS_SIGN_NAME: 'bench',
      SMS_TEMPLATE_CODE: 'bench',
      WECHAT_PROVIDER: 'official',
      WECHAT_APP_ID: 'bench',
      WECHAT_APP_SECRET: 'bench',
      WECHAT_TOKEN: 'bench',
    },
  );
  const bare = await startServer(
    [
      ...(process.env.API_BARE_NODE_ARGS ?? '').split(' ').filter(Boolean),
      '--import',
      'tsx',
      'bench/api/bare.ts',
    ],
    {
      DATA_DIR: dataDir,
      BENCH_USER: JSON.stringify(owner),
      BENCH_TOKEN: token,
    },
  );
  const targets: Record<keyof typeof GOALS, Target> = {
    health: { path: '/api/health', method: 'GET', headers: {} },
    getBidList: {
      path: '/api/bid/client/getBidList',
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        authorization: basicAuthValue(CLIENT_ID, CLIENT_SECRET),
        [MARKER_HEADER.toLowerCase()]: MARKER_VALUE,
        'blade-auth': `bearer ${token}`,
      },
      body: JSON.stringify({ current: 1, size: 10 }),
    },
  };
  let missed = false;
  try {
    // Same answers first: a benchmark of two servers that answer differently measures nothing.
    for (const [name, t] of Object.entries(targets)) {
      const get = async (base: string) =>
        (await fetch(`${base}${t.path}`, { method: t.method, headers: t.headers, body: t.body })).json();
      const [a, b] = await Promise.all([get(ours.base), get(bare.base)]);
      const strip = (x: any) => JSON.stringify({ ...x, data: { ...x.data, ai: 0, version: 0 } });
      if (strip(a) !== strip(b))
        throw new Error(`${name}: answers differ\n${JSON.stringify(a)}\n${JSON.stringify(b)}`);
    }
    console.log(
      `api: ${CONNECTIONS} connections, ${ROUNDS} round(s) of ${SECONDS} s per server and route, ${hasWrk ? 'wrk -t2' : 'Node keep-alive client (wrk not found)'}; ours NODE_ENV=production, logging at info`,
    );
    const only = process.env.API_ONLY?.split(',');
    for (const [name, t] of Object.entries(targets) as Array<[keyof typeof GOALS, Target]>) {
      if (only && !only.includes(name)) continue;
      const ratios: number[] = [];
      const cpuRatios: number[] = [];
      const oursRps: number[] = [];
      const bareRps: number[] = [];
      const oursCpu: number[] = [];
      const bareCpu: number[] = [];
      for (let r = 0; r < ROUNDS; r++) {
        // Alternating which goes first, so a change of machine load weighs on both alike.
        const order = r % 2 ? [bare, ours] : [ours, bare];
        const got = new Map<string, Measured>();
        for (const s of order) got.set(s.base, await measure(s, t));
        const o = got.get(ours.base)!;
        const b = got.get(bare.base)!;
        if (o.errors || b.errors) throw new Error(`${name}: errors (ours ${o.errors}, bare ${b.errors})`);
        oursRps.push(o.rps);
        bareRps.push(b.rps);
        ratios.push(o.rps / b.rps);
        oursCpu.push(o.perCpu);
        bareCpu.push(b.perCpu);
        cpuRatios.push(o.perCpu / b.perCpu);
      }
      const fmt = (xs: number[]) =>
        `${Math.round(median(xs)).toLocaleString('en')}/s (${Math.round(Math.min(...xs)).toLocaleString('en')}–${Math.round(Math.max(...xs)).toLocaleString('en')})`;
      const ratio = median(ratios);
      console.log(
        `  ${name.padEnd(10)} ours ${fmt(oursRps)}  bare ${fmt(bareRps)}  ratio ${ratio.toFixed(2)} (${Math.min(...ratios).toFixed(2)}–${Math.max(...ratios).toFixed(2)}; goal ≥ ${GOALS[name]})`,
      );
      console.log(
        `  ${''.padEnd(10)} per CPU second of the server: ours ${fmt(oursCpu)}  bare ${fmt(bareCpu)}  ratio ${median(cpuRatios).toFixed(2)} (${Math.min(...cpuRatios).toFixed(2)}–${Math.max(...cpuRatios).toFixed(2)})`,
      );
      if (ratio < GOALS[name]) missed = true;
    }
  } finally {
    for (const c of children) c.kill('SIGTERM');
  }
  if (missed && !SMALL) process.exitCode = 1;
}

await main()
  .catch((e) => {
    console.error(e);
    process.exitCode = 1;
  })
  .finally(async () => {
    for (const c of children) c.kill('SIGTERM');
    await new Promise((r) => setTimeout(r, 300));
    fs.rmSync(tmp, { recursive: true, force: true });
  });
