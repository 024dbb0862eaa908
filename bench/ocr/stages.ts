/**
 * Where the CPU time of one OCR page goes (issue 28): the stages of ocr/page.ts run one after the
 * other in this process, on scanned corpus pages made as bench/ocr/run.ts makes them.
 *
 *   node --import tsx bench/ocr/stages.ts
 */
import path from 'node:path';
import fs from 'node:fs';
import { openPdf } from '../../apps/server/src/files/pdf-runtime.mjs';
import { renderPage } from '../../apps/server/src/files/ocr/render.ts';
import { detectLines, loadModels, recogniseLines } from '../../apps/server/src/files/ocr/engine.ts';
import { estimateSkew, levels, rotate } from '../../apps/server/src/files/ocr/raster.ts';
import { findTables } from '../../apps/server/src/files/ocr/table.ts';
import { layoutText } from '../../apps/server/src/files/ocr/layout.ts';
import { pageText } from '../../apps/server/src/files/parse-core.ts';
import { accuracy } from './accuracy.ts';
import { imagePdf, scanImages } from '../../apps/server/test/helpers/scan-fixtures.ts';

const CORPUS = path.resolve(import.meta.dirname, '../../apps/server/test/corpus');
const pages = (process.env.PAGES ?? '1,2,3').split(',').map(Number);
const id = process.env.DOC ?? 't02';
const source = fs.readFileSync(path.join(CORPUS, `${id}.pdf`));
const truths: string[] = [];
{
  const d = await openPdf(new Uint8Array(source)).promise;
  for (const n of pages) {
    const page = await d.getPage(n);
    truths.push(pageText((await page.getTextContent()).items as Parameters<typeof pageText>[0]));
  }
  await d.destroy();
}
const images = await scanImages(source, {
  pages,
  dpi: 150,
  turnDeg: 0.5,
  noise: 40,
  seal: true,
});
const doc = await openPdf(new Uint8Array(imagePdf(images))).promise;
await loadModels();

const cpu = () => {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1e6;
};
const totals = new Map<string, number>();
async function stage<T>(name: string, f: () => T | Promise<T>): Promise<T> {
  const t0 = cpu();
  const r = await f();
  totals.set(name, (totals.get(name) ?? 0) + cpu() - t0);
  return r;
}
const texts: string[] = [];
// A first page warms the sessions (their first run allocates).
for (const warm of [true, false])
  for (let n = 1; n <= (warm ? 1 : images.length); n++) {
    if (warm) {
      const img = await renderPage(doc, n);
      await recogniseLines(img, await detectLines(img));
      continue;
    }
    const img = await stage('render', () => renderPage(doc, n));
    const skew = await stage('skew', () => estimateSkew(img));
    const up = await stage('rotate+levels', () => levels(Math.abs(skew) >= 0.1 ? rotate(img, skew) : img));
    const boxes = await stage('detect', () => detectLines(up));
    const lines = await stage('recognise', () => recogniseLines(up, boxes));
    const tables = await stage('tables', () => findTables(up));
    texts.push(await stage('layout', () => layoutText(lines, tables)));
  }
let sum = 0;
for (const [k, v] of totals) {
  sum += v;
  console.log(`${k.padEnd(14)} ${(v / images.length).toFixed(3)} CPU s/page`);
}
console.log(
  `${'total'.padEnd(14)} ${(sum / images.length).toFixed(3)} CPU s/page over ${images.length} pages`,
);
const acc = accuracy(truths, texts);
console.log(
  `accuracy ${(acc.accuracy * 100).toFixed(2)} % (order-free ${(acc.bag * 100).toFixed(2)} %) over ${acc.chars} characters`,
);
await doc.destroy();
