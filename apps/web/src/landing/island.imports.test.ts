import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const SRC = path.resolve(import.meta.dirname, '..');
const ROOT = path.resolve(SRC, '../../..');

/**
 * Packages the entry must not load before the first click on an island page: they are what the whole
 * app brings (issue 18, first-load JS and main-thread time). React itself included: the island runs none.
 */
const HEAVY = [
  'react',
  'react-dom',
  'react-router',
  'antd',
  '@ant-design/icons',
  '@bid/shared',
  '@tanstack/react-query',
  'zod',
  'axios',
];

const STATEMENT_RE =
  /(?:^|\n)\s*(import|export)\s+([^'"`;]*?)\s*from\s*['"]([^'"]+)['"]|(?:^|\n)\s*import\s*['"]([^'"]+)['"]/g;

/** The modules a file loads at run time: type-only imports (`import type`, `{ type A }` alone) are erased by the build. */
function runtimeImports(text: string): string[] {
  const out: string[] = [];
  for (const m of text.matchAll(STATEMENT_RE)) {
    if (m[4]) {
      out.push(m[4]);
      continue;
    }
    const clause = m[2];
    if (/^type\s/.test(clause)) continue;
    const braces = /^\{([^}]*)\}$/.exec(clause.trim());
    if (braces && braces[1].split(',').every((s) => s.trim() === '' || /^type\s/.test(s.trim()))) continue;
    out.push(m[3]);
  }
  return out;
}

function resolveLocal(from: string, spec: string): string | null {
  let base: string;
  if (spec.startsWith('.')) base = path.resolve(path.dirname(from), spec);
  else if (spec.startsWith('@bid/shared/'))
    base = path.join(ROOT, 'packages/shared/src', spec.slice('@bid/shared/'.length));
  else return null;
  for (const cand of [base, `${base}.ts`, `${base}.tsx`])
    if (/\.tsx?$/.test(cand) && fs.existsSync(cand)) return cand;
  return null;
}

/** Every package and request-layer module the island's first load reaches through static imports. */
function heavyReached(entry: string): string[] {
  const seen = new Set<string>();
  const found = new Set<string>();
  const visit = (file: string, via: string[]) => {
    if (seen.has(file)) return;
    seen.add(file);
    const rel = path.relative(ROOT, file);
    if (rel === 'apps/web/src/api/request.ts') found.add(`request layer (${via.join(' → ')})`);
    for (const spec of runtimeImports(fs.readFileSync(file, 'utf8'))) {
      const local = resolveLocal(file, spec);
      if (local) visit(local, [...via, path.relative(SRC, local)]);
      else if (HEAVY.some((h) => spec === h || spec.startsWith(`${h}/`)))
        found.add(`${spec} (${via.join(' → ')})`);
    }
  };
  visit(entry, [path.relative(SRC, entry)]);
  return [...found];
}

describe('the island page stays light until the first click', () => {
  it('reads type-only imports as erased and value imports as loaded (the check can fail)', () => {
    expect(
      runtimeImports(
        "import type { A } from 'antd';\nimport { type B } from 'zod';\nimport { type C, D } from '@bid/shared';\nimport './x.css';\nexport { E } from './e.ts';",
      ),
    ).toEqual(['@bid/shared', './x.css', './e.ts']);
  });

  it('the entry and the island load neither React, antd, zod, the shared schemas, TanStack Query nor the request layer', () => {
    // main.tsx imports the island statically and the whole app only with import().
    expect(heavyReached(path.join(SRC, 'main.tsx'))).toEqual([]);
  });
});
