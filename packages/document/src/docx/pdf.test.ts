/**
 * Slow (about a minute): every built-in template's export of the three fixture bids goes through
 * LibreOffice to PDF, and the PDF text is checked. One soffice run per template converts all its
 * documents. Needs soffice and pdftotext (apt: libreoffice-writer-nogui poppler-utils); set
 * SKIP_LIBREOFFICE_TESTS=1 to leave them out on a machine without them.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { execFileSync, spawnSync } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { writeBidDocxDetailed, type WriteResult } from './writer.ts';
import { BUILTIN_TEMPLATES, type BuiltinTemplate } from '../templates/builtin.ts';
import { FIXTURE_BIDS, type FixtureBid } from './fixtures/index.ts';
import { ch, doc, table } from './fixtures/helpers.ts';
import type { PMNode } from '../model.ts';
import type { FlatChapter } from './types.ts';

const skip = process.env.SKIP_LIBREOFFICE_TESTS === '1';
const workDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bid-pdf-test-'));

interface Converted {
  template: BuiltinTemplate;
  fixture: FixtureBid;
  result: WriteResult;
  pdf: string;
}

/** One soffice process converts every file given, with a profile of its own (parallel runs lock a shared one). */
function toPdf(files: string[], outDir: string): void {
  const profile = `file://${path.join(os.tmpdir(), `lo-profile-${randomBytes(6).toString('hex')}`)}`;
  const run = spawnSync(
    'soffice',
    [`-env:UserInstallation=${profile}`, '--headless', '--convert-to', 'pdf', '--outdir', outDir, ...files],
    {
      encoding: 'utf8',
      timeout: 170_000,
    },
  );
  fs.rmSync(new URL(profile).pathname, { recursive: true, force: true });
  if (run.status !== 0) throw new Error(`soffice failed: ${run.stderr}`);
}

const squash = (s: string) => s.replace(/[\s\u3000-]+/g, '');

function pdfPages(pdf: string): string[] {
  return execFileSync('pdftotext', ['-enc', 'UTF-8', pdf, '-'], {
    encoding: 'utf8',
    maxBuffer: 256 * 1024 * 1024,
  })
    .split('\f')
    .slice(0, -1);
}

/** The body text of the PDF without the running header (first line) and the page-number footer (last line) of each page. */
function bodyLines(pages: string[], firstBodyPage: number, header: string): string[] {
  const out: string[] = [];
  for (const page of pages.slice(firstBodyPage)) {
    const lines = page
      .split('\n')
      .map((l) => l.trim())
      .filter(Boolean);
    if (header && lines.length && squash(lines[0]) === squash(header)) lines.shift();
    const last = lines[lines.length - 1] ?? '';
    if (/^第\s*\d+\s*页\s*共\s*\d+\s*页$/.test(last) || /^\d+\s*\/\s*\d+$/.test(last) || /^\d+$/.test(last))
      lines.pop();
    out.push(...lines);
  }
  return out;
}

/** Index of the page where the body starts: the first heading by itself on a page after the contents page. */
function firstBodyPage(pages: string[], firstHeading: string, tocTitle: string): number {
  const toc = pages.findIndex((p) => p.split('\n').some((l) => squash(l) === squash(tocTitle)));
  return pages.findIndex((p, i) => i > toc && p.split('\n').some((l) => squash(l) === squash(firstHeading)));
}

/** Expected text pieces of a chapter: each paragraph and each table cell. */
function expectedPieces(content: PMNode | null): string[] {
  const out: string[] = [];
  const text = (n: PMNode): string =>
    n.type === 'text'
      ? (n.text ?? '')
      : n.type === 'placeholder'
        ? `【待填写：${String(n.attrs?.label ?? '')}】`
        : (n.content ?? []).map(text).join('');
  const walk = (n: PMNode) => {
    if (n.type === 'paragraph' || n.type === 'heading') {
      const t = text(n);
      if (t.trim()) out.push(t);
      return;
    }
    (n.content ?? []).forEach(walk);
  };
  if (content) walk(content);
  return out;
}

const converted: Converted[] = [];

