/**
 * Benchmark: full-text writing of 120 chapters, 8 at a time, against the fake OpenAI-compatible
 * server at 300 ms to the first token and 40 tokens per second. The anchor is the ideal time:
 * waves (ceil(120 / 8) = 15) × the time one chapter takes at the server. Prints wall / ideal; the
 * target is ≤ 1.05 (the job, the database and the events add at most 5 %).
 * Run: node --import tsx bench/ai-fulltext/run.ts   (BENCH_SMALL=1: 16 chapters at 10× the pace,
 * seconds, no goal checked — what CI runs so the benchmark keeps working)
 *
 * Each chapter's answer differs (as a model's do): with one text for every chapter, the overlap
 * check after the job had the model write 119 chapters again, one at a time (239 calls, ~14× the
 * ideal). The fair-use limits are set so that this one user may run 8 chapters at once: by default
 * a user runs at most AI_USER_CONCURRENCY (4) model calls and never every slot of the tier.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pino from 'pino';
import { loadConfig } from '../../apps/server/src/config/config.ts';
import { buildApp } from '../../apps/server/src/app.ts';
import { makeApiClient } from '../../apps/server/test/helpers/test-server.ts';
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { seedUser } from '../seed.ts';

const SMALL = Boolean(process.env.BENCH_SMALL);
const CHAPTERS = SMALL ? 16 : 120;
const CONCURRENCY = 8;
const FIRST_TOKEN_MS = SMALL ? 30 : 300;
const TOKENS_PER_SECOND = SMALL ? 400 : 40;
const CHARS_PER_TOKEN = 2;
/** Characters of each chapter answer: 80 tokens. */
const REPLY_CHARS = 160;
const TARGET_WORDS = 200;

