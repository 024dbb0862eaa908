/**
 * Structural rules of the code base, checked mechanically (scripts/structure.test.ts runs them):
 * no import circles, no source file over the size limit, no double cast through unknown outside tests,
 * routes only from the endpoint table, one data-access convention (queries in repos, see QUERY_ALLOWLIST).
 */
import fs from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

export const ROOT = path.resolve(import.meta.dirname, '..');
/** Where our TypeScript lives. */
export const SOURCE_ROOTS = [
  'apps/server/src',
  'apps/web/src',
  'packages/shared/src',
  'packages/document/src',
  'tests/e2e',
  'scripts',
  'bench',
];
export const MAX_LINES = 500;
/** Issue 27: the server's casts halved from 171; the count may only stay at or under this. */
export const MAX_SERVER_CASTS = 85;
/** Generated or data files exempt from the size limit (path prefixes, relative to the root). */
export const GENERATED = ['packages/document/src/fonts/', 'apps/web/src/pages/public/content.ts'];

const IGNORED_DIRS = new Set(['node_modules', 'dist', 'data', 'fixtures', '__snapshots__', 'corpus']);

export function isTestFile(rel: string): boolean {
  return (
    /\.test\.tsx?$/.test(rel) ||
    rel.startsWith('tests/') ||
    rel.includes('/test/') ||
    rel.includes('/testing/')
  );
}

/** Every .ts/.tsx file under the source roots, as paths relative to ROOT. */
export function sourceFiles(): string[] {
  const out: string[] = [];
  const walk = (dir: string) => {
    if (!fs.existsSync(dir)) return;
    for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
      if (e.isDirectory()) {
        if (!IGNORED_DIRS.has(e.name)) walk(path.join(dir, e.name));
      } else if (/\.tsx?$/.test(e.name) && !e.name.endsWith('.d.ts')) {
        out.push(path.relative(ROOT, path.join(dir, e.name)));
      }
    }
  };
  for (const r of SOURCE_ROOTS) walk(path.join(ROOT, r));
  return out.sort();
}