describe.skipIf(skip)('export → LibreOffice PDF', () => {
  beforeAll(async () => {
    for (const template of BUILTIN_TEMPLATES) {
      const dir = path.join(workDir, template.id);
      fs.mkdirSync(dir, { recursive: true });
      const files: string[] = [];
      for (const fixture of FIXTURE_BIDS) {
        const result = await writeBidDocxDetailed({ bid: fixture.bid, chapters: fixture.chapters, template });
        const file = path.join(dir, `${fixture.id}.docx`);
        fs.writeFileSync(file, result.buffer);
        files.push(file);
        converted.push({ template, fixture, result, pdf: path.join(dir, `${fixture.id}.pdf`) });
      }
      toPdf(files, dir);
    }
  }, 180_000);

  afterAll(() => {
    fs.rmSync(workDir, { recursive: true, force: true });
  });

  it('converts every template × fixture without error', () => {
    expect(converted).toHaveLength(BUILTIN_TEMPLATES.length * FIXTURE_BIDS.length);
    for (const c of converted) {
      expect(fs.existsSync(c.pdf), c.pdf).toBe(true);
      expect(fs.readFileSync(c.pdf).subarray(0, 5).toString()).toBe('%PDF-');
    }
  });

  it('shows every chapter title, numbered, in outline order, and every chapter text', () => {
    for (const c of converted) {
      const pages = pdfPages(c.pdf);
      const chapters: FlatChapter[] = c.result.chapters;
      const firstBody = firstBodyPage(pages, chapters[0].display, c.template.definition.toc.title);
      expect(firstBody, `${c.template.id}/${c.fixture.id}: first heading`).toBeGreaterThan(0);
      const header =
        c.template.definition.header.enabled && !c.template.definition.anonymous ? c.fixture.bid.name : '';
      const lines = bodyLines(pages, firstBody, header);
      let at = -1;
      for (const chapter of chapters) {
        const idx = lines.findIndex((l, i) => i > at && squash(l) === squash(chapter.display));
        expect(
          idx,
          `${c.template.id}/${c.fixture.id}: heading "${chapter.display}" after line ${at}`,
        ).toBeGreaterThan(at);
        at = idx;
      }
      const all = squash(lines.join(''));
      for (const chapter of chapters) {
        for (const piece of expectedPieces(chapter.content)) {
          expect(
            all.includes(squash(piece)),
            `${c.template.id}/${c.fixture.id}: "${piece.slice(0, 40)}"`,
          ).toBe(true);
        }
      }
    }
  });

  it('prints table-of-contents page numbers that match where the chapters start (±1)', () => {
    for (const c of converted) {
      const pages = pdfPages(c.pdf);
      const chapters = c.result.chapters;
      const firstBody = firstBodyPage(pages, chapters[0].display, c.template.definition.toc.title);
      expect(firstBody).toBeGreaterThan(1);
      const depth = c.template.definition.toc.depth;
      for (const chapter of chapters.filter((x) => x.level <= depth)) {
        const pageIdx = pages.findIndex(
          (p, i) => i >= firstBody && p.split('\n').some((l) => squash(l) === squash(chapter.display)),
        );
        const actual = pageIdx - firstBody + 1;
        const estimated = c.result.chapterPages[chapter.index];
        expect(
          Math.abs(actual - estimated),
          `${c.template.id}/${c.fixture.id}: ${chapter.display} estimated ${estimated}, printed on ${actual}`,
        ).toBeLessThanOrEqual(1);
      }
      // The TOC page prints the entries with their numbers.
      const tocText = squash(pages.slice(0, firstBody).join('\n'));
      for (const chapter of chapters.filter((x) => x.level <= depth))
        expect(tocText).toContain(squash(chapter.display));
    }
  });

  it('keeps the shape of merged cells (positions of the cell texts on the page)', () => {
    const c = converted.find((x) => x.template.id === 'gov-standard' && x.fixture.id === 'gov-it')!;
    const html = execFileSync('pdftotext', ['-bbox', '-enc', 'UTF-8', c.pdf, '-'], {
      encoding: 'utf8',
      maxBuffer: 64 * 1024 * 1024,
    });
    const words = [
      ...html.matchAll(
        /<word xMin="([\d.]+)" yMin="([\d.]+)" xMax="([\d.]+)" yMax="([\d.]+)">([^<]*)<\/word>/g,
      ),
    ].map((m) => ({
      x: Number(m[1]),
      y: (Number(m[2]) + Number(m[4])) / 2,
      text: m[5],
    }));
    const find = (t: string) => words.filter((w) => w.text === t);
    const [merged] = find('计算设备');
    const [row1] = find('通用计算服务器');
    const [row2] = find('GPU');
    expect(merged && row1 && row2).toBeTruthy();
    // Spans two rows: printed between them, in the first column.
    expect(merged.y).toBeGreaterThan(row1.y);
    expect(merged.y).toBeLessThan(row2.y);
    expect(merged.x).toBeLessThan(row1.x);
    // 合计 spans three columns: the next cell sits in the fourth column, under 40.
    const [total] = find('合计');
    const sixty = find('60').find((w) => Math.abs(w.y - total.y) < 3)!;
    const forty = find('40').find((w) => Math.abs(w.y - row1.y) < 3)!;
    expect(Math.abs(sixty.x - forty.x)).toBeLessThan(3);
    expect(total.x).toBeLessThan(row1.x);
  });

  it('exports a bid with emoji, control characters, a 2,000-row table and a 50,000-character chapter', async () => {
    const rows = [
      ['序号', '设备名称', '技术参数'],
      ...Array.from({ length: 2000 }, (_, i) => [String(i + 1), `服务器${i + 1}`, '双路 CPU、256 GB 内存']),
    ];
    const long = Array.from(
      { length: 50 },
      (_, i) => `第${i + 1}段：${'本项目严格按照招标文件要求组织实施，确保系统稳定运行。'.repeat(38)}`,
    ).join('\n\n');
    expect(long.replace(/\s/g, '').length).toBeGreaterThanOrEqual(50_000);
    const chapters = [
      ch('特殊字符🚀章节\u0001', doc('表情😀✅保留★与①，控制\u0007字符\u000b、孤立代理\udc00都被清理。')),
      ch('超长章节', doc(long)),
      ch('超大表格', doc(table(rows))),
    ];
    const result = await writeBidDocxDetailed({
      bid: { name: '压力测试🚀项目' },
      chapters,
      template: BUILTIN_TEMPLATES[0],
    });
    const dir = path.join(workDir, 'stress');
    fs.mkdirSync(dir, { recursive: true });
    const file = path.join(dir, 'stress.docx');
    fs.writeFileSync(file, result.buffer);
    toPdf([file], dir);
    const pages = pdfPages(path.join(dir, 'stress.pdf'));
    expect(pages.length).toBeGreaterThan(60);
    const text = squash(pages.join(''));
    expect(text).toContain(squash('第一章 特殊字符章节'));
    expect(text).toContain(squash('表情保留★与①，控制字符、孤立代理都被清理。'));
    expect(text).toContain('服务器2000');
    expect(text).toContain(squash('第50段：本项目'));
  }, 180_000);
});
