/**
 * Test PDFs for bench/parse: a tender of about 400 pages and one of about 23, written as Word files
 * from the corpus texts (apps/server/test/corpus/tNN.txt: numbered headings, prose, scoring and
 * parameter tables) and converted by LibreOffice, so their fonts (CID, Identity-H, subset), tables
 * and page furniture are those of a real Word-made tender. Cached under the OS temp folder by size.
 *   node --import tsx bench/parse/generate.ts   (prints the paths and page counts)
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {
  AlignmentType,
  Document,
  Footer,
  Packer,
  PageNumber,
  Paragraph,
  Table,
  TableCell,
  TableRow,
  TextRun,
  WidthType,
} from 'docx';

const CORPUS = path.resolve(import.meta.dirname, '../../apps/server/test/corpus');
const FONT = { ascii: 'SimSun', eastAsia: 'SimSun', hAnsi: 'SimSun' };

const para = (text: string, size = 21) =>
  new Paragraph({ children: [new TextRun({ text, font: FONT, size })] });

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

function table(rows: string[][]): Table {
  const width = Math.max(...rows.map((r) => r.length));
  return new Table({
    width: { size: 100, type: WidthType.PERCENTAGE },
    rows: rows.map(
      (r) =>
        new TableRow({
          children: Array.from({ length: width }, (_, i) => new TableCell({ children: [para(r[i] ?? '')] })),
        }),
    ),
  });
}

/** Body of one corpus text: lines as paragraphs, tab/pipe blocks as tables. */
function bodyOf(text: string, prefix: string): Array<Paragraph | Table> {
  const out: Array<Paragraph | Table> = [];
  const lines = text.replace(/\r\n?/g, '\n').split('\n');
  for (let i = 0; i < lines.length;) {
    if (cellsOf(lines[i])) {
      const rows: string[][] = [];
      while (i < lines.length && cellsOf(lines[i])) {
        const cells = cellsOf(lines[i++])!;
        if (!cells.every((c) => /^:?-{3,}:?$/.test(c))) rows.push(cells);
      }
      if (rows.length) out.push(table(rows));
      continue;
    }
    const line = lines[i++];
    out.push(para(i === 1 ? `${prefix}${line}` : line));
  }
  return out;
}

/** A generated parameter table (goods tenders run to dozens of pages of these). */
function parameterTable(n: number): Table {
  const rows = [['序号', '参数名称', '技术要求', '是否★', '偏离说明']];
  for (let i = 1; i <= 24; i++)
    rows.push([
      String(i),
      `第${n}组设备参数${i}`,
      `额定功率不低于${100 + i * 5}W，工作温度-10℃～${40 + (i % 10)}℃，防护等级IP${54 + (i % 3)}，质保期${1 + (i % 5)}年`,
      i % 4 === 0 ? '★' : '',
      '投标人逐项填写',
    ]);
  return table(rows);
}

export interface BenchPdf {
  file: string;
  pages: number;
}

function pdfPages(file: string): number {
  const info = execFileSync('pdfinfo', [file], { encoding: 'utf8' });
  return Number(/Pages:\s+(\d+)/.exec(info)?.[1] ?? 0);
}

/** A PDF of about `targetPages` pages; built once and kept in the temp folder. */
export async function benchPdf(targetPages: number): Promise<BenchPdf> {
  const dir = path.join(os.tmpdir(), 'bench-parse');
  const file = path.join(dir, `tender-${targetPages}.pdf`);
  if (fs.existsSync(file)) return { file, pages: pdfPages(file) };
  fs.mkdirSync(dir, { recursive: true });
  const texts = fs
    .readdirSync(CORPUS)
    .filter((f) => /^t\d+\.txt$/.test(f))
    .sort()
    .map((f) => fs.readFileSync(path.join(CORPUS, f), 'utf8'));
  // A corpus text makes ~8 pages, a parameter table ~3.5. Repeat until the target.
  const children: Array<Paragraph | Table> = [];
  let estimate = 0;
  for (let k = 0; estimate < targetPages - 1; k++) {
    const text = texts[k % texts.length];
    const pages = text.length / 1070;
    // Near the end, parameter tables fill up to the target (a text would overshoot it).
    if (estimate + pages <= targetPages + 1) {
      children.push(...bodyOf(text, `第${k + 1}册 `));
      estimate += pages;
    }
    if ((k % 2 === 0 || estimate + pages > targetPages + 1) && estimate < targetPages - 1) {
      children.push(para(`附表${k}：技术参数表`), parameterTable(k));
      estimate += 3.5;
    }
  }
  const doc = new Document({
    sections: [
      {
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
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-parse-'));
  const docx = path.join(tmp, `tender-${targetPages}.docx`);
  fs.writeFileSync(docx, await Packer.toBuffer(doc));
  execFileSync(
    'soffice',
    [
      `-env:UserInstallation=file://${tmp}/profile`,
      '--headless',
      '--convert-to',
      'pdf',
      '--outdir',
      tmp,
      docx,
    ],
    { stdio: 'ignore' },
  );
  fs.renameSync(docx.replace(/\.docx$/, '.pdf'), file);
  fs.rmSync(tmp, { recursive: true, force: true });
  return { file, pages: pdfPages(file) };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  for (const n of [400, 23]) console.log(await benchPdf(n));
}