const IMPORT_RE =
  /(?:^|\n)\s*(?:import|export)\s[^'"`;]*?from\s*['"]([^'"]+)['"]|(?:^|\n)\s*import\s*['"]([^'"]+)['"]/g;

/** Relative imports of a file (type-only ones too: a circle of types is still a circle of modules). */
export function importsOf(rel: string, text = fs.readFileSync(path.join(ROOT, rel), 'utf8')): string[] {
  const out: string[] = [];
  for (const m of text.matchAll(IMPORT_RE)) {
    const spec = m[1] ?? m[2];
    if (!spec?.startsWith('.')) continue;
    const base = path.join(path.dirname(rel), spec);
    for (const cand of [
      base,
      `${base}.ts`,
      `${base}.tsx`,
      path.join(base, 'index.ts'),
      path.join(base, 'index.tsx'),
    ]) {
      if (/\.tsx?$/.test(cand) && fs.existsSync(path.join(ROOT, cand))) {
        out.push(path.normalize(cand));
        break;
      }
    }
  }
  return out;
}

/** Strongly connected components with more than one file (or a file importing itself): the circles. */
export function importCircles(graph: Map<string, string[]>): string[][] {
  let index = 0;
  const idx = new Map<string, number>();
  const low = new Map<string, number>();
  const onStack = new Set<string>();
  const stack: string[] = [];
  const circles: string[][] = [];
  const strong = (v: string) => {
    // Iterative Tarjan: deep import chains must not overflow the call stack.
    const work: Array<{ v: string; i: number }> = [{ v, i: 0 }];
    idx.set(v, index);
    low.set(v, index++);
    stack.push(v);
    onStack.add(v);
    while (work.length) {
      const top = work[work.length - 1];
      const next = graph.get(top.v) ?? [];
      if (top.i < next.length) {
        const w = next[top.i++];
        if (!idx.has(w)) {
          idx.set(w, index);
          low.set(w, index++);
          stack.push(w);
          onStack.add(w);
          work.push({ v: w, i: 0 });
        } else if (onStack.has(w)) {
          low.set(top.v, Math.min(low.get(top.v)!, idx.get(w)!));
        }
        continue;
      }
      work.pop();
      if (work.length)
        low.set(work[work.length - 1].v, Math.min(low.get(work[work.length - 1].v)!, low.get(top.v)!));
      if (low.get(top.v) === idx.get(top.v)) {
        const comp: string[] = [];
        let w: string;
        do {
          w = stack.pop()!;
          onStack.delete(w);
          comp.push(w);
        } while (w !== top.v);
        if (comp.length > 1 || (graph.get(top.v) ?? []).includes(top.v)) circles.push(comp.sort());
      }
    }
  };
  for (const v of graph.keys()) if (!idx.has(v)) strong(v);
  return circles;
}

export function importGraph(files = sourceFiles()): Map<string, string[]> {
  return new Map(files.map((f) => [f, importsOf(f)]));
}

export function oversizedFiles(files = sourceFiles()): Array<{ file: string; lines: number }> {
  return files
    .filter((f) => !GENERATED.some((g) => f.startsWith(g)))
    .map((file) => ({ file, lines: fs.readFileSync(path.join(ROOT, file), 'utf8').split('\n').length }))
    .filter((f) => f.lines > MAX_LINES);
}

export function doubleCasts(files = sourceFiles()): string[] {
  return files.filter(
    (f) =>
      !isTestFile(f) &&
      fs.readFileSync(path.join(ROOT, f), 'utf8').includes(['as', 'unknown', 'as'].join(' ')),
  );
}

/**
 * Routes are declared from the shared endpoint table (`route(endpoints.x, …)`): path and schemas are
 * written there once. Only the calls of other parties, whose paths and formats are not ours, are
 * registered by hand: OAuth's token answer, WeChat's server callback and WeChat Pay's notification.
 */
export const HAND_ROUTES: Record<string, string[]> = {
  'apps/server/src/modules/auth/routes.ts': ['/api/blade-auth/oauth/token'],
  'apps/server/src/modules/wechat/routes.ts': ['/api/wechat/callback'],
  'apps/server/src/modules/commerce/routes.ts': ['/api/order/wechat/notify'],
  // The OpenAPI description itself, hidden from it.
  'apps/server/src/app.ts': ['/api/docs'],
};

/** What in one server file declares a route's path or schema outside the endpoint table. */
export function routeDeclarations(rel: string, text: string): string[] {
  if (!rel.startsWith('apps/server/src/') || isTestFile(rel) || rel.startsWith('apps/server/src/http/'))
    return [];
  const allowed = HAND_ROUTES[rel] ?? [];
  const out: string[] = [];
  const paths = new Set<string>();
  for (const m of text.matchAll(/['"`](\/api\/[^'"`$]*)/g)) paths.add(m[1]);
  // A route registered by hand on any path, not only under /api (app.get('/healthz', …)).
  for (const m of text.matchAll(/\.(?:get|post|put|patch|delete|head|options|all)\(\s*['"`](\/[^'"`$]*)/g))
    paths.add(m[1]);
  for (const p of paths)
    if (!allowed.includes(p)) out.push(`${rel}: path ${p} written outside the endpoint table`);
  // A Fastify route schema: any of its parts, not only an answer's (`schema: { body: … }`).
  const schema =
    /\bwithTypeProvider\b|\.route\(\s*\{|\bresponse:\s*\{\s*200\b|\bschema:\s*\{[^}]*?\b(?:body|querystring|params|headers|response)\s*:/;
  if (!allowed.length && schema.test(text))
    out.push(`${rel}: a route schema written outside the endpoint table`);
  return out;
}

export function routesOutsideTable(files = sourceFiles()): string[] {
  return files.flatMap((f) => routeDeclarations(f, fs.readFileSync(path.join(ROOT, f), 'utf8')));
}

const SERVER = 'apps/server/src/';
const isServerCode = (rel: string) => rel.startsWith(SERVER) && !isTestFile(rel);

/**
 * Data access has one shape (db/db.ts): a migration is frozen, it imports nothing from the live
 * modules. That the handle types `Db` and `Tx` are written only there is handleTypeFindings' rule.
 */
export function dataAccessFindings(rel: string, text: string): string[] {
  if (!isServerCode(rel)) return [];
  const out: string[] = [];
  if (rel.startsWith(`${SERVER}db/migrations/`))
    for (const dep of migrationImports(rel, text))
      if (dep.startsWith(`${SERVER}modules/`)) out.push(`${rel}: a migration imports live code (${dep})`);
  return out;
}

/**
 * What a migration imports, static or dynamic (`await import('…')`), as paths relative to the root:
 * whether the file is there or not, a migration must not name live code.
 */
function migrationImports(rel: string, text: string): string[] {
  const out: string[] = [];
  for (const m of text.matchAll(/(?:\bfrom\s*|\bimport\s*\(\s*|\bimport\s+)['"`]([^'"`]+)['"`]/g))
    if (m[1].startsWith('.')) out.push(path.normalize(path.join(path.dirname(rel), m[1])));
  return out;
}

export function dataAccessOutsideConvention(files = sourceFiles()): string[] {
  return files.flatMap((f) => dataAccessFindings(f, fs.readFileSync(path.join(ROOT, f), 'utf8')));
}

/**
 * Files outside db/ that may still give Kysely's `Kysely` or `Transaction` a type argument, each
 * with the reason: none but this rule's own test, whose cases are such texts.
 */
export const HANDLE_TYPE_EXEMPT: Record<string, string> = {
  'scripts/structure.test.ts': "the rule's own cases: texts that must be found",
};

/**
 * Where one file types a database handle with Kysely's classes instead of `Db` or `Tx` (db/db.ts):
 * anywhere in our TypeScript but db/ (the dialects and migrations), tests and bench included, so a
 * handle is written one way and a function that needs a transaction says so with `Tx`.
 */
export function handleTypeFindings(rel: string, text: string): string[] {
  if (rel.startsWith(`${SERVER}db/`) || rel in HANDLE_TYPE_EXEMPT) return [];
  const out: string[] = [];
  text.split('\n').forEach((line, i) => {
    const m = /\b(Kysely|Transaction)</.exec(line);
    if (m) out.push(`${rel}:${i + 1}: ${m[1]}<…> (use Db or Tx from apps/server/src/db/db.ts)`);
  });
  return out;
}

export function handleTypesOutsideDb(files = sourceFiles()): string[] {
  return files.flatMap((f) => handleTypeFindings(f, fs.readFileSync(path.join(ROOT, f), 'utf8')));
}

/**
 * Files that still query the database outside a repo (issue 27: every query in a repo), each with
 * the reason it may. The list only shrinks: the test fails when a file not on it queries, and when a
 * file on it no longer does (take it off).
 */
export const QUERY_ALLOWLIST: Record<string, string> = {
  'apps/server/src/http/rate-limit.ts':
    'the SQL store of the RateLimiter interface: a repo in all but name, beside its memory store',
  'apps/server/src/jobs/sql-queue.ts':
    'the SQL implementation of the JobQueue interface: the queue is its own store',
};

const QUERY_CALL = /\.(selectFrom|insertInto|updateTable|deleteFrom)\(/;

/** Whether one server file calls the query builder where it should not: outside a repo (`*repo.ts`) and db/. */
export function queriesOutsideRepo(rel: string, text: string): boolean {
  if (!isServerCode(rel) || rel.startsWith(`${SERVER}db/`) || /repo\.ts$/.test(rel)) return false;
  return QUERY_CALL.test(text);
}

/** The server files that query the database outside a repo or migration, allowed or not. */
export function queryingFiles(files = sourceFiles()): string[] {
  return files.filter((f) => queriesOutsideRepo(f, fs.readFileSync(path.join(ROOT, f), 'utf8')));
}

/**
 * `x as T` casts in a text (not `as const`), and the older `<T>x` form so a cast cannot hide in it;
 * counted on the syntax tree: comments and strings do not count.
 */
export function castsIn(text: string, name = 'x.ts'): number {
  const file = ts.createSourceFile(name, text, ts.ScriptTarget.Latest, false);
  let n = 0;
  const visit = (node: ts.Node): void => {
    if (
      (ts.isAsExpression(node) || ts.isTypeAssertionExpression(node)) &&
      !(ts.isTypeReferenceNode(node.type) && node.type.getText(file) === 'const')
    )
      n++;
    ts.forEachChild(node, visit);
  };
  visit(file);
  return n;
}

/** The casts in the server's production code: each one a place the types do not say what the code knows. */
export function serverCastCount(files = sourceFiles()): number {
  return files
    .filter(isServerCode)
    .reduce((n, f) => n + castsIn(fs.readFileSync(path.join(ROOT, f), 'utf8'), f), 0);
}
