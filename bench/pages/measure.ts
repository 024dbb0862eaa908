/**
 * Measures the page model of every built-in template: exports synthetic bids through the real
 * Word writer, converts them with LibreOffice, counts the PDF pages and fits
 *
 *   pages = fixed + perPart × parts + perChapter × chapters + words / charsPerPage + perTableRow × rows
 *
 * (fixed: cover and contents; perPart: the page break before a level-1 chapter; perChapter: a
 * heading and its contents line). Writes the figures to apps/server/src/ai/pages/page-model.data.ts,
 * which the budgeter reads. Run: node --import tsx bench/pages/measure.ts  (needs soffice, pdfinfo)
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { execFileSync, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { markdownToDoc } from '../../packages/document/src/markdown.ts';
import { writeBidDocxDetailed } from '../../packages/document/src/docx/writer.ts';
import { BUILTIN_TEMPLATES } from '../../packages/document/src/templates/builtin.ts';
import type { ExportChapter } from '../../packages/document/src/docx/types.ts';
import { proseMarkdown } from '../../packages/document/src/testing/prose.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const out = path.join(root, 'apps/server/src/ai/pages/page-model.data.ts');

interface Shape {
  parts: number;
  perPart: number;
  words: number;
  tableRows: number;
}

/** A bid of `parts` level-1 chapters with `perPart` leaves each, `words` of prose spread evenly. */
function chapters(s: Shape, seed: number): ExportChapter[] {
  const leaves = s.parts * s.perPart;
  const each = Math.floor(s.words / Math.max(1, leaves));
  let n = 0;
  const leaf = (): ExportChapter => {
    n += 1;
    return { title: `实施方案第${n}节`, content: markdownToDoc(proseMarkdown(each, seed + n)) };
  };
  const out: ExportChapter[] = Array.from({ length: s.parts }, (_, p) => ({
    title: `第${p + 1}部分技术方案`,
    children: s.perPart > 1 || s.words ? Array.from({ length: s.perPart }, leaf) : [],
  }));
  if (s.tableRows) {
    const cell = (t: string, header = false) => ({
      type: header ? 'tableHeader' : 'tableCell',
      attrs: { colspan: 1, rowspan: 1, colwidth: null },
      content: [{ type: 'paragraph', content: [{ type: 'text', text: t }] }],
    });
    const rows = [['序号', '招标要求', '投标响应', '偏离情况', '说明'].map((t) => cell(t, true))];
    for (let i = 1; i <= s.tableRows; i++)
      rows.push(
        [
          String(i),
          '服务器数量不少于二十台，单台内存不低于二百五十六吉字节',
          '完全响应，满足要求',
          '无偏离',
          '【待填写：证明材料页码】',
        ].map((t) => cell(t)),
      );
    out[0].children!.push({
      title: '响应及偏离表',
      content: {
        type: 'doc',
        content: [{ type: 'table', content: rows.map((r) => ({ type: 'tableRow', content: r })) }],
      },
    });
  }
  return out;
}

function toPdf(files: string[], dir: string): void {
  const profile = path.join(os.tmpdir(), `lo-profile-${randomBytes(6).toString('hex')}`);
  const run = spawnSync(
    'soffice',
    [
      `-env:UserInstallation=file://${profile}`,
      '--headless',
      '--convert-to',
      'pdf',
      '--outdir',
      dir,
      ...files,
    ],
    { encoding: 'utf8', timeout: 600_000 },
  );
  fs.rmSync(profile, { recursive: true, force: true });
  if (run.status !== 0) throw new Error(`soffice failed: ${run.stderr}`);
}

const pagesOf = (pdf: string) =>
  Number(/Pages:\s+(\d+)/.exec(execFileSync('pdfinfo', [pdf], { encoding: 'utf8' }))![1]);

