/**
 * Benchmark: a generated bid of ~300,000 Chinese characters with 200 tables and 30 diagrams,
 * exported to .docx by our writer and, from the same content as Markdown, by pandoc
 * (`pandoc -f markdown -t docx`). Prints our time / pandoc's and our peak memory.
 * Goal: ratio ≤ 0.5, peak memory < 500 MB.
 * Run: node --import tsx bench/export/run.ts
 *
 * Diagrams are rendered to PNG once before timing and handed to both writers as pictures
 * (pandoc gets files, ours gets the bytes through diagramToPng), so the two convert the same input;
 * the render time is printed separately.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { spawnSync } from 'node:child_process';
import { writeBidDocxDetailed } from '../../packages/document/src/docx/writer.ts';
import { BUILTIN_TEMPLATES } from '../../packages/document/src/templates/builtin.ts';
import type { DiagramPng } from '../../packages/document/src/docx/types.ts';
import { generateBid } from './generate.ts';

/** BENCH_SMALL=1: a 20,000-character bid, no goal checked (CI: the benchmark still works). */
const SMALL = Boolean(process.env.BENCH_SMALL);
const GOAL_RATIO = 0.5;
const GOAL_MB = 500;

async function main() {
  const pandoc = spawnSync('pandoc', ['--version'], { encoding: 'utf8' });
  if (pandoc.status !== 0) {
    console.error('pandoc not found: apt-get install -y pandoc');
    process.exit(2);
  }
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-export-'));
  const bid = generateBid(SMALL ? { chars: 20_000, tables: 10, diagrams: 2 } : {});
  console.log(`input: ${bid.chars} CJK characters, ${bid.tables} tables, ${bid.diagrams.length} diagrams`);

  // Diagrams: rendered once, outside both timings.
  const pngs = new Map<unknown, DiagramPng>();
  let renderMs = 0;
  try {
    const { renderDiagramPng } = await import('../../packages/document/src/diagrams/png.ts');
    const t0 = performance.now();
    for (const [i, d] of bid.diagrams.entries()) {
      const r = await renderDiagramPng({ kind: String(d.attrs!.kind), model: d.attrs!.model });
      pngs.set(d.attrs!.model, {
        png: r.png,
        width: r.width,
        height: r.height,
        cssWidth: r.cssWidth,
        cssHeight: r.cssHeight,
      });
      fs.writeFileSync(path.join(dir, `diagram-${i + 1}.png`), r.png);
    }
    renderMs = performance.now() - t0;
  } catch (err) {
    console.log(`diagrams not rendered (${(err as Error).message}); both writers get captions only`);
  }
  fs.writeFileSync(path.join(dir, 'bid.md'), bid.markdown);

  const template = BUILTIN_TEMPLATES.find((t) => t.id === 'gov-standard')!;
  const rssBefore = process.memoryUsage().rss;
  let peak = rssBefore;
  const timer = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage().rss);
  }, 20);
  const t0 = performance.now();
  const result = await writeBidDocxDetailed({
    bid: { name: '基准测试投标文件', bidder: '某某科技有限公司' },
    chapters: bid.chapters,
    template,
    options: {
      diagramToPng: (d) => pngs.get(d.model) ?? null,
      onProgress: () => {
        peak = Math.max(peak, process.memoryUsage().rss);
      },
    },
  });
  const oursMs = performance.now() - t0;
  clearInterval(timer);
  peak = Math.max(peak, process.memoryUsage().rss, process.resourceUsage().maxRSS * 1024);
  fs.writeFileSync(path.join(dir, 'ours.docx'), result.buffer);

  const p0 = performance.now();
  const run = spawnSync(
    'pandoc',
    ['-f', 'markdown', '-t', 'docx', '-o', path.join(dir, 'pandoc.docx'), 'bid.md'],
    { cwd: dir, encoding: 'utf8' },
  );
  const pandocMs = performance.now() - p0;
  if (run.status !== 0) {
    console.error(run.stderr);
    process.exit(1);
  }

  const ratio = oursMs / pandocMs;
  const peakMb = peak / 1024 / 1024;
  console.log(
    `ours:   ${oursMs.toFixed(0)} ms, ${(result.buffer.length / 1024).toFixed(0)} KB, ~${result.estimatedPages} body pages`,
  );
  console.log(
    `pandoc: ${pandocMs.toFixed(0)} ms, ${(fs.statSync(path.join(dir, 'pandoc.docx')).size / 1024).toFixed(0)} KB`,
  );
  if (renderMs)
    console.log(
      `diagram rendering (not in either time): ${renderMs.toFixed(0)} ms for ${pngs.size} diagrams`,
    );
  console.log(`ratio ours/pandoc: ${ratio.toFixed(2)} (goal ≤ ${GOAL_RATIO})`);
  console.log(`peak memory (process RSS): ${peakMb.toFixed(0)} MB (goal < ${GOAL_MB} MB)`);
  fs.rmSync(dir, { recursive: true, force: true });
  if ((ratio > GOAL_RATIO || peakMb > GOAL_MB) && !SMALL) process.exitCode = 1;
}

await main();
