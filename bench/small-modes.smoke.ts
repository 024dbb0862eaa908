/**
 * Every benchmark's small mode (BENCH_SMALL=1), run by `npm test` so that none rots unnoticed:
 * each must finish and print its ratio. No goal is checked and nothing is timed here — the figures
 * of a small run on a shared machine mean nothing; the full runs and their figures are in
 * docs/BENCHMARKS.md. Vitest project `bench` (scripts/test.mjs adds it where LibreOffice, poppler,
 * pandoc and Chromium are installed, as in CI; wrk is optional: bench/api has a Node client).
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('..', import.meta.url));

/** Each folder under bench/ and how its small mode runs. */
const SMALL_MODES: Record<string, { entry: string; args?: string[] } | { coveredBy: string }> = {
  'ai-fulltext': { entry: 'bench/ai-fulltext/run.ts' },
  // Its goals are checked on every `npm test` already (unit project).
  analysis: { coveredBy: 'bench/analysis/analysis.test.ts' },
  api: { entry: 'bench/api/run.ts' },
  diagrams: { entry: 'bench/diagrams/run.ts' },
  diff: { entry: 'bench/diff/run.ts' },
  export: { entry: 'bench/export/run.ts' },
  'fulltext-scale': { entry: 'bench/fulltext-scale/run.ts' },
  knowledge: { entry: 'bench/knowledge/run.ts' },
  lighthouse: { entry: 'bench/lighthouse/run.ts' },
  load: { entry: 'bench/load/run.ts' },
  ocr: { entry: 'bench/ocr/run.ts' },
  pages: { entry: 'bench/pages/measure.ts' },
  parse: { entry: 'bench/parse/run.ts' },
  web: { entry: 'bench/web/size.ts', args: ['apps/web/dist'] },
};

describe('every benchmark has a small mode that runs', () => {
  it('lists every folder under bench/', () => {
    const dirs = fs
      .readdirSync(path.join(root, 'bench'), { withFileTypes: true })
      .filter((d) => d.isDirectory())
      .map((d) => d.name)
      .sort();
    expect(dirs).toEqual(Object.keys(SMALL_MODES).sort());
    for (const mode of Object.values(SMALL_MODES))
      expect(fs.existsSync(path.join(root, 'entry' in mode ? mode.entry : mode.coveredBy))).toBe(true);
  });

  for (const [name, mode] of Object.entries(SMALL_MODES)) {
    if (!('entry' in mode)) continue;
    it(`${name}: finishes and prints its ratio`, { timeout: 600_000 }, () => {
      const r = spawnSync(process.execPath, ['--import', 'tsx', mode.entry, ...(mode.args ?? [])], {
        cwd: root,
        env: { ...process.env, BENCH_SMALL: '1' },
        encoding: 'utf8',
        timeout: 590_000,
      });
      const out = `${r.stdout}\n${r.stderr}`;
      expect(r.status, out.slice(-3000)).toBe(0);
      expect(r.stdout).toMatch(/ratio/i);
    });
  }
});
