import { expect } from 'vitest';
import { layoutCases } from './testing/layout-cases.ts';

/**
 * Layouts blind round r20 and the corpus's pasted-text misses brought (factor and sub-item weights,
 * part labels before or after their rows, OCR'd bar tables, bilingual cells, names centred above their
 * serial), each pinned by a tender written in its shape: fixtures/text-layouts.json.
 */
layoutCases('text-layouts', {
  // The merged category cells are unreadable pieces; the stated split (20 / 45 / 35) cuts the rows.
  'a 评标办法前附表 in -layout with two merged category levels and no serial: rows keyed by the points under 分值':
    (a) =>
      expect(a.scoringItems.map((i) => i.category)).toEqual([
        ...Array(4).fill('commercial'),
        ...Array(7).fill('technical'),
        'price',
      ]),
});
