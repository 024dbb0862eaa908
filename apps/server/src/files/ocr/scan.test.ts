import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ParseRunner, type OcrProgress } from '../parse.ts';
import { openPdf } from '../pdf-runtime.mjs';
import { pageText } from '../parse-core.ts';
import { analyzeTenderByRules } from '../../ai/analysis/index.ts';
import { evaluate, rate, type Gold } from '../../../../../bench/analysis/evaluate.ts';
import { garbledPdf, pdfPages, scannedPdf } from '../../../test/helpers/scan-fixtures.ts';

/**
 * OCR end to end in the parse children: scanned and garbled copies of corpus tenders, made at test
 * time from their PDFs. Two or three pages each (the machine has two shared cores).
 */
const CORPUS = path.resolve(import.meta.dirname, '../../../test/corpus');
let dir: string;
const runner = new ParseRunner({ timeoutMs: 120_000 });

beforeAll(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ocr-test-'));
});
afterAll(async () => {
  await runner.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

async function textLayer(pdf: Buffer, pages: number[]): Promise<string> {
  const doc = await openPdf(new Uint8Array(pdf)).promise;
  const out: string[] = [];
  for (const n of pages) {
    const page = await doc.getPage(n);
    out.push(pageText((await page.getTextContent()).items as Parameters<typeof pageText>[0]));
  }
  await doc.destroy();
  return out.join('\n\n');
}

const recall = (text: string, id: string) => {
  const gold = JSON.parse(fs.readFileSync(path.join(CORPUS, `${id}.gold.json`), 'utf8')) as Gold;
  return rate(evaluate(analyzeTenderByRules(text), gold)['scoring.recall']);
};

describe('OCR of scanned and garbled PDFs', { timeout: 600_000 }, () => {
  it('reads a scanned tender (150 dpi, turned 0.5°, noise, red seal) to ≥ 90 % of the text layer’s scoring recall', async () => {
    // t04: the scoring table (two header levels, a category column merged across rows) on pages 1–2.
    const pages = [1, 2];
    const original = fs.readFileSync(path.join(CORPUS, 't04.pdf'));
    const scan = await scannedPdf(original, { pages, dpi: 150, turnDeg: 0.5, noise: 40, seal: true });
    const file = path.join(dir, 'scan.pdf');
    fs.writeFileSync(file, scan);
    const progress: OcrProgress[] = [];
    const parsed = await runner.parse(file, 'pdf', { onOcr: (p) => progress.push({ ...p }) });
    expect(parsed.ocrPages).toEqual([1, 2]);
    const scanned = [
      { page: 1, reason: 'scanned' },
      { page: 2, reason: 'scanned' },
    ];
    expect(parsed.ocrReasons).toEqual(scanned);
    expect(progress[0]).toEqual({ pages: [1, 2], reasons: scanned, done: 0, total: 2 });
    expect(progress.at(-1)).toEqual({ pages: [1, 2], reasons: scanned, done: 2, total: 2 });
    const base = recall(await textLayer(original, pages), 't04');
    expect(base).toBeGreaterThan(0.5);
    expect(recall(parsed.text, 't04')).toBeGreaterThanOrEqual(0.9 * base);
    // The ruled table arrives as Word's tables read: a row per line, its cells TAB-separated.
    expect(parsed.text).toMatch(/^2\t质量控制措施\t8\t措施针对性强/m);
  });

  it('detects a garbled text layer (fonts without a Unicode map) and reads those pages by OCR', async () => {
    const original = fs.readFileSync(path.join(CORPUS, 't02.pdf'));
    const file = path.join(dir, 'garbled.pdf');
    fs.writeFileSync(file, garbledPdf(pdfPages(original, [2, 3])));
    const parsed = await runner.parse(file, 'pdf');
    expect(parsed.ocrPages).toEqual([1, 2]);
    // Named as garbled, not as scans: the pages have text, just none that can be read.
    expect(parsed.ocrReasons).toEqual([
      { page: 1, reason: 'garbled' },
      { page: 2, reason: 'garbled' },
    ]);
    // Nothing of the garbage is left; the Chinese text is.
    expect(parsed.text).not.toMatch(/[ÏØ˙≈®]/);
    const truth = (await textLayer(original, [2, 3])).replace(/\s/g, '');
    const got = parsed.text.replace(/\s/g, '');
    expect(got.length).toBeGreaterThan(truth.length * 0.9);
    expect(recall(parsed.text, 't02')).toBeGreaterThanOrEqual(
      0.9 * recall(await textLayer(original, [2, 3]), 't02'),
    );
  });

  it('stops when the upload is cancelled', async () => {
    const original = fs.readFileSync(path.join(CORPUS, 't02.pdf'));
    const file = path.join(dir, 'cancel.pdf');
    fs.writeFileSync(file, garbledPdf(original));
    const ac = new AbortController();
    const progress: OcrProgress[] = [];
    const p = runner.parse(file, 'pdf', {
      signal: ac.signal,
      onOcr: (x) => {
        progress.push({ ...x });
        if (x.done === 1) ac.abort();
      },
    });
    await expect(p).rejects.toThrow();
    // It stopped well before the ninth page.
    expect(progress.at(-1)!.done).toBeLessThan(9);
  });
});
