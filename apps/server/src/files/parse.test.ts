import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { randomBytes } from 'node:crypto';
import iconv from 'iconv-lite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FILE_MESSAGES } from '@bid/shared';
import { ParseRunner, FileParseError } from './parse.ts';
import { sniffKind, decodeText } from './sniff.ts';
import {
  makeBrokenPdf,
  makeDocxBomb,
  makeDocxManyEntries,
  makePdf,
  makePdfStreamBomb,
  numberedDocx,
} from '../../test/helpers/file-fixtures.ts';
import { chineseNumber } from './docx-numbering.ts';
import { pageText } from './parse-core.ts';

let dir: string;
const runner = new ParseRunner({
  timeoutMs: 20_000,
  limits: { maxUnpackedBytes: 50 * 1024 * 1024, maxEntries: 500, maxPages: 5 },
});

function write(name: string, buf: Buffer): string {
  const p = path.join(dir, name);
  fs.writeFileSync(p, buf);
  return p;
}

async function failure(p: Promise<unknown>): Promise<FileParseError> {
  const e = await p.then(
    () => null,
    (err) => err,
  );
  expect(e).toBeInstanceOf(FileParseError);
  return e as FileParseError;
}

beforeAll(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'parse-test-'));
});
afterAll(() => {
  fs.rmSync(dir, { recursive: true, force: true });
});

describe('sniffing and decoding', () => {
  it('recognises types by their bytes, not their names', () => {
    expect(sniffKind(Buffer.from('%PDF-1.7 ...'), 'a.txt')).toBe('pdf');
    expect(sniffKind(Buffer.from([0x50, 0x4b, 0x03, 0x04, 0]), 'a.docx')).toBe('docx');
    expect(sniffKind(Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]), 'a.doc')).toBe('doc');
    expect(sniffKind(randomBytes(4096), 'a.txt')).toBe('binary');
    expect(sniffKind(Buffer.from('招标文件'), 'a.txt')).toBe('txt');
  });

  it('reads UTF-8 and GBK text and refuses binary', () => {
    const s = '项目名称：某某工程，预算 100 万元。';
    expect(decodeText(Buffer.from(s, 'utf8'))!.text).toBe(s);
    expect(decodeText(Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(s)]))!.text).toBe(s);
    const gbk = decodeText(iconv.encode(s, 'gbk'))!;
    expect(gbk.encoding).toBe('gb18030');
    expect(gbk.text).toBe(s);
    expect(decodeText(randomBytes(2048))).toBeNull();
  });

  it('writes Chinese numbers the way Word does', () => {
    expect([1, 10, 11, 20, 23, 105].map(chineseNumber)).toEqual([
      '一',
      '十',
      '十一',
      '二十',
      '二十三',
      '一百零五',
    ]);
  });

  it('sets a figure apart from the Chinese text beside it as a cell of a table drawn without rules', () => {
    // 12-point glyphs on one line: serial, name, a range half a glyph after the name, the criteria
    // half a glyph after the range; and a line of prose with a typed space around a number.
    const at = (str: string, x: number, y: number) => ({
      str,
      transform: [12, 0, 0, 12, x, y],
      width: str.length * 12,
      height: 12,
    });
    const row = [
      at('2', 74, 700),
      at('档案整理与著录', 110, 700),
      at('0～6', 200, 700),
      at('著录规则具体的得5～6分', 242, 700),
    ];
    const serialRow = [at('1', 74, 680), at('谈判报价', 89, 680)];
    const prose = [at('满分', 74, 660), at('100', 101, 660), at('分。', 140, 660)];
    expect(pageText([...row, ...serialRow, ...prose]).split('\n')).toEqual([
      '2\t档案整理与著录\t0～6\t著录规则具体的得5～6分',
      '1谈判报价',
      '满分100分。',
    ]);
  });
});

