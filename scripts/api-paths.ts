/**
 * The web client names API paths only through the shared endpoint table (packages/shared
 * endpoints): a path written as a string in feature code escapes the contract test and the types.
 * scripts/api-paths.test.ts runs this over apps/web/src.
 */
import fs from 'node:fs';
import path from 'node:path';
import { endpoints } from '@bid/shared';
import { isTestFile, ROOT, sourceFiles } from './structure.ts';

/** Where paths may be written: the request layer itself. */
const ALLOWED_DIRS = ['apps/web/src/api/'];

/**
 * What an API path in code looks like: `/api/...`, a row's exact path, or a row's folder
 * (`/bid/client/...`, or a `.../client` folder itself as in `${C}/x`). Folders of one segment
 * (`/admin`) are page routes too, so those rows count by their exact path only.
 */
export function apiPathMatcher(paths: string[]): (literal: string) => boolean {
  const exact = new Set(paths);
  const folders = new Set<string>();
  for (const p of paths) {
    const dir = p.slice(0, p.lastIndexOf('/'));
    if (dir.split('/').filter(Boolean).length >= 2) folders.add(dir);
  }
  // A folder alone (`const C = '/blade-system/client'`) counts when it cannot be a page route:
  // pages never end in `/client`; `/admin/feedback` is both a console page and an API folder.
  const bareFolder = (dir: string) => dir.endsWith('/client');
  return (literal) => {
    const bare = literal.split(/[?#]/)[0];
    if (bare === '/api' || bare.startsWith('/api/') || exact.has(bare)) return true;
    for (const dir of folders)
      if (bare.startsWith(`${dir}/`) || (bare === dir && bareFolder(dir))) return true;
    return false;
  };
}

/** String and template literals that start with `/`, with their line numbers. */
export function pathLiterals(text: string): Array<{ line: number; literal: string }> {
  const out: Array<{ line: number; literal: string }> = [];
  const re = /(['"`])(\/[^'"`\s$]*)/g;
  for (const m of text.matchAll(re)) {
    out.push({ line: text.slice(0, m.index).split('\n').length, literal: m[2] });
  }
  return out;
}

/** Every API path written as a literal in the web app outside the request layer and tests. */
export function apiPathLiterals(files = sourceFiles()): string[] {
  const isApiPath = apiPathMatcher(Object.values(endpoints).map((e) => e.path));
  const found: string[] = [];
  for (const rel of files) {
    if (!rel.startsWith('apps/web/src/') || isTestFile(rel) || ALLOWED_DIRS.some((d) => rel.startsWith(d)))
      continue;
    const text = fs.readFileSync(path.join(ROOT, rel), 'utf8');
    for (const { line, literal } of pathLiterals(text))
      if (isApiPath(literal)) found.push(`${rel}:${line} ${literal}`);
  }
  return found;
}
