import { describe, expect, it } from 'vitest';
import { parsePdf } from './parse-core.ts';

/**
 * A ruled table in a PDF is read cell by cell (files/pdf-tables.ts): the PDF here is written by hand
 * (Helvetica, stroked rules) so every rule and every piece of text is where the test says.
 */

const LIMITS = { maxPages: 10, maxUnpackedBytes: 10_000_000, maxEntries: 100, maxTextChars: 100_000 };

function pdfOf(content: string): Buffer {
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>',
    `<< /Length ${Buffer.byteLength(content)} >>\nstream\n${content}\nendstream`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
  ];
  let out = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((o, i) => {
    offsets.push(Buffer.byteLength(out));
    out += `${i + 1} 0 obj\n${o}\nendobj\n`;
  });
  const xref = Buffer.byteLength(out);
  out += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const o of offsets) out += `${String(o).padStart(10, '0')} 00000 n \n`;
  out += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(out, 'latin1');
}

const line = (x0: number, y0: number, x1: number, y1: number) => `${x0} ${y0} m ${x1} ${y1} l S`;
const text = (x: number, y: number, s: string) => `BT /F1 9 Tf ${x} ${y} Td (${s}) Tj ET`;

/** Two rows of two cells (columns at 50, 200 and 400, rows 20 high) below a top rule at `top`. */
const table2x2 = (top: number, [a, b, c, d]: [string, string, string, string]) => [
  line(50, top, 400, top),
  line(50, top - 20, 400, top - 20),
  line(50, top - 40, 400, top - 40),
  ...[50, 200, 400].map((x) => line(x, top - 40, x, top)),
  text(55, top - 14, a),
  text(205, top - 14, b),
  text(55, top - 34, c),
  text(205, top - 34, d),
];

describe('ruled tables in a PDF', () => {
  it('reads rows as TAB cells: a wrapped cell joined, a merged cell empty below, two tables apart', async () => {
    const ops = [
      '0.5 w',
      // Table 1: four columns; the Cat cell is merged over rows 2 and 3, so the rule between them
      // stops at its sides.
      line(50, 700, 400, 700),
      line(50, 680, 400, 680),
      line(50, 640, 100, 640),
      line(250, 640, 400, 640),
      line(50, 620, 400, 620),
      line(50, 600, 400, 600),
      ...[50, 100, 250, 350, 400].map((x) => line(x, 600, x, 700)),
      text(55, 686, 'No'),
      text(105, 686, 'Cat'),
      text(255, 686, 'Factor'),
      text(355, 686, 'Pts'),
      text(55, 665, '1'),
      text(105, 665, 'Tech'),
      text(255, 665, 'Plan'),
      text(255, 650, 'Details'),
      text(355, 665, '10%'),
      text(55, 626, '2'),
      text(255, 626, 'Team'),
      text(355, 626, '5%'),
      text(55, 606, '3'),
      text(105, 606, 'Biz'),
      text(255, 606, 'Record'),
      text(355, 606, '5%'),
      // A paragraph, then a second table whose rules line up with the first's.
      text(50, 585, 'Note between tables'),
      ...table2x2(570, ['A', 'B', 'C', 'D']),
    ].join('\n');
    const r = await parsePdf(pdfOf(ops), LIMITS);
    expect(r.text.split('\n')).toEqual([
      'No\tCat\tFactor\tPts',
      '1\tTech\tPlan Details\t10%',
      '2\t\tTeam\t5%',
      '3\tBiz\tRecord\t5%',
      '',
      'Note between tables',
      'A\tB',
      'C\tD',
    ]);
  });

  it('keeps a caption between two tables when a page header’s rule runs wider than both', async () => {
    const ops = [
      '0.5 w',
      // The page header's underline, close above the tables and wider than they are.
      text(50, 760, 'Header'),
      line(50, 750, 480, 750),
      ...table2x2(730, ['A', 'B', 'C', 'D']),
      text(120, 672, 'Table 2 caption'),
      ...table2x2(660, ['E', 'F', 'G', 'H']),
    ].join('\n');
    const r = await parsePdf(pdfOf(ops), LIMITS);
    expect(r.text.split('\n').filter((l) => l.trim())).toEqual([
      'Header',
      'A\tB',
      'C\tD',
      'Table 2 caption',
      'E\tF',
      'G\tH',
    ]);
  });

  it('keeps the first row of a cell merged down from it, its left border drawn a row at a time', async () => {
    // As Chromium draws a table: each cell's border on its own, so the left border is one piece per
    // row; the Cat cell starts on the first data row and runs down three rows.
    const ops = [
      '0.5 w',
      line(50, 700, 400, 700),
      line(50, 680, 400, 680),
      ...[660, 640].flatMap((y) => [line(50, y, 100, y), line(250, y, 400, y)]),
      line(50, 620, 400, 620),
      ...[700, 680, 660, 640].map((y) => line(50, y, 50, y - 20)),
      ...[100, 250, 350, 400].map((x) => line(x, 620, x, 700)),
      text(55, 686, 'No'),
      text(105, 686, 'Cat'),
      text(255, 686, 'Factor'),
      text(355, 686, 'Pts'),
      text(55, 666, '1'),
      text(105, 646, 'Biz'),
      text(255, 666, 'Record'),
      text(355, 666, '3'),
      text(55, 646, '2'),
      text(255, 646, 'Team'),
      text(355, 646, '4'),
      text(55, 626, '3'),
      text(255, 626, 'Credit'),
      text(355, 626, '2'),
    ].join('\n');
    const rows = (await parsePdf(pdfOf(ops), LIMITS)).text.split('\n').filter((l) => l.trim());
    expect(rows).toEqual(['No\tCat\tFactor\tPts', '1\tBiz\tRecord\t3', '2\t\tTeam\t4', '3\t\tCredit\t2']);
  });

  it('leaves a page without rules as the text layer reads it', async () => {
    const ops = [text(50, 700, 'Price 30%'), text(200, 700, 'Tech 70%'), text(50, 680, 'Total 100%')].join(
      '\n',
    );
    const r = await parsePdf(pdfOf(ops), LIMITS);
    expect(r.text).toBe('Price 30%\tTech 70%\nTotal 100%');
  });
});
