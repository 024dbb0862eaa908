import { layoutCases } from './testing/layout-cases.ts';

/**
 * Layouts blind round r20 and the corpus's pasted-text misses brought (factor and sub-item weights,
 * part labels before or after their rows, OCR'd bar tables, bilingual cells, names centred above their
 * serial), each pinned by a tender written in its shape: fixtures/text-layouts.json.
 */
layoutCases('text-layouts');
