import { describe, expect, it } from 'vitest';
import {
  doubleCasts,
  importCircles,
  importGraph,
  importsOf,
  oversizedFiles,
  routeDeclarations,
  routesOutsideTable,
} from './structure.ts';

describe('structural rules', () => {
  it('finds a circle when there is one (the check can fail)', () => {
    const g = new Map([
      ['a.ts', ['b.ts']],
      ['b.ts', ['c.ts']],
      ['c.ts', ['a.ts']],
      ['d.ts', ['a.ts']],
    ]);
    expect(importCircles(g)).toEqual([['a.ts', 'b.ts', 'c.ts']]);
    expect(
      importCircles(
        new Map([
          ['a.ts', ['b.ts']],
          ['b.ts', []],
        ]),
      ),
    ).toEqual([]);
  });

  it('reads type-only and re-export imports', () => {
    const text =
      "import type { X } from './structure.ts';\nexport { y } from './structure.test.ts';\nimport z from 'zod';";
    expect(importsOf('scripts/a.ts', text)).toEqual(['scripts/structure.ts', 'scripts/structure.test.ts']);
  });

  it('no import circles in our code', () => {
    expect(importCircles(importGraph())).toEqual([]);
  });

  it('no source file over 500 lines outside generated data', () => {
    expect(oversizedFiles()).toEqual([]);
  });

  it('no `as unknown as` outside tests', () => {
    expect(doubleCasts()).toEqual([]);
  });

  it('finds a route path or schema written outside the endpoint table (the check can fail)', () => {
    const rel = 'apps/server/src/modules/x/routes.ts';
    expect(routeDeclarations(rel, "route(endpoints.saveBid, '新建', run);")).toEqual([]);
    expect(
      routeDeclarations(rel, "r.post('/api/x/y', { schema: { response: { 200: s } } }, h);"),
    ).toHaveLength(2);
    expect(routeDeclarations(rel, 'const P = `/api/x`;')).toHaveLength(1);
    expect(routeDeclarations(rel, 'scope.withTypeProvider<Z>().route({ url })')).toHaveLength(1);
    expect(routeDeclarations('apps/server/src/modules/x/routes.test.ts', "'/api/x'")).toEqual([]);
  });

  it('every route is declared from its endpoint row', () => {
    expect(routesOutsideTable()).toEqual([]);
  });
});
