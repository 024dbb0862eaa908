/**
 * A 400-page tender analysed offline, whole process: the PDF read by our extraction and the text
 * analysed by the rule readers, against `pdftotext` reading the same file (anchor). Median of 5
 * runs each, alternating; prints the spread and ours / pdftotext. Goal: under 5 s on this machine.
 *   node --import tsx bench/analysis/large.ts          (BENCH_SMALL=1: the 23-page tender, 1 run)
 * The PDF is bench/parse's generated tender (Word tables, fonts and page furniture of a real one).
 */
// The upload path reads PDFs in a parse child that loads pdf.js for text only (files/parse.ts):
// measured the same way.
import '../../apps/server/src/files/pdf-text-runtime.mjs';
import { execFileSync } from 'node:child_process';
import { performance } from 'node:perf_hooks';
import { analyzeTenderByRules } from '../../apps/server/src/ai/analysis/index.ts';
import { parseFileAt } from '../../apps/server/src/files/parse-core.ts';
import { benchPdf } from '../parse/generate.ts';

const small = process.env.BENCH_SMALL === '1';
const runs = small ? 1 : 5;
const pdf = await benchPdf(small ? 23 : 400);
const limits = {
  maxPages: 1000,
  maxUnpackedBytes: 200 * 1024 * 1024,
  maxEntries: 5000,
  maxTextChars: 5_000_000,
};
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const ms = (x: number) => `${Math.round(x)} ms`;

const read: number[] = [];
const analyse: number[] = [];
const whole: number[] = [];
const anchor: number[] = [];
let items = 0;
// One run first, not counted: pdf.js and its CMaps load once per process, as in the parse pool.
analyzeTenderByRules((await parseFileAt(pdf.file, 'pdf', limits)).text);
for (let i = 0; i < runs; i++) {
  const t0 = performance.now();
  const { text } = await parseFileAt(pdf.file, 'pdf', limits);
  const t1 = performance.now();
  const a = analyzeTenderByRules(text);
  const t2 = performance.now();
  items = a.scoringItems.length;
  read.push(t1 - t0);
  analyse.push(t2 - t1);
  whole.push(t2 - t0);
  const s = performance.now();
  execFileSync('pdftotext', [pdf.file, '-'], { maxBuffer: 1 << 28, stdio: ['ignore', 'ignore', 'ignore'] });
  anchor.push(performance.now() - s);
}
console.log(
  `${pdf.pages} pages: whole ${ms(median(whole))} (${ms(Math.min(...whole))}–${ms(Math.max(...whole))}; ` +
    `reading ${ms(median(read))}, analysis ${ms(median(analyse))}), pdftotext ${ms(median(anchor))}, ` +
    `ratio ${(median(whole) / median(anchor)).toFixed(2)}; ${items} scoring items; goal whole < 5000 ms: ` +
    `${median(whole) < 5000 ? 'met' : 'MISSED'}`,
);
