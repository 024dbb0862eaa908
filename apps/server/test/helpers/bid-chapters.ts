import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TestContext } from 'vitest';
import type { CatalogNode } from '@bid/shared';
import { pdfAvailable } from '../../src/modules/export/pdf.ts';
import { findByTitle, type Client } from '../catalog-helpers.ts';
import { write } from '../checks-helpers.ts';

/**
 * What the API tests of the PDF export share: LibreOffice present (or the test skipped), a bid with
 * chapters of chosen lengths written, and the PDF read back page by page.
 */

/** A test that converts through LibreOffice: skipped where it is not installed, but CI must have it. */
export async function requiresSoffice(ctx: TestContext) {
  if (await pdfAvailable()) return;
  // Where the product runs without LibreOffice the dialog says so; CI must have it.
  if (process.env.CI === 'true') throw new Error('soffice is not installed on CI');
  ctx.skip('soffice (LibreOffice) is not installed here');
}

/** Text with its spaces (and full-width ones) taken out, as pdftotext's layout spreads them. */
export const squash = (t: string) => t.replace(/[\s\u3000]+/g, '');

/** A paragraph of about 400 characters, repeated `n` times: `n` sets how many pages a chapter fills. */
export const chapterBody = (topic: string, n: number) =>
  Array.from(
    { length: n },
    (_, i) =>
      `${topic}第${i + 1}节：` +
      '本节说明实施范围、技术路线、人员安排与质量控制措施，逐项对应招标文件的要求并给出可核查的依据。'.repeat(
        9,
      ),
  ).join('\n');

/** Each page's text as pdftotext lays it out (-layout), one page at a time. */
export function pdfPageTexts(pdf: Buffer): string[] {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pdf-pages-'));
  try {
    const file = path.join(dir, 'bid.pdf');
    fs.writeFileSync(file, pdf);
    const count = Number(/Pages:\s+(\d+)/.exec(execFileSync('pdfinfo', [file], { encoding: 'utf8' }))![1]);
    // Page by page: one page's text cannot run into the next.
    return Array.from({ length: count }, (_, i) =>
      execFileSync(
        'pdftotext',
        ['-enc', 'UTF-8', '-layout', '-f', String(i + 1), '-l', String(i + 1), file, '-'],
        { encoding: 'utf8' },
      ),
    );
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

/** A bid on the standard template; on `tenderText`, when given, and analysed. Answers its id. */
export async function tenderBid(c: Client, name: string, tenderText?: string): Promise<string> {
  const { id } = await c.data<{ id: string }>('/bid/client/saveBid', {
    name,
    modelType: 'standard',
    pageCount: 10,
    tenderText,
  });
  if (tenderText !== undefined) await c.data('/ai/client/aiGetBidCatalog', { bidId: id });
  return id;
}

/** Writes each chapter of `chapters` (title → text, a paragraph a line) in the saved `tree`. */
export async function writeChapters(c: Client, tree: CatalogNode[], chapters: Record<string, string>) {
  for (const [title, text] of Object.entries(chapters)) await write(c, findByTitle(tree, title).id, text);
}

/** A bid (see tenderBid) outlined with `catalogs` and `chapters` written. Answers it and its tree. */
export async function bidWithChapters(
  c: Client,
  bid: { name: string; tenderText?: string },
  catalogs: unknown[],
  chapters: Record<string, string>,
) {
  const bidId = await tenderBid(c, bid.name, bid.tenderText);
  const tree = await c.data<CatalogNode[]>('/catalog/client/bidCatalogSave', { bidId, catalogs });
  await writeChapters(c, tree, chapters);
  return { bidId, tree };
}