const SHAPES: Record<string, Shape> = {
  base: { parts: 1, perPart: 1, words: 40_000, tableRows: 0 },
  double: { parts: 1, perPart: 1, words: 100_000, tableRows: 0 },
  chapters: { parts: 1, perPart: 120, words: 40_000, tableRows: 0 },
  parts: { parts: 30, perPart: 4, words: 40_000, tableRows: 0 },
  table: { parts: 1, perPart: 1, words: 40_000, tableRows: 300 },
};

async function main() {
  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'page-model-'));
  const result: Record<
    string,
    {
      charsPerPage: number;
      fixedPages: number;
      perPart: number;
      perChapter: number;
      perTableRow: number;
      measured: Record<string, number>;
    }
  > = {};
  // BENCH_SMALL=1 (CI: the measurement still works): one template, nothing written.
  const small = Boolean(process.env.BENCH_SMALL);
  for (const t of small ? BUILTIN_TEMPLATES.slice(0, 1) : BUILTIN_TEMPLATES) {
    const dir = path.join(work, t.id);
    fs.mkdirSync(dir);
    const files: string[] = [];
    for (const [name, shape] of Object.entries(SHAPES)) {
      const r = await writeBidDocxDetailed({
        bid: { name: '某市政务云平台扩容项目' },
        chapters: chapters(shape, 7),
        template: t,
      });
      const file = path.join(dir, `${name}.docx`);
      fs.writeFileSync(file, r.buffer);
      files.push(file);
    }
    toPdf(files, dir);
    const p = Object.fromEntries(Object.keys(SHAPES).map((k) => [k, pagesOf(path.join(dir, `${k}.pdf`))]));
    const cpp = (SHAPES.double.words - SHAPES.base.words) / (p.double - p.base);
    const perChapter = (p.chapters - p.base) / (SHAPES.chapters.perPart - 1);
    const perPart = (p.parts - p.chapters) / (SHAPES.parts.parts - 1);
    const perTableRow = (p.table - p.base - perChapter) / SHAPES.table.tableRows;
    const fixedPages = p.base - SHAPES.base.words / cpp - perPart - perChapter;
    result[t.id] = {
      charsPerPage: Math.round(cpp),
      fixedPages: +fixedPages.toFixed(2),
      perPart: +perPart.toFixed(3),
      perChapter: +perChapter.toFixed(3),
      perTableRow: +perTableRow.toFixed(4),
      measured: p,
    };
    console.log(t.id, JSON.stringify(result[t.id]), `ratio chars/page vs 700: ${(cpp / 700).toFixed(2)}`);
  }
  if (small) {
    fs.rmSync(work, { recursive: true, force: true });
    return;
  }
  const version = execFileSync('soffice', ['--version'], { encoding: 'utf8' }).trim().split('\n')[0];
  const body = `/**
 * Page model per built-in template, measured by bench/pages/measure.ts (synthetic bids through the
 * Word writer, LibreOffice to PDF, pages counted). Generated: do not edit by hand; run the script.
 *   pages = fixedPages + perPart × level-1 chapters + perChapter × other chapters
 *         + words / charsPerPage + perTableRow × table rows
 */
export const MEASURED_WITH = ${JSON.stringify(version)};

export const PAGE_MODEL_DATA: Record<string, { charsPerPage: number; fixedPages: number; perPart: number; perChapter: number; perTableRow: number }> = ${JSON.stringify(
    Object.fromEntries(
      Object.entries(result).map(([k, v]) => [
        k,
        {
          charsPerPage: v.charsPerPage,
          fixedPages: v.fixedPages,
          perPart: v.perPart,
          perChapter: v.perChapter,
          perTableRow: v.perTableRow,
        },
      ]),
    ),
    null,
    2,
  )};
`;
  fs.mkdirSync(path.dirname(out), { recursive: true });
  fs.writeFileSync(out, body);
  fs.rmSync(work, { recursive: true, force: true });
  console.log(`written ${path.relative(root, out)}`);
}

await main();
