import { describe, expect, it } from 'vitest';
import { doubleCasts, importCircles, importGraph, importsOf, oversizedFiles } from './structure.ts';

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
});