describe('parsing in a child process', { timeout: 30_000 }, () => {
  it('reads Chinese text from a PDF through the CJK cMaps, table rows as tab-separated cells', async () => {
    const file = write(
      'a.pdf',
      makePdf([['项目名称：滨江数据平台', '评分因素\t分值\t评分标准'], ['第二页 内容']]),
    );
    const r = await runner.parse(file, 'pdf');
    expect(r.pages).toBe(2);
    expect(r.text).toContain('项目名称：滨江数据平台');
    expect(r.text).toContain('评分因素\t分值\t评分标准');
    expect(r.text).toContain('第二页');
  });

  it('refuses an encrypted PDF with a clear message', async () => {
    const e = await failure(runner.parse(write('enc.pdf', makePdf([['保密']], { encrypted: true })), 'pdf'));
    expect(e.message).toBe(FILE_MESSAGES.pdfEncrypted);
  });

  it('refuses a broken PDF with a clear message', async () => {
    const e = await failure(runner.parse(write('bad.pdf', makeBrokenPdf()), 'pdf'));
    expect([FILE_MESSAGES.pdfBroken, FILE_MESSAGES.pdfNoText]).toContain(e.message);
  });

  it('refuses a PDF over the page cap', async () => {
    const e = await failure(
      runner.parse(write('long.pdf', makePdf(Array.from({ length: 7 }, (_, i) => [`第 ${i} 页`]))), 'pdf'),
    );
    expect(e.message).toBe(FILE_MESSAGES.pdfTooManyPages(5));
  });

  it('reads a DOCX keeping heading numbers and outline levels', async () => {
    const r = await runner.parse(write('n.docx', await numberedDocx()), 'docx');
    expect(r.text).toContain('第一章 招标公告');
    expect(r.text).toContain('一、项目概况');
    expect(r.text).toContain('二、资格要求');
    expect(r.text).toContain('第二章 评标办法');
    // The level-2 counter restarts under a new chapter; the legal-style level is all decimal.
    expect(r.text).toContain('一、评分标准');
    expect(r.text).toContain('2.1.1 技术评分');
    expect(r.text).toContain('施工方案\t10\t方案合理得 8-10 分');
    expect(r.headings).toEqual([
      { level: 1, text: '第一章 招标公告' },
      { level: 2, text: '一、项目概况' },
      { level: 2, text: '二、资格要求' },
      { level: 1, text: '第二章 评标办法' },
      { level: 2, text: '一、评分标准' },
      { level: 3, text: '2.1.1 技术评分' },
    ]);
  });

  it('refuses a zip bomb by its declared size before unpacking', async () => {
    const e = await failure(
      runner.parse(write('bomb1.docx', await makeDocxBomb(80 * 1024 * 1024, false)), 'docx'),
    );
    expect(e.message).toBe(FILE_MESSAGES.docxBomb);
  });

  it('refuses a zip bomb that lies about its size while unpacking', async () => {
    const started = Date.now();
    const e = await failure(
      runner.parse(write('bomb2.docx', await makeDocxBomb(80 * 1024 * 1024, true)), 'docx'),
    );
    expect(e.message).toBe(FILE_MESSAGES.docxBomb);
    expect(Date.now() - started).toBeLessThan(10_000);
  });

  it('refuses a DOCX with too many entries', async () => {
    const e = await failure(runner.parse(write('many.docx', makeDocxManyEntries(600)), 'docx'));
    expect(e.message).toBe(FILE_MESSAGES.docxBomb);
  });

  it('reads a DOC (Word 97)', async () => {
    const file = fileURLToPath(new URL('../ai/fixtures/tender-sample.doc', import.meta.url));
    const r = await runner.parse(file, 'doc');
    expect(r.text).toContain('项目名称：测试学校食堂改造工程');
    expect(r.text).toContain('施工方案（10分）');
  });

  it('refuses a broken DOC and a binary TXT', async () => {
    const doc = Buffer.concat([
      Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]),
      randomBytes(4000),
    ]);
    expect((await failure(runner.parse(write('bad.doc', doc), 'doc'))).message).toBe(FILE_MESSAGES.docBroken);
    expect((await failure(runner.parse(write('bin.txt', randomBytes(5000)), 'txt'))).message).toBe(
      FILE_MESSAGES.binaryText,
    );
  });

  it('refuses a 1 MB PDF whose stream inflates to 1 GiB, and the server keeps no memory of it', async () => {
    const file = write('stream-bomb.pdf', await makePdfStreamBomb(1024 * 1024 * 1024));
    expect(fs.statSync(file).size).toBeLessThan(1.5 * 1024 * 1024);
    const before = process.memoryUsage().rss;
    // The default limits of the server (200 MB unpacked), not the test runner's smaller ones.
    const defaults = new ParseRunner();
    const e = await failure(defaults.parse(file, 'pdf')).finally(() => defaults.close());
    expect(e.message).toBe(FILE_MESSAGES.pdfBomb);
    // The inflating happened in a child that is gone: this process grew by far less than the bomb.
    expect(process.memoryUsage().rss - before).toBeLessThan(100 * 1024 * 1024);
  });

  it('terminates a parse that runs over its time limit', async () => {
    const slow = new ParseRunner({ timeoutMs: 50 });
    const file = write(
      'big.pdf',
      makePdf(
        Array.from({ length: 40 }, () => Array.from({ length: 40 }, () => '很长的一行文字用来拖慢解析速度')),
      ),
    );
    const e = await failure(slow.parse(file, 'pdf'));
    expect(e.message).toBe(FILE_MESSAGES.timeout);
  });
});
