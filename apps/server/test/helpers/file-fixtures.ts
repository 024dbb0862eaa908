import zlib from 'node:zlib';
import { randomBytes } from 'node:crypto';
import {
  AlignmentType,
  Document,
  HeadingLevel,
  LevelFormat,
  Packer,
  Paragraph,
  Table,
  TableCell,
  TableRow,
} from 'docx';

/**
 * Builders of test files (generated at test time; no binaries in the repository): PDFs with
 * Chinese text through a predefined CJK CMap (which needs pdf.js's cMaps), encrypted and broken
 * PDFs, ZIP archives (DOCX and zip bombs).
 */

function utf16Hex(s: string): string {
  let out = '';
  for (const ch of s) {
    const cp = ch.codePointAt(0)!;
    if (cp > 0xffff) continue;
    out += cp.toString(16).padStart(4, '0');
  }
  return out.toUpperCase();
}

export interface PdfOptions {
  /** Adds a standard-security /Encrypt dictionary that the empty password does not open. */
  encrypted?: boolean;
  /** Bytes of padding in a comment stream (to make big files). */
  padBytes?: number;
}

/**
 * A PDF whose pages hold the given lines in STSong-Light (UniGB-UCS2-H, not embedded). A line
 * with tabs is written as pieces far apart on one line, like a table row.
 */
