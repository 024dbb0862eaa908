/**
 * Benchmark: is 全文写作 linear in the number of chapters? The offline engine writes a bid of N
 * leaf chapters and one of 4N; the anchor is 4 (twice the chapters, twice the time — here four
 * times). Prints time(4N) / time(N) / 4; goal ≤ 1.5 (a quadratic step, like recounting progress on
 * every chapter save, shows as ≥ 2 well before 1,920 chapters).
 * Run: node --import tsx bench/fulltext-scale/run.ts   (SCALE_N=480 for the 480 → 1,920)
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pino from 'pino';
import { loadConfig } from '../../apps/server/src/config/config.ts';
import { buildApp } from '../../apps/server/src/app.ts';
import { makeApiClient } from '../../apps/server/test/helpers/test-server.ts';
import { createUserWithSession } from '../../apps/server/test/helpers/fixtures.ts';

const N = Number(process.env.SCALE_N ?? (process.env.BENCH_SMALL ? 16 : 120));

async function main(): Promise<void> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bid-scale-'));
  const config = loadConfig({
    NODE_ENV: 'test',
    PORT: '0',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    AI_JOB_POLL_MS: '50',
  });
  const built = await buildApp(config, { logger: pino({ level: 'silent' }) });
  const base = (await built.app.listen({ port: 0, host: '127.0.0.1' })).replace('[::1]', '127.0.0.1');
  const api = makeApiClient(base);
  try {
    const user = await createUserWithSession({ built } as never, { quota: { bid_number: 10 } });
    const data = async (p: string, body: unknown) => {
      const r = await api.post(p, body, { token: user.token });
      if (r.body.code !== 200) throw new Error(`${p}: ${r.body.msg}`);
      return r.body.data;
    };
    const run = async (leaves: number): Promise<number> => {
      const { id: bidId } = await data('/bid/client/saveBid', {
        name: `规模 ${leaves}`,
        modelType: 'standard',
        pageCount: 50,
        tenderText: '项目名称：规模测试\n评分标准：技术方案 60 分',
      });
      const parents = Math.ceil(leaves / 40);
      await data('/catalog/client/bidCatalogSave', {
        bidId,
        catalogs: Array.from({ length: parents }, (_, i) => ({
          title: `第${i + 1}章`,
          children: Array.from({ length: Math.min(40, leaves - i * 40) }, (_, j) => ({
            title: `${i + 1}.${j + 1} 节`,
            targetWords: 300,
          })),
        })),
      });
      const t = performance.now();
      await data('/ai/client/aiGetExpandRange', { bidId });
      for (;;) {
        const w = await data('/ai/client/isWriting', { bidId });
        if (!w.writing) {
          if (w.done !== leaves) throw new Error(`wrote ${w.done}/${leaves}`);
          break;
        }
        await new Promise((r) => setTimeout(r, 100));
      }
      return performance.now() - t;
    };
    const small = await run(N);
    const large = await run(4 * N);
    const ratio = large / small / 4;
    console.log(
      `全文写作 ${N} chapters: ${(small / 1000).toFixed(1)} s; ${4 * N} chapters: ${(large / 1000).toFixed(1)} s`,
    );
    console.log(`ratio time(4N) / time(N) / 4: ${ratio.toFixed(2)} (goal ≤ 1.5)`);
    process.exitCode = ratio <= 1.5 || process.env.BENCH_SMALL ? 0 : 1;
  } finally {
    await built.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
