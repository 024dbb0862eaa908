/**
 * First-load JavaScript of the landing page, gzipped: what a browser fetches for `/` before a
 * signed-out visitor's first click — the entry with everything it imports statically (the island
 * included: it runs no React). The whole app loads on the visitor's first click and is not counted; a signed-in visitor's `/` is the whole app. Reads the built app (apps/web/dist, its Vite manifest and the .gz
 * files scripts/precompress.mjs wrote). Goal (issue 18): under 150 KB.
 *
 *   npm run build -w apps/web && node --import tsx bench/web/size.ts [dist]
 */
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { fileURLToPath } from 'node:url';

interface ManifestChunk {
  file: string;
  imports?: string[];
  dynamicImports?: string[];
  isEntry?: boolean;
  src?: string;
}

const GOAL_KB = 150;

/**
 * What `/` loads besides the entry before the first click. Nothing since 2026-11-24 08:40 UTC: the
 * island (src/landing/island.ts) is part of the entry and runs no React; until then the island
 * hydrated with React (src/landing/island.tsx and its static imports).
 */
export const LANDING_FIRST_LOAD: string[] = [];

export interface FirstLoad {
  files: Array<{ file: string; gzipBytes: number }>;
  totalGzipBytes: number;
}

export function firstLoadJs(dist: string, screens: string[]): FirstLoad {
  const manifest = JSON.parse(fs.readFileSync(path.join(dist, '.vite/manifest.json'), 'utf8')) as Record<
    string,
    ManifestChunk
  >;
  const seen = new Set<string>();
  const visit = (key: string) => {
    if (seen.has(key)) return;
    const chunk = manifest[key];
    if (!chunk) throw new Error(`not in the manifest: ${key}`);
    seen.add(key);
    for (const dep of chunk.imports ?? []) visit(dep);
  };
  visit('index.html');
  for (const s of screens) visit(s);
  const files = [...seen]
    .map((k) => manifest[k].file)
    .filter((f) => f.endsWith('.js'))
    .map((file) => {
      const full = path.join(dist, file);
      const gz = fs.existsSync(`${full}.gz`)
        ? fs.readFileSync(`${full}.gz`)
        : zlib.gzipSync(fs.readFileSync(full), { level: 9 });
      return { file, gzipBytes: gz.length };
    })
    .sort((a, b) => b.gzipBytes - a.gzipBytes);
  return { files, totalGzipBytes: files.reduce((n, f) => n + f.gzipBytes, 0) };
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const dist = path.resolve(process.argv[2] ?? 'apps/web/dist');
  const { files, totalGzipBytes } = firstLoadJs(dist, LANDING_FIRST_LOAD);
  for (const f of files) console.log(`${(f.gzipBytes / 1024).toFixed(1).padStart(7)} KB  ${f.file}`);
  const kb = totalGzipBytes / 1024;
  console.log(
    `landing page first-load JS: ${kb.toFixed(1)} KB gzipped (goal < ${GOAL_KB} KB, ratio ${(kb / GOAL_KB).toFixed(2)})`,
  );
  // BENCH_SMALL=1 (CI): the measurement only, no goal checked.
  if (kb >= GOAL_KB && !process.env.BENCH_SMALL) process.exitCode = 1;
}
