/**
 * Benchmark: reading a tender PDF, the way a writer waits for it: the upload call
 * (`POST /api/file/client/uploadTender`, multipart) from sending the file to the answer, against
 * `pdftotext` (poppler) reading the same file, timed the same way (a process from start to exit).
 * Files: bench/parse/generate.ts (about 400 pages with tables, and 23 pages). Each is read RUNS
 * times, alternating ours and pdftotext; prints the medians, the spread and ours / pdftotext.
 * Goal (issue 29): ≤ 1.5 for both.
 * Then fair parsing: a user's small Word file (the corpus tender t01 as .docx, ~20 KB) alone, and
 * again while another user has 30 uploads of the 23-page PDF in flight at once; goal ≤ 2× (issue 29).
 * PARSE_BENCH_SMALL=1: the 23-page file only, 2 runs, 6 parallel uploads, no goal.
 * Run: node --import tsx bench/parse/run.ts
 */
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import pino from 'pino';
import {
  basicAuthValue,
  DEFAULT_CLIENT_ID,
  DEFAULT_CLIENT_SECRET,
  MARKER_HEADER,
  MARKER_VALUE,
} from '@bid/shared';
import { buildApp } from '../../apps/server/src/app.ts';
import { loadConfig } from '../../apps/server/src/config/config.ts';
import { createUserWithSession } from '../../apps/server/test/helpers/fixtures.ts';
import type { TestServer } from '../../apps/server/test/helpers/test-server.ts';
import { benchPdf } from './generate.ts';

const small = process.env.PARSE_BENCH_SMALL === '1' || Boolean(process.env.BENCH_SMALL);
const RUNS = small ? 2 : Number(process.env.PARSE_BENCH_RUNS ?? 5);
const GOAL = 1.5;
const run = promisify(execFile);

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};
const ms = (x: number) => `${Math.round(x).toLocaleString('en')} ms`;

async function main(): Promise<void> {
  // PARSE_BENCH_PAGES=23: one of the two files (on a machine so loaded that the 400-page file
  // passes the parse time limit, the 23-page figure can still be taken).
  const only = Number(process.env.PARSE_BENCH_PAGES ?? 0);
  const files =
    small || only === 23
      ? [await benchPdf(23)]
      : only === 400
        ? [await benchPdf(400)]
        : [await benchPdf(400), await benchPdf(23)];
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-parse-data-'));
  const config = loadConfig({
    NODE_ENV: 'development',
    PORT: '0',
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
  });
  const built = await buildApp(config, { logger: pino({ level: 'silent' }) });
  const address = (await built.app.listen({ port: 0, host: '127.0.0.1' })).replace('[::1]', '127.0.0.1');
  const user = await createUserWithSession({ built } as TestServer);
  const headers = {
    authorization: basicAuthValue(DEFAULT_CLIENT_ID, DEFAULT_CLIENT_SECRET),
    [MARKER_HEADER]: MARKER_VALUE,
    'blade-auth': `bearer ${user.token}`,
  };
  const other = await createUserWithSession({ built } as TestServer);
  const upload = async (file: string, token = user.token): Promise<number> => {
    const bytes = fs.readFileSync(file);
    const t = performance.now();
    const fd = new FormData();
    fd.append('file', new Blob([new Uint8Array(bytes)]), path.basename(file));
    const res = await fetch(`${address}/api/file/client/uploadTender`, {
      method: 'POST',
      headers: { ...headers, 'blade-auth': `bearer ${token}` },
      body: fd,
    });
    const body = (await res.json()) as { code: number; msg: string };
    if (body.code !== 200) throw new Error(`upload failed: ${body.msg}`);
    return performance.now() - t;
  };
  const pdftotext = async (file: string): Promise<number> => {
    const t = performance.now();
    await run('pdftotext', [file, path.join(dataDir, 'out.txt')]);
    return performance.now() - t;
  };
  let missed = false;
  try {
    // One warm-up each: the first upload loads the server's own modules, not the parser's.
    await upload(files[files.length - 1].file);
    for (const f of files) {
      const ours: number[] = [];
      const anchor: number[] = [];
      for (let i = 0; i < RUNS; i++) {
        ours.push(await upload(f.file));
        anchor.push(await pdftotext(f.file));
      }
      const ratio = median(ours) / median(anchor);
      console.log(
        `${f.pages} pages (${Math.round(fs.statSync(f.file).size / 1024)} KB): ours ${ms(median(ours))} ` +
          `(${ms(Math.min(...ours))}–${ms(Math.max(...ours))}), pdftotext ${ms(median(anchor))} ` +
          `(${ms(Math.min(...anchor))}–${ms(Math.max(...anchor))}), ratio ${ratio.toFixed(2)} (goal ≤ ${GOAL})`,
      );
      if (ratio > GOAL) missed = true;
    }
    const docx = path.join(dataDir, 't01.docx');
    fs.copyFileSync(new URL('../../apps/server/test/corpus/t01.docx', import.meta.url), docx);
    const alone: number[] = [];
    const busy: number[] = [];
    const crowd = small ? 6 : 30;
    const pdf = files[files.length - 1].file;
    for (let i = 0; i < (small ? 1 : 3); i++) {
      alone.push(await upload(docx, other.token));
      const flood = Array.from({ length: crowd }, () => upload(pdf));
      // Let the crowd reach the queue first.
      await new Promise((r) => setTimeout(r, 500));
      busy.push(await upload(docx, other.token));
      await Promise.all(flood);
    }
    const fair = median(busy) / median(alone);
    console.log(
      `fair parsing: ${Math.round(fs.statSync(docx).size / 1024)} KB .docx alone ${ms(median(alone))} ` +
        `(${ms(Math.min(...alone))}–${ms(Math.max(...alone))}), while another user has ${crowd} PDFs in flight ` +
        `${ms(median(busy))} (${ms(Math.min(...busy))}–${ms(Math.max(...busy))}), ratio ${fair.toFixed(2)} (goal ≤ 2)`,
    );
    if (fair > 2) missed = true;
  } finally {
    await built.app.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
  if (missed && !small) process.exitCode = 1;
}

await main();
