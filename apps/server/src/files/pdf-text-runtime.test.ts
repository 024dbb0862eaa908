import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { FILE_LIMITS } from '@bid/shared';
import { ParseRunner } from './parse.ts';
import { parseFileAt } from './parse-core.ts';

const corpus = fileURLToPath(new URL('../../test/corpus/', import.meta.url));
const runner = new ParseRunner({ timeoutMs: 120_000 });
afterAll(() => runner.close());

describe('the parse child reads text with the drawing work of pdf.js left out', () => {
  it('makes each of its changes to the installed pdf.js', () => {
    // Plain Node, as a parse child loads it: the text-only runtime, then what parse-core imports.
    const out = execFileSync(
      process.execPath,
      [
        '--input-type=module',
        '-e',
        `await import(${JSON.stringify(new URL('./pdf-text-runtime.mjs', import.meta.url).href)});
         const m = await import(${JSON.stringify(new URL('./pdf-runtime.mjs', import.meta.url).href)});
         console.log(JSON.stringify({ textOnly: m.textOnly, applied: m.textOnlyApplied, flat: m.textStateFlattened }));`,
      ],
      { encoding: 'utf8' },
    );
    expect(JSON.parse(out)).toEqual({ textOnly: true, applied: [0, 1, 2, 3], flat: true });
  });

  it('reads every corpus PDF exactly as the whole pdf.js does', { timeout: 600_000 }, async () => {
    const limits = {
      maxPages: FILE_LIMITS.maxPdfPages,
      maxUnpackedBytes: FILE_LIMITS.maxUnpackedBytes,
      maxEntries: FILE_LIMITS.maxZipEntries,
      maxTextChars: FILE_LIMITS.maxTextChars,
    };
    const pdfs = fs.readdirSync(corpus).filter((f) => f.endsWith('.pdf'));
    expect(pdfs.length).toBeGreaterThan(10);
    let fewPages = 0;
    for (const name of pdfs) {
      const file = corpus + name;
      // This process loads pdf-runtime.mjs as it is (nothing sets the text-only flag here).
      const whole = await parseFileAt(file, 'pdf', limits);
      // The child's own answer, before any OCR of its pages (parse() would go on to OCR them).
      const child = await runner['runChild'](file, 'pdf');
      expect({ name, ...child }).toEqual({ name, ...whole });
      fewPages += whole.ocr?.pages.length ?? 0;
    }
    // Pages with little text are read through the operator list too (does the page paint a picture).
    expect(fewPages).toBeGreaterThan(0);
  });
});
