/**
 * Builds the DOCX and PDF forms of the tender corpus (apps/server/test/corpus/tNN.txt) so the
 * analysis benchmark can read them the way an upload arrives:
 *   node --import tsx scripts/build-tender-corpus.ts
 * DOCX: each line a paragraph; a block of tab- or pipe-separated lines a real Word table (a wrapped
 * continuation line folds into its row, an empty first cell under a filled one is merged
 * vertically, trailing empty cells of a table's first row are merged horizontally); every page has
 * the tender title as header and "第 X 页 共 Y 页" as footer. PDF: LibreOffice converts the DOCX.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {
  AlignmentType,
  Document,
  Footer,
  Header,
  Packer,
  PageNumber,
  Paragraph,
  Table,
  TableCell,
  TableRow,
  TextRun,
  VerticalMergeType,
  WidthType,
} from 'docx';

const DIR = path.resolve(import.meta.dirname, '../apps/server/test/corpus');
const FONT = { ascii: 'SimSun', eastAsia: 'SimSun', hAnsi: 'SimSun' };

function cellsOf(line: string): string[] | null {
  const t = line.trim();
  if (t.startsWith('|') && t.endsWith('|'))
    return t
      .slice(1, -1)
      .split('|')
      .map((c) => c.trim());
  if (line.includes('\t')) return line.split('\t').map((c) => c.trim());
  return null;
}

const isRule = (cells: string[]) => cells.every((c) => /^:?-{3,}:?$/.test(c));

function para(text: string): Paragraph {
  return new Paragraph({ children: [new TextRun({ text, font: FONT, size: 21 })] });
}

/** Rows of a table block, wrapped continuation lines folded into the row above. */
function rowsOf(block: string[]): string[][] {
  const rows: string[][] = [];
  for (const line of block) {
    const cells = cellsOf(line);
    if (cells && isRule(cells)) continue;
    const width = rows[0]?.length ?? 0;
    if (cells && (cells.length >= width || !rows.length)) {
      rows.push(cells);
      continue;
    }
    // A continuation line (PDF-style wrap): first piece continues the factor name, last the criteria.
    const prev = rows[rows.length - 1];
    const pieces = cells ?? [line.trim()];
    const nameCol = prev.findIndex((c, i) => i > 0 && c && !/^\d+(\.\d+)?$/.test(c));
    if (pieces.length === 1 && pieces[0].length <= 10 && !/[，。；：]/.test(pieces[0]))
      prev[nameCol] += pieces[0];
    else if (pieces.length === 1) prev[prev.length - 1] += pieces[0];
    else {
      prev[nameCol] += pieces[0];
      prev[prev.length - 1] += pieces[pieces.length - 1];
    }
  }
  return rows;
}

function table(block: string[]): Table {
  const rows = rowsOf(block);
  const width = Math.max(...rows.map((r) => r.length));
  const out: TableRow[] = rows.map((r, ri) => {
    const cells: TableCell[] = [];
    let lastFilled = r.length - 1;
    while (ri === 0 && lastFilled > 0 && !r[lastFilled]) lastFilled -= 1;
    for (let ci = 0; ci < width; ci++) {
      if (ri === 0 && ci > lastFilled) break;
      const text = r[ci] ?? '';
      const span = ri === 0 && ci === lastFilled ? width - lastFilled : 1;
      let verticalMerge: (typeof VerticalMergeType)[keyof typeof VerticalMergeType] | undefined;
      if (ci === 0 && ri > 0) {
        const below = rows[ri + 1]?.[0];
        if (!text) verticalMerge = VerticalMergeType.CONTINUE;
        else if (below === '') verticalMerge = VerticalMergeType.RESTART;
      }
      cells.push(new TableCell({ children: [para(text)], columnSpan: span, verticalMerge }));
    }
    return new TableRow({ children: cells });
  });
  return new Table({ rows: out, width: { size: 100, type: WidthType.PERCENTAGE } });
}

function docOf(text: string): Document {
  const lines = text.replace(/\r\n?/g, '\n').split('\n');
  const title = lines.find((l) => l.trim())?.trim() ?? '';
  const children: Array<Paragraph | Table> = [];
  for (let i = 0; i < lines.length;) {
    if (cellsOf(lines[i])) {
      const block: string[] = [];
      // A table runs over tab/pipe lines and short wrapped lines between them.
      const wrapped = (l: string) =>
        l.trim().length <= 40 && !/^(\d|[（(]|第|[一二三四五六七八九十]+、|采购包|标段)/.test(l.trim());
      while (
        i < lines.length &&
        (cellsOf(lines[i]) || (block.length && wrapped(lines[i]) && cellsOf(lines[i + 1] ?? '')))
      )
        block.push(lines[i++]);
      children.push(table(block));
      continue;
    }
    children.push(para(lines[i++]));
  }
  return new Document({
    sections: [
      {
        headers: {
          default: new Header({
            children: [
              new Paragraph({
                alignment: AlignmentType.CENTER,
                children: [new TextRun({ text: title, font: FONT, size: 18 })],
              }),
            ],
          }),
        },
        footers: {
          default: new Footer({
            children: [
              new Paragraph({
                alignment: AlignmentType.CENTER,
                children: [
                  new TextRun({
                    children: ['第 ', PageNumber.CURRENT, ' 页 共 ', PageNumber.TOTAL_PAGES, ' 页'],
                    font: FONT,
                    size: 18,
                  }),
                ],
              }),
            ],
          }),
        },
        children,
      },
    ],
  });
}

async function main(): Promise<void> {
  const only = process.argv[2];
  const files = fs.readdirSync(DIR).filter((f) => /^t\d+\.txt$/.test(f) && (!only || f.startsWith(only)));
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'corpus-'));
  for (const f of files) {
    const base = f.replace(/\.txt$/, '');
    // A blind round's tender comes with the upload its author made; it is not rebuilt from its text.
    const gold = JSON.parse(fs.readFileSync(path.join(DIR, `${base}.gold.json`), 'utf8')) as {
      upload?: string;
    };
    if (gold.upload) continue;
    const docx = path.join(DIR, `${base}.docx`);
    fs.writeFileSync(docx, await Packer.toBuffer(docOf(fs.readFileSync(path.join(DIR, f), 'utf8'))));
    execFileSync(
      'soffice',
      [
        `-env:UserInstallation=file://${tmp}/profile`,
        '--headless',
        '--convert-to',
        'pdf',
        '--outdir',
        DIR,
        docx,
      ],
      { stdio: 'ignore' },
    );
    console.log(
      `${base}: docx ${fs.statSync(docx).size} B, pdf ${fs.statSync(path.join(DIR, `${base}.pdf`)).size} B`,
    );
  }
  fs.rmSync(tmp, { recursive: true, force: true });
}

await main();