async function main(): Promise<void> {
  const tokens = Math.ceil(REPLY_CHARS / CHARS_PER_TOKEN);
  // The fake sends token i at first-token + i / rate: the last one (and the finish) at this time.
  const perChapterMs = FIRST_TOKEN_MS + ((tokens - 1) * 1000) / TOKENS_PER_SECOND;
  const waves = Math.ceil(CHAPTERS / CONCURRENCY);
  const idealMs = waves * perChapterMs;

  // The fake model runs in its own process, like a real endpoint: its pacing must not share an
  // event loop with the server being measured.
  const fakeProc = spawn(
    process.execPath,
    [
      '--import',
      'tsx',
      fileURLToPath(new URL('../../apps/server/test/fake-openai/main.ts', import.meta.url)),
    ],
    {
      env: {
        ...process.env,
        FAKE_OPENAI_CONFIG: JSON.stringify({
          firstTokenDelayMs: FIRST_TOKEN_MS,
          tokensPerSecond: TOKENS_PER_SECOND,
          charsPerToken: CHARS_PER_TOKEN,
          scripts: [{ match: '【任务：撰写章节】', reply: { variedChars: REPLY_CHARS } }],
        }),
      },
      stdio: ['ignore', 'pipe', 'inherit'],
    },
  );
  const fakeUrl = await new Promise<string>((resolve, reject) => {
    let out = '';
    fakeProc.stdout!.on('data', (c: Buffer) => {
      out += c.toString();
      const m = /listening on (\S+)/.exec(out);
      if (m) resolve(m[1]);
    });
    fakeProc.on('exit', (code) => reject(new Error(`fake server exited (${code})`)));
  });
  const fakeRequests = async (): Promise<Array<{ prompt: string; at: number }>> =>
    (await fetch(new URL('/__requests', fakeUrl))).json() as never;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-fulltext-'));
  const config = loadConfig({
    NODE_ENV: 'test',
    PORT: '0',
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    AI_JOB_POLL_MS: '100',
    AI_STANDARD_BASE_URL: fakeUrl,
    AI_STANDARD_API_KEY: 'bench',
    AI_STANDARD_MODEL: 'fake-bench',
    // 8 chapters at once for this user: a tier of 9 slots (one user never holds every slot).
    AI_STANDARD_CONCURRENCY: String(CONCURRENCY + 1),
    AI_FULLTEXT_CONCURRENCY: String(CONCURRENCY),
    AI_USER_CONCURRENCY: String(CONCURRENCY),
    AI_COMPANY_CONCURRENCY: String(CONCURRENCY),
    ...(process.env.BENCH_DATABASE_URL ? { DATABASE_URL: process.env.BENCH_DATABASE_URL } : {}),
  });
  const built = await buildApp(config, { logger: pino({ level: 'silent' }) });
  const address = await built.app.listen({ port: 0, host: '127.0.0.1' });
  const api = makeApiClient(address.replace('[::1]', '127.0.0.1'));
  try {
    const db = built.ctx.db;
    const { userId, tenantId } = await seedUser(db, '13900002222');
    const { token } = await built.ctx.sessions.create(userId, tenantId);
    const data = async (p: string, body: unknown) => {
      const r = await api.post(p, body, { token });
      if (r.body?.code !== 200) throw new Error(`${p}: ${JSON.stringify(r.body)}`);
      return r.body.data;
    };
    const { id: bidId } = await data('/bid/client/saveBid', {
      name: '全文写作基准',
      modelType: 'standard',
      tenderText: '项目名称：基准测试项目\n采购人：基准测试单位',
    });
    const catalogs = Array.from({ length: CHAPTERS / (SMALL ? 8 : 10) }, (_, i) => ({
      title: `第${i + 1}部分`,
      children: Array.from({ length: SMALL ? 8 : 10 }, (_, j) => ({
        title: `技术措施 ${i + 1}.${j + 1}`,
        targetWords: TARGET_WORDS,
      })),
    }));
    await data('/catalog/client/bidCatalogSave', { bidId, catalogs });
    // The analysis is made before the job (aiGetExpandRange does it); make it now so it is not timed.
    await data('/ai/client/analyzeBid', { bidId });
    const before = (await fakeRequests()).length;
    const cpu0 = process.cpuUsage();

    const t0 = performance.now();
    await data('/ai/client/aiGetExpandRange', { bidId });
    const jobs = built.ctx.services.jobs as {
      events: { subscribe(id: string, fn: (e: { type: string; data: any }) => void): () => void };
    };
    const { jobId } = await data('/ai/client/isWriting', { bidId });
    let finishedAt = 0;
    await new Promise<void>((resolve) => {
      const off = jobs.events.subscribe(jobId, (e) => {
        if (e.type === 'job' && e.data.status === 'done') {
          finishedAt = performance.now();
          off();
          resolve();
        }
      });
    });
    const wallMs = finishedAt - t0;
    const w = await data('/ai/client/isWriting', { bidId });
    const cpu = process.cpuUsage(cpu0);
    const requests = (await fakeRequests()).slice(before);
    const chapterCalls = requests.filter((r) => r.prompt.includes('【任务：撰写章节】')).length;
    if (w.done !== CHAPTERS || chapterCalls !== CHAPTERS)
      throw new Error(
        `expected ${CHAPTERS} chapters in ${CHAPTERS} calls, got ${w.done} done in ${chapterCalls} calls`,
      );
    const ratio = wallMs / idealMs;
    if (process.env.BENCH_VERBOSE) {
      const arrivals = requests
        .filter((r) => r.prompt.includes('【任务：撰写章节】'))
        .map((r) => r.at)
        .sort((a, b) => a - b);
      const spanMs = arrivals[arrivals.length - 1] - arrivals[0];
      console.log(
        `  calls span ${spanMs} ms; per-wave gap ${(spanMs / (waves - 1) - perChapterMs).toFixed(0)} ms; server CPU ${((cpu.user + cpu.system) / 1000).toFixed(0)} ms`,
      );
    }
    console.log(
      `ai-fulltext: ${CHAPTERS} chapters, concurrency ${CONCURRENCY}, first token ${FIRST_TOKEN_MS} ms, ${TOKENS_PER_SECOND} tokens/s, ${tokens} tokens per chapter (${built.ctx.dbKind})`,
    );
    console.log(`  per chapter at the server  ${perChapterMs.toFixed(0)} ms`);
    console.log(`  ideal (${waves} waves)        ${(idealMs / 1000).toFixed(2)} s`);
    console.log(`  wall                       ${(wallMs / 1000).toFixed(2)} s`);
    console.log(`  ratio wall/ideal           ${ratio.toFixed(3)}   (target ≤ 1.05)`);
    if (ratio > 1.05 && !SMALL) process.exitCode = 1;
  } finally {
    await built.close();
    fakeProc.kill('SIGTERM');
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
