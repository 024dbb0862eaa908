/**
 * OCR benchmark (issue 28): a 20-page scan made from corpus tenders (150 dpi, turned 0.5°, light
 * noise, a red seal) read by the parse runner's OCR children as an upload is. Prints seconds per
 * page (wall time of the whole file / pages, both children busy), the peak resident memory of the
 * OCR children, and character accuracy against each page's text layer; then the same pages through
 * Tesseract (Debian's tesseract-ocr-chi-sim) when it is installed.
 *
 *   node --import tsx bench/ocr/run.ts          (BENCH_SMALL=1: two pages)
 *
 * Accuracy is 1 − edit distance / length on each page with whitespace removed and full-width forms
 * folded (NFKC). Tables are read in a different order than the text layer lists their cells, which
 * edit distance counts as errors; the order-free character recall (multiset) is printed beside it.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ParseRunner } from '../../apps/server/src/files/parse.ts';
import { openPdf } from '../../apps/server/src/files/pdf-runtime.mjs';
import { pageText } from '../../apps/server/src/files/parse-core.ts';
import { imagePdf, scanImages } from '../../apps/server/test/helpers/scan-fixtures.ts';
import { accuracy } from './accuracy.ts';

const CORPUS = path.resolve(import.meta.dirname, '../../apps/server/test/corpus');
// BENCH_SMALL (run by `npm test` so the benchmark does not rot): two pages, no figure that counts.
const SOURCES: Array<[string, number[]]> = process.env.BENCH_SMALL
  ? [['t04', [1, 2]]]
  : [
      ['t02', [1, 2, 3, 4, 5, 6, 7, 8, 9]],
      ['t03', [1, 2, 3, 4, 5, 6, 7, 8, 9]],
      ['t04', [1, 2]],
    ];
/** Issue 28's goal: CPU seconds per page on this machine. */
const GOAL_CPU_S_PER_PAGE = 2;

/** Peak RSS (MB) of this process's children, polled while `work` runs. */
async function peakChildRss<T>(
  work: () => Promise<T>,
): Promise<{ result: T; peakMb: number; peakSumMb: number }> {
  let peakMb = 0;
  let peakSumMb = 0;
  const poll = () => {
    try {
      const out = execFileSync('ps', ['--ppid', String(process.pid), '-o', 'rss='], { encoding: 'utf8' });
      const rss = out
        .split('\n')
        .map((l) => Number(l.trim()) / 1024)
        .filter((v) => v > 0);
      peakMb = Math.max(peakMb, ...rss, 0);
      peakSumMb = Math.max(
        peakSumMb,
        rss.reduce((a, b) => a + b, 0),
      );
    } catch {
      /* no children right now */
    }
  };
  const timer = setInterval(poll, 250);
  try {
    const result = await work();
    return { result, peakMb, peakSumMb };
  } finally {
    clearInterval(timer);
  }
}

async function main(): Promise<void> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-ocr-'));
  const truths: string[] = [];
  const images: Awaited<ReturnType<typeof scanImages>> = [];
  for (const [id, pages] of SOURCES) {
    const pdf = fs.readFileSync(path.join(CORPUS, `${id}.pdf`));
    const doc = await openPdf(new Uint8Array(pdf)).promise;
    for (const n of pages) {
      const page = await doc.getPage(n);
      truths.push(pageText((await page.getTextContent()).items as Parameters<typeof pageText>[0]));
    }
    await doc.destroy();
    images.push(...(await scanImages(pdf, { pages, dpi: 150, turnDeg: 0.5, noise: 40, seal: true })));
  }
  const file = path.join(dir, 'scan.pdf');
  fs.writeFileSync(file, imagePdf(images));
  console.log(`scan: ${images.length} pages, ${(fs.statSync(file).size / 1e6).toFixed(1)} MB`);

  const runner = new ParseRunner({ timeoutMs: 300_000 });
  const started = performance.now();
  const { result, peakMb, peakSumMb } = await peakChildRss(() => runner.parse(file, 'pdf'));
  const seconds = (performance.now() - started) / 1000;
  // CPU seconds the children used (they stay alive, warm, until close): the cost of a page on an
  // idle machine, whatever else shared the cores during the run.
  const cpu = execFileSync('ps', ['--ppid', String(process.pid), '-o', 'times='], { encoding: 'utf8' })
    .split('\n')
    .map((l) => Number(l.trim()) || 0)
    .reduce((a, b) => a + b, 0);
  await runner.close();
  const pagesOut = result.text.split('\n\n');
  const ours = accuracy(truths, pagesOut.length === truths.length ? pagesOut : [result.text]);
  console.log(
    `ours (PP-OCRv4 mobile, onnxruntime-node CPU, 2 children × 1 thread): ${(seconds / images.length).toFixed(2)} s/page ` +
      `(${seconds.toFixed(1)} s for ${images.length}; ${(cpu / images.length).toFixed(2)} CPU s/page), peak RSS ${peakMb.toFixed(0)} MB per child ` +
      `(${peakSumMb.toFixed(0)} MB all children), accuracy ${(ours.accuracy * 100).toFixed(2)} % ` +
      `(order-free ${(ours.bag * 100).toFixed(2)} %) over ${ours.chars} characters` +
      (pagesOut.length === truths.length ? '' : ' (pages not separable: whole text compared)'),
  );
  console.log(
    `ratio to the goal (${GOAL_CPU_S_PER_PAGE} CPU s/page): ${(cpu / images.length / GOAL_CPU_S_PER_PAGE).toFixed(2)} (≤ 1 meets it)`,
  );

  let tesseract = '';
  try {
    tesseract = execFileSync('tesseract', ['--version'], { encoding: 'utf8' }).split('\n')[0];
  } catch {
    console.log('tesseract: not installed (apt-get install -y tesseract-ocr-chi-sim)');
  }
  if (tesseract) {
    const outs: string[] = [];
    const t0 = performance.now();
    images.forEach((im, i) => {
      const jpg = path.join(dir, `p${i}.jpg`);
      fs.writeFileSync(jpg, im.jpeg);
      // One page at a time, two threads (OpenMP), as Tesseract runs by default.
      outs.push(
        execFileSync('tesseract', [jpg, '-', '-l', 'chi_sim', '--dpi', '150'], {
          encoding: 'utf8',
          stdio: ['ignore', 'pipe', 'ignore'],
        }),
      );
    });
    const ts = (performance.now() - t0) / 1000;
    const acc = accuracy(truths, outs);
    console.log(
      `${tesseract} chi_sim: ${(ts / images.length).toFixed(2)} s/page, accuracy ${(acc.accuracy * 100).toFixed(2)} % ` +
        `(order-free ${(acc.bag * 100).toFixed(2)} %); ours takes ${(seconds / ts).toFixed(2)}× its time`,
    );
  }
  fs.rmSync(dir, { recursive: true, force: true });
}

await main();