export function makePdf(pages: string[][], opts: PdfOptions = {}): Buffer {
  const objects: string[] = [];
  const add = (body: string) => {
    objects.push(body);
    return objects.length;
  };
  const catalog = add('');
  const pagesObj = add('');
  const font = add('');
  const cid = add(
    '<< /Type /Font /Subtype /CIDFontType0 /BaseFont /STSong-Light /CIDSystemInfo << /Registry (Adobe) /Ordering (GB1) /Supplement 2 >> /FontDescriptor 5 0 R /DW 1000 >>',
  );
  add(
    '<< /Type /FontDescriptor /FontName /STSong-Light /Flags 6 /FontBBox [0 -200 1000 900] /ItalicAngle 0 /Ascent 880 /Descent -120 /CapHeight 880 /StemV 93 >>',
  );
  objects[font - 1] =
    `<< /Type /Font /Subtype /Type0 /BaseFont /STSong-Light /Encoding /UniGB-UCS2-H /DescendantFonts [${cid} 0 R] >>`;
  const pageIds: number[] = [];
  for (const lines of pages) {
    let content = 'BT /F1 11 Tf\n';
    let y = 800;
    for (const line of lines) {
      const cells = line.split('\t');
      let x = 40;
      for (const cell of cells) {
        content += `1 0 0 1 ${x} ${y} Tm <${utf16Hex(cell)}> Tj\n`;
        x += Math.max(120, (cell.length + 4) * 11);
      }
      y -= 16;
    }
    content += 'ET';
    const stream = add(
      `<< /Length ${Buffer.byteLength(content, 'latin1')} >>\nstream\n${content}\nendstream`,
    );
    pageIds.push(
      add(
        `<< /Type /Page /Parent ${pagesObj} 0 R /MediaBox [0 0 595 842] /Resources << /Font << /F1 ${font} 0 R >> >> /Contents ${stream} 0 R >>`,
      ),
    );
  }
  objects[catalog - 1] = `<< /Type /Catalog /Pages ${pagesObj} 0 R >>`;
  objects[pagesObj - 1] =
    `<< /Type /Pages /Kids [${pageIds.map((p) => `${p} 0 R`).join(' ')}] /Count ${pageIds.length} >>`;
  let encryptRef = '';
  if (opts.encrypted) {
    const o = randomBytes(32).toString('hex');
    const u = randomBytes(32).toString('hex');
    const enc = add(`<< /Filter /Standard /V 1 /R 2 /Length 40 /O <${o}> /U <${u}> /P -44 >>`);
    encryptRef = ` /Encrypt ${enc} 0 R /ID [<${randomBytes(16).toString('hex')}> <${randomBytes(16).toString('hex')}>]`;
  }
  if (opts.padBytes) {
    const pad = 'A'.repeat(opts.padBytes);
    add(`<< /Length ${pad.length} >>\nstream\n${pad}\nendstream`);
  }
  let out = '%PDF-1.4\n%\xe2\xe3\xcf\xd3\n';
  const offsets: number[] = [];
  objects.forEach((body, i) => {
    offsets.push(Buffer.byteLength(out, 'latin1'));
    out += `${i + 1} 0 obj\n${body}\nendobj\n`;
  });
  const xref = Buffer.byteLength(out, 'latin1');
  out += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const off of offsets) out += `${String(off).padStart(10, '0')} 00000 n \n`;
  out += `trailer\n<< /Size ${objects.length + 1} /Root ${catalog} 0 R${encryptRef} >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(out, 'latin1');
}

/**
 * A PDF whose page content stream inflates to `inflated` bytes of zeros (a stream bomb): about
 * 1 MB on disk per GiB inflated (deflate with the RLE strategy, built as a stream).
 */
export async function makePdfStreamBomb(inflated: number): Promise<Buffer> {
  const d = zlib.createDeflate({ level: 9, strategy: zlib.constants.Z_RLE });
  const parts: Buffer[] = [];
  d.on('data', (c: Buffer) => parts.push(c));
  const done = new Promise<void>((resolve, reject) => {
    d.on('end', () => resolve());
    d.on('error', reject);
  });
  const chunk = Buffer.alloc(4 * 1024 * 1024);
  for (let left = inflated; left > 0; left -= chunk.length) {
    if (!d.write(left >= chunk.length ? chunk : chunk.subarray(0, left)))
      await new Promise((r) => d.once('drain', r));
  }
  d.end();
  await done;
  const data = Buffer.concat(parts);
  const head = Buffer.from(
    '%PDF-1.4\n1 0 obj\n<< /Type /Catalog /Pages 2 0 R >>\nendobj\n2 0 obj\n<< /Type /Pages /Kids [3 0 R] /Count 1 >>\nendobj\n' +
      '3 0 obj\n<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Contents 4 0 R >>\nendobj\n' +
      `4 0 obj\n<< /Length ${data.length} /Filter /FlateDecode >>\nstream\n`,
    'latin1',
  );
  const tail = Buffer.from('\nendstream\nendobj\ntrailer\n<< /Size 5 /Root 1 0 R >>\n%%EOF\n', 'latin1');
  return Buffer.concat([head, data, tail]);
}

/** "%PDF-" followed by garbage: the header says PDF, nothing else does. */
export function makeBrokenPdf(): Buffer {
  return Buffer.concat([Buffer.from('%PDF-1.7\n'), randomBytes(64 * 1024)]);
}

export interface ZipEntryInput {
  name: string;
  data?: Buffer;
  /** Declared uncompressed size to write (a lying header); default the real size. */
  declaredSize?: number;
  /** Precompressed deflate data with its real size and CRC (from deflateZeros). */
  deflated?: { data: Buffer; size: number; crc: number };
}

/** Deflates `n` zero bytes as a stream (a zip bomb's payload without holding it in memory). */
export async function deflateZeros(n: number): Promise<{ data: Buffer; size: number; crc: number }> {
  const d = zlib.createDeflateRaw({ level: 9 });
  const parts: Buffer[] = [];
  d.on('data', (c: Buffer) => parts.push(c));
  const done = new Promise<void>((resolve, reject) => {
    d.on('end', () => resolve());
    d.on('error', reject);
  });
  const chunk = Buffer.alloc(1024 * 1024);
  let crc = 0;
  let left = n;
  while (left > 0) {
    const piece = left >= chunk.length ? chunk : chunk.subarray(0, left);
    crc = zlib.crc32(piece, crc);
    left -= piece.length;
    if (!d.write(piece)) await new Promise((r) => d.once('drain', r));
  }
  d.end();
  await done;
  return { data: Buffer.concat(parts), size: n, crc };
}

/** A ZIP archive (deflate), built by hand so that tests can make malformed and hostile archives. */
export function makeZip(entries: ZipEntryInput[]): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  const time = 0;
  const date = ((2024 - 1980) << 9) | (1 << 5) | 1;
  for (const e of entries) {
    let crc: number;
    let size: number;
    let compressed: Buffer;
    if (e.deflated) {
      ({ crc, size, data: compressed } = e.deflated);
    } else {
      const data = e.data ?? Buffer.alloc(0);
      crc = zlib.crc32(data);
      size = data.length;
      compressed = zlib.deflateRawSync(data);
    }
    const declared = e.declaredSize ?? size;
    const name = Buffer.from(e.name, 'utf8');
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(0x0800, 6);
    local.writeUInt16LE(8, 8);
    local.writeUInt16LE(time, 10);
    local.writeUInt16LE(date, 12);
    local.writeUInt32LE(crc >>> 0, 14);
    local.writeUInt32LE(compressed.length, 18);
    local.writeUInt32LE(declared, 22);
    local.writeUInt16LE(name.length, 26);
    local.writeUInt16LE(0, 28);
    locals.push(local, name, compressed);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(0x0800, 8);
    central.writeUInt16LE(8, 10);
    central.writeUInt16LE(time, 12);
    central.writeUInt16LE(date, 14);
    central.writeUInt32LE(crc >>> 0, 16);
    central.writeUInt32LE(compressed.length, 20);
    central.writeUInt32LE(declared, 24);
    central.writeUInt16LE(name.length, 28);
    central.writeUInt32LE(offset, 42);
    centrals.push(central, name);
    offset += local.length + name.length + compressed.length;
  }
  const cd = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(cd.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, cd, end]);
}

const CT = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/></Types>`;
const RELS = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="word/document.xml"/></Relationships>`;

/** A DOCX whose word/document.xml inflates to `zeros` bytes, declared honestly or as 2 KB. */
export async function makeDocxBomb(zeros: number, lying: boolean): Promise<Buffer> {
  return makeZip([
    { name: '[Content_Types].xml', data: Buffer.from(CT) },
    { name: '_rels/.rels', data: Buffer.from(RELS) },
    {
      name: 'word/document.xml',
      deflated: await deflateZeros(zeros),
      declaredSize: lying ? 2048 : undefined,
    },
  ]);
}

/** A DOCX with many tiny entries (the entry-count guard). */
export function makeDocxManyEntries(n: number): Buffer {
  const entries: ZipEntryInput[] = [
    { name: '[Content_Types].xml', data: Buffer.from(CT) },
    { name: '_rels/.rels', data: Buffer.from(RELS) },
    { name: 'word/document.xml', data: Buffer.from('<w:document/>') },
  ];
  for (let i = 0; i < n; i++) entries.push({ name: `word/media/x${i}.bin`, data: Buffer.from('x') });
  return makeZip(entries);
}

/** A DOCX whose headings are numbered by Word (第一章 / 一、 / 2.1.1), with a scoring table. */
export async function numberedDocx(): Promise<Buffer> {
  const doc = new Document({
    numbering: {
      config: [
        {
          reference: 'heads',
          levels: [
            { level: 0, format: LevelFormat.CHINESE_COUNTING, text: '第%1章', alignment: AlignmentType.LEFT },
            { level: 1, format: LevelFormat.CHINESE_COUNTING, text: '%2、', alignment: AlignmentType.LEFT },
            {
              level: 2,
              format: LevelFormat.DECIMAL,
              text: '%1.%2.%3',
              alignment: AlignmentType.LEFT,
              isLegalNumberingStyle: true,
            },
          ],
        },
      ],
    },
    sections: [
      {
        children: [
          new Paragraph({
            text: '招标公告',
            heading: HeadingLevel.HEADING_1,
            numbering: { reference: 'heads', level: 0 },
          }),
          new Paragraph({ text: '项目名称：测试大楼维修工程' }),
          new Paragraph({
            text: '项目概况',
            heading: HeadingLevel.HEADING_2,
            numbering: { reference: 'heads', level: 1 },
          }),
          new Paragraph({
            text: '资格要求',
            heading: HeadingLevel.HEADING_2,
            numbering: { reference: 'heads', level: 1 },
          }),
          new Paragraph({
            text: '评标办法',
            heading: HeadingLevel.HEADING_1,
            numbering: { reference: 'heads', level: 0 },
          }),
          new Paragraph({
            text: '评分标准',
            heading: HeadingLevel.HEADING_2,
            numbering: { reference: 'heads', level: 1 },
          }),
          new Paragraph({
            text: '技术评分',
            heading: HeadingLevel.HEADING_3,
            numbering: { reference: 'heads', level: 2 },
          }),
          new Table({
            rows: [
              new TableRow({
                children: ['评分因素', '分值', '评分标准'].map(
                  (t) => new TableCell({ children: [new Paragraph(t)] }),
                ),
              }),
              new TableRow({
                children: ['施工方案', '10', '方案合理得 8-10 分'].map(
                  (t) => new TableCell({ children: [new Paragraph(t)] }),
                ),
              }),
            ],
          }),
        ],
      },
    ],
  });
  return Packer.toBuffer(doc);
}
