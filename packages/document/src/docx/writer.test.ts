import { describe, expect, it } from 'vitest';
import { writeBidDocx, writeBidDocxDetailed, flattenChapters } from './writer.ts';
import { BUILTIN_TEMPLATES } from '../templates/builtin.ts';
import {
  NUMBERING_SCHEMES,
  chineseNumeral,
  formatHeadingNumber,
  stripOwnNumber,
} from '../templates/numbering.ts';
import { CN_FONT_SIZES, sizeToHalfPoints } from '../templates/sizes.ts';
import { parseTemplateDefinition, templateDefinitionSchema } from '../templates/schema.ts';
import { FIXTURE_BIDS } from './fixtures/index.ts';
import { docxFiles, docxParts, paragraphTexts, styledParagraphs } from './testing.ts';
import { ch, doc, table } from './fixtures/helpers.ts';
import type { ExportChapter } from './types.ts';
import type { PMNode } from '../model.ts';

const tpl = (id: string) => BUILTIN_TEMPLATES.find((t) => t.id === id)!;
const gov = FIXTURE_BIDS[0];
// 1×1 PNG.
const PNG_1PX =
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==';

describe('templates', () => {
  it('defines the full Chinese size table in one place', () => {
    expect(Object.keys(CN_FONT_SIZES)).toEqual([
      '初号',
      '小初',
      '一号',
      '小一',
      '二号',
      '小二',
      '三号',
      '小三',
      '四号',
      '小四',
      '五号',
      '小五',
      '六号',
      '小六',
      '七号',
      '八号',
    ]);
    expect(sizeToHalfPoints('小四')).toBe(24);
    expect(sizeToHalfPoints('五号')).toBe(21);
    expect(sizeToHalfPoints('初号')).toBe(84);
  });

  it('has four valid built-in templates, one of them anonymous', () => {
    expect(BUILTIN_TEMPLATES.map((t) => t.id)).toEqual([
      'gov-standard',
      'engineering',
      'business',
      'anonymous',
    ]);
    for (const t of BUILTIN_TEMPLATES)
      expect(templateDefinitionSchema.safeParse(t.definition).success).toBe(true);
    expect(tpl('gov-standard').definition.body.font).toMatchObject({ eastAsia: '宋体', size: '小四' });
    expect(tpl('gov-standard').definition.body.lineSpacing).toEqual({ rule: 'multiple', value: 1.5 });
    expect(tpl('engineering').definition.body.font.eastAsia).toBe('仿宋');
    expect(tpl('anonymous').definition.anonymous).toBe(true);
  });

  it('rejects a bad definition with a message naming the problem', () => {
    const bad = structuredClone(tpl('gov-standard').definition) as unknown as {
      body: { font: { size: string } };
    };
    bad.body.font.size = '特大号';
    const r = templateDefinitionSchema.safeParse(bad);
    expect(r.success).toBe(false);
    expect(JSON.stringify(r.error?.issues)).toContain('字号名称不正确');
    expect(() => parseTemplateDefinition({ version: 2 })).toThrow();
  });
});

describe('heading numbers', () => {
  it('writes Chinese numerals', () => {
    expect([1, 9, 10, 11, 19, 20, 21, 99, 100, 101, 110, 1005].map(chineseNumeral)).toEqual([
      '一',
      '九',
      '十',
      '十一',
      '十九',
      '二十',
      '二十一',
      '九十九',
      '一百',
      '一百零一',
      '一百一十',
      '一千零五',
    ]);
  });

  it('numbers both schemes to depth 4', () => {
    const path = [2, 2, 1, 1];
    expect(
      [1, 2, 3, 4].map((d) => formatHeadingNumber(NUMBERING_SCHEMES.chapterDecimal, path.slice(0, d))),
    ).toEqual(['第二章', '2.2', '2.2.1', '2.2.1.1']);
    expect(
      [1, 2, 3, 4].map((d) => formatHeadingNumber(NUMBERING_SCHEMES.chineseOutline, path.slice(0, d))),
    ).toEqual(['二、', '（二）', '1.', '（1）']);
    expect(formatHeadingNumber(NUMBERING_SCHEMES.chapterDecimal, [12, 3, 10])).toBe('12.3.10');
  });

  it('removes numbers titles already carry', () => {
    expect(
      [
        '第一章 投标函',
        '1.1 项目理解',
        '2.3.1 设备',
        '一、概述',
        '（二）范围',
        '(3) 其他',
        '3. 方案',
        '①要求',
        '5G 网络建设',
        '2025年计划',
        '第一章',
      ].map(stripOwnNumber),
    ).toEqual([
      '投标函',
      '项目理解',
      '设备',
      '概述',
      '范围',
      '其他',
      '方案',
      '要求',
      '5G 网络建设',
      '2025年计划',
      '第一章',
    ]);
  });

  it('flattens the outline with numbers and levels', () => {
    const flat = flattenChapters(gov.chapters, tpl('gov-standard').definition);
    expect(flat.map((c) => c.display).slice(0, 9)).toEqual([
      '第一章 投标函',
      '第二章 技术方案',
      '2.1 项目理解',
      '2.1.1 项目背景',
      '2.1.2 建设目标',
      '2.2 总体架构设计',
      '2.2.1 技术架构',
      '2.2.1.1 基础设施层',
      '2.2.1.2 平台服务层',
    ]);
    expect(Math.max(...flat.map((c) => c.level))).toBe(4);
  });
});

describe('writeBidDocx', () => {
  for (const t of BUILTIN_TEMPLATES) {
    it(`${t.id}: sets the template's fonts and sizes in document.xml and styles`, async () => {
      const buf = await writeBidDocx({ bid: gov.bid, chapters: gov.chapters, template: t });
      expect(buf.subarray(0, 2).toString()).toBe('PK');
      const parts = docxParts(buf);
      const xml = parts['word/document.xml'];
      const d = t.definition;
      expect(xml).toContain(`w:eastAsia="${d.body.font.eastAsia}"`);
      expect(xml).toContain(`<w:sz w:val="${sizeToHalfPoints(d.body.font.size)}"/>`);
      expect(xml).toContain(`w:eastAsia="${d.headings[0].font.eastAsia}"`);
      expect(xml).toContain(`<w:sz w:val="${sizeToHalfPoints(d.headings[0].font.size)}"/>`);
      // Word's heading styles, with outline levels (navigation pane and TOC), for all nine levels.
      for (let l = 1; l <= 9; l++)
        expect(parts['word/styles.xml']).toMatch(
          new RegExp(`w:styleId="Heading${l}"[\\s\\S]*?<w:outlineLvl w:val="${l - 1}"/>`),
        );
      expect(parts['word/styles.xml']).toMatch(/w:styleId="Normal"[\s\S]*?w:firstLineChars="200"/);
      // Paper and margins.
      expect(xml).toMatch(/<w:pgSz w:w="11906" w:h="16838"/);
      expect(xml).toContain(`w:left="${Math.round((d.page.marginsCm.left / 2.54) * 1440)}"`);
    });
  }

  it('numbers headings 第一章 / 1.1 / 1.1.1 / 1.1.1.1 with Heading1..4 styles', async () => {
    const parts = docxParts(
      await writeBidDocx({ bid: gov.bid, chapters: gov.chapters, template: tpl('gov-standard') }),
    );
    const xml = parts['word/document.xml'];
    expect(styledParagraphs(xml, 'Heading1')).toEqual([
      '第一章 投标函',
      '第二章 技术方案',
      '第三章 项目实施方案',
      '第四章 售后服务方案',
    ]);
    expect(styledParagraphs(xml, 'Heading2').slice(0, 3)).toEqual([
      '2.1 项目理解',
      '2.2 总体架构设计',
      '2.3 设备配置清单',
    ]);
    expect(styledParagraphs(xml, 'Heading3').slice(0, 3)).toEqual([
      '2.1.1 项目背景',
      '2.1.2 建设目标',
      '2.2.1 技术架构',
    ]);
    expect(styledParagraphs(xml, 'Heading4')).toEqual(['2.2.1.1 基础设施层', '2.2.1.2 平台服务层']);
  });

  it('numbers headings 一、/（一）/ 1. /（1） in the anonymous template', async () => {
    const xml = docxParts(
      await writeBidDocx({ bid: gov.bid, chapters: gov.chapters, template: tpl('anonymous') }),
    )['word/document.xml'];
    expect(styledParagraphs(xml, 'Heading1').slice(0, 2)).toEqual(['一、投标函', '二、技术方案']);
    expect(styledParagraphs(xml, 'Heading2').slice(0, 2)).toEqual(['（一）项目理解', '（二）总体架构设计']);
    expect(styledParagraphs(xml, 'Heading3').slice(0, 3)).toEqual([
      '1. 项目背景',
      '2. 建设目标',
      '1. 技术架构',
    ]);
    expect(styledParagraphs(xml, 'Heading4')).toEqual(['（1）基础设施层', '（2）平台服务层']);
  });

  it('writes a pageRef as a PAGEREF field to its chapter, with the estimated page as its result', async () => {
    const ref = (chapter: string): PMNode => ({
      type: 'paragraph',
      content: [
        { type: 'text', text: '见第 ' },
        { type: 'pageRef', attrs: { chapter, fallback: '见其他分册' } },
      ],
    });
    const long = Array.from(
      { length: 80 },
      (_, i) => `第${i + 1}段。${'正文内容用于占满页面。'.repeat(12)}`,
    ).join('\n\n');
    const r = await writeBidDocxDetailed({
      bid: gov.bid,
      chapters: [
        { title: '评分索引表', key: 'idx', content: { type: 'doc', content: [ref('b'), ref('missing')] } },
        { title: '技术方案', key: 'a', content: doc(long) },
        { title: '服务方案', key: 'b', content: doc('服务内容。') },
      ],
      template: tpl('gov-standard'),
    });
    const xml = docxParts(r.buffer)['word/document.xml'];
    // The field names the heading's bookmark; its cached result is the chapter's estimated page.
    expect(r.chapters[2].bookmark).toBe('_Toc_bid_3');
    expect(r.chapterPages[2]).toBeGreaterThan(2);
    const field = new RegExp(
      `<w:fldChar w:fldCharType="begin" w:dirty="true"/></w:r><w:r>[^]*?<w:instrText xml:space="preserve"> PAGEREF _Toc_bid_3 \\\\h </w:instrText>[^]*?<w:t>${r.chapterPages[2]}</w:t>`,
    );
    expect(xml).toMatch(field);
    expect(xml).not.toContain('\u2063');
    // A chapter the file does not hold (another volume): the fallback text, no field.
    const texts = paragraphTexts(xml);
    expect(texts).toContain(`见第 ${r.chapterPages[2]}`);
    expect(texts).toContain('见第 见其他分册');
    expect(xml.match(/PAGEREF _Toc_bid_/g)!.length).toBe(3 + 1);
  });

  it('writes the words around a pageRef with the number only: 第 N 页, or the fallback alone', async () => {
    const ref = (chapter: string): PMNode => ({
      type: 'paragraph',
      content: [
        { type: 'text', text: '见“服务方案”' },
        { type: 'pageRef', attrs: { chapter, fallback: '（见其他分册）', before: '第 ', after: ' 页' } },
      ],
    });
    const r = await writeBidDocxDetailed({
      bid: gov.bid,
      chapters: [
        { title: '偏离表', key: 'dev', content: { type: 'doc', content: [ref('b'), ref('missing')] } },
        { title: '服务方案', key: 'b', content: doc('服务内容。') },
      ],
      template: tpl('gov-standard'),
    });
    const xml = docxParts(r.buffer)['word/document.xml'];
    const texts = paragraphTexts(xml);
    expect(texts).toContain(`见“服务方案”第 ${r.chapterPages[1]} 页`);
    expect(texts).toContain('见“服务方案”（见其他分册）');
    expect(xml).toMatch(
      /第 <\/w:t><\/w:r><w:r>[^]*?<w:fldChar w:fldCharType="begin"[^]*? PAGEREF _Toc_bid_2 \\h /,
    );
  });

  it('writes a filled table of contents with links, page numbers and a dirty TOC field', async () => {
    const r = await writeBidDocxDetailed({
      bid: gov.bid,
      chapters: gov.chapters,
      template: tpl('gov-standard'),
    });
    const xml = docxParts(r.buffer)['word/document.xml'];
    expect(xml).toContain('<w:docPartGallery w:val="Table of Contents"/>');
    expect(xml).toContain('<w:fldChar w:fldCharType="begin" w:dirty="true"/>');
    expect(xml).toContain('TOC \\o "1-3" \\h \\z \\u');
    const toc1 = styledParagraphs(xml, 'TOC1');
    expect(toc1.map((t) => t.split('\t')[0])).toEqual([
      '第一章 投标函',
      '第二章 技术方案',
      '第三章 项目实施方案',
      '第四章 售后服务方案',
    ]);
    for (const t of toc1) expect(t).toMatch(/\t\d+$/);
    // Cover, contents and body are three sections (each starts a page; numbering restarts in the body).
    expect(xml.match(/<w:sectPr/g)).toHaveLength(3);
    expect(xml).toMatch(
      /<w:pgNumType w:start="1" w:fmt="upperRoman"\/>[\s\S]*<w:pgNumType w:start="1" w:fmt="decimal"\/>/,
    );
    // Depth 3: level-4 chapters are not listed.
    expect(xml).not.toMatch(/TOC4/);
    // Each entry links to the bookmark on its heading.
    expect(xml).toMatch(/<w:hyperlink w:anchor="_Toc_bid_1"[\s\S]*?PAGEREF _Toc_bid_1/);
    expect(
      /<w:bookmarkStart w:id="\d+" w:name="_Toc_bid_1"\/>[\s\S]*?第一章 投标函[\s\S]*?<w:bookmarkEnd/.test(
        xml,
      ),
    ).toBe(true);
    // Pages never go backwards.
    const pages = r.chapterPages;
    expect(pages.every((p, i) => i === 0 || p >= pages[i - 1])).toBe(true);
  });

  it('writes merged cells as gridSpan/vMerge and repeats header rows', async () => {
    const xml = docxParts(
      await writeBidDocx({ bid: gov.bid, chapters: gov.chapters, template: tpl('gov-standard') }),
    )['word/document.xml'];
    const tables = xml.match(/<w:tbl>[\s\S]*?<\/w:tbl>/g)!;
    const devices = tables.find((t) => t.includes('通用计算服务器'))!;
    const rows = devices.match(/<w:tr>[\s\S]*?<\/w:tr>|<w:tr [\s\S]*?<\/w:tr>/g)!;
    expect(rows).toHaveLength(7);
    expect(rows[0]).toContain('<w:tblHeader/>');
    // Short rows never break across a page (a name cut in two reads as two rows).
    for (const row of rows) expect(row).toContain('<w:cantSplit/>');
    // 计算设备 spans two rows: restart in row 1, continue in row 2 (a cell of its own, no text).
    expect(rows[1]).toMatch(/<w:vMerge w:val="restart"\/>[\s\S]*?计算设备/);
    expect(rows[2]).toMatch(/<w:vMerge\/>|<w:vMerge w:val="continue"\/>/);
    expect(paragraphTexts(rows[2])[0]).toBe('');
    // 合计 spans three columns.
    expect(rows[6]).toMatch(/<w:gridSpan w:val="3"\/>[\s\S]*?合计/);
    // Every row covers the same five grid columns.
    for (const row of rows) {
      const spans = [...row.matchAll(/<w:tc>([\s\S]*?)<\/w:tc>/g)].map((m) =>
        Number(/<w:gridSpan w:val="(\d+)"/.exec(m[1])?.[1] ?? 1),
      );
      expect(spans.reduce((a, b) => a + b, 0)).toBe(5);
    }
    // Two header rows of the schedule table both repeat.
    const schedule = tables.find((t) => t.includes('计划时间'))!;
    expect(schedule.match(/<w:tblHeader\/>/g)).toHaveLength(2);
  });

  it('highlights placeholders, writes lists with markers, keeps link targets', async () => {
    const xml = docxParts(
      await writeBidDocx({ bid: gov.bid, chapters: gov.chapters, template: tpl('gov-standard') }),
    )['word/document.xml'];
    expect(xml).toMatch(/<w:highlight w:val="yellow"\/>[\s\S]{0,200}【待填写：投标总报价（大写）】/);
    const texts = paragraphTexts(xml);
    expect(texts).toContain('●\t通过网络安全等级保护三级测评。');
    expect(texts).toContain('1.\t实施人员自检；');
  });

  it('anonymous: no header text, no bidder on the cover, no emphasis, no author', async () => {
    const buf = await writeBidDocx({ bid: gov.bid, chapters: gov.chapters, template: tpl('anonymous') });
    const parts = docxParts(buf);
    const all = Object.entries(parts)
      .filter(([n]) => n.startsWith('word/') || n.startsWith('docProps/'))
      .map(([, x]) => x)
      .join('');
    expect(all).not.toContain('华信智联');
    expect(all).not.toContain('盖单位章');
    for (const [name, xml] of Object.entries(parts))
      if (/word\/header\d*\.xml/.test(name)) expect(paragraphTexts(xml).join('')).toBe('');
    const bodyRuns = parts['word/document.xml']
      .match(/<w:r>[\s\S]*?<\/w:r>/g)!
      .filter((r) => r.includes('3200 核 vCPU'));
    expect(bodyRuns.length).toBeGreaterThan(0);
    for (const r of bodyRuns) expect(r).not.toContain('<w:b/>');
    expect(parts['docProps/core.xml']).not.toMatch(/<dc:creator>[^<]+<\/dc:creator>/);
    expect(parts['docProps/core.xml']).not.toContain('某市政务云');
  });

  it('puts the body page count (SECTIONPAGES, with the estimate as its result) in the footer', async () => {
    const r = await writeBidDocxDetailed({
      bid: gov.bid,
      chapters: gov.chapters,
      template: tpl('gov-standard'),
    });
    const parts = docxParts(r.buffer);
    const footers = Object.entries(parts)
      .filter(([n]) => /word\/footer\d*\.xml/.test(n))
      .map(([, x]) => x)
      .join('');
    expect(footers).toMatch(
      new RegExp(`SECTIONPAGES </w:instrText>[\\s\\S]*?<w:t>${r.estimatedPages}</w:t>`),
    );
    expect(footers).toContain(' PAGE </w:instrText>');
    expect(paragraphTexts(footers).join('|')).toContain(`第 1 页 共 ${r.estimatedPages} 页`);
  });

  it('embeds images with a numbered caption, and diagrams through diagramToPng or as a framed caption', async () => {
    const content = doc(
      '正文。',
      {
        type: 'image',
        attrs: { src: `data:image/png;base64,${PNG_1PX}`, alt: '示意', title: null, caption: '系统拓扑图' },
      },
      { type: 'diagram', attrs: { kind: 'flowchart', model: { nodes: [] }, caption: '实施流程图' } },
      { type: 'image', attrs: { src: 'https://example.com/missing.png', alt: '外部图片', title: null } },
    );
    const chapters = [ch('技术方案', content)];
    const without = docxParts(await writeBidDocx({ bid: gov.bid, chapters, template: tpl('gov-standard') }));
    const texts = paragraphTexts(without['word/document.xml']);
    expect(texts).toContain('图 1-1 系统拓扑图');
    expect(texts).toContain('【流程图】实施流程图');
    expect(texts).toContain('【图片：外部图片】');

    let asked: unknown = null;
    const buf = await writeBidDocx({
      bid: gov.bid,
      chapters,
      template: tpl('gov-standard'),
      options: {
        diagramToPng: (d) => {
          asked = d;
          return { png: Buffer.from(PNG_1PX, 'base64'), width: 1, height: 1, cssWidth: 600, cssHeight: 300 };
        },
        resolveImage: (src) => (src.endsWith('missing.png') ? Buffer.from(PNG_1PX, 'base64') : null),
      },
    });
    expect(asked).toMatchObject({ kind: 'flowchart', caption: '实施流程图' });
    const withDiagram = paragraphTexts(docxParts(buf)['word/document.xml']);
    expect(withDiagram).toContain('图 1-2 实施流程图');
    expect(withDiagram).toContain('图 1-3 外部图片');
    // Identical pictures are stored once; each is drawn where it stands.
    expect(docxFiles(buf).filter((f) => f.startsWith('word/media/')).length).toBeGreaterThanOrEqual(1);
    expect(docxParts(buf)['word/document.xml'].match(/<w:drawing>/g)).toHaveLength(3);
  });

  it(
    'cleans emoji, control characters and lone surrogates, and survives huge chapters and tables',
    { timeout: 60_000 },
    async () => {
      const bigRows = [
        ['序号', '名称', '说明'],
        ...Array.from({ length: 2000 }, (_, i) => [String(i + 1), `设备${i + 1}`, '符合招标要求']),
      ];
      const longText = '本项目严格按照招标文件要求组织实施，确保系统稳定运行。'.repeat(1900);
      expect(longText.length).toBeGreaterThanOrEqual(50_000);
      const chapters: ExportChapter[] = [
        ch(
          '特殊字符 🚀 章节\u0007',
          doc('表情😀✅符号保留★▲①，控制\u0001字符\u000b与孤立代理\ud800都会被清理。\n\n制表\t与换行保留。'),
        ),
        ch('超长章节', {
          type: 'doc',
          content: [{ type: 'paragraph', content: [{ type: 'text', text: longText }] }],
        }),
        ch('超大表格', doc(table(bigRows))),
        {
          title: '',
          content: {
            type: 'doc',
            content: [{ type: 'mystery', content: [{ type: 'text', text: '未知节点的文字' }] } as PMNode],
          },
        },
      ];
      const t0 = performance.now();
      const buf = await writeBidDocx({
        bid: { name: '测试🚀项目\u0000' },
        chapters,
        template: tpl('gov-standard'),
      });
      expect(performance.now() - t0).toBeLessThan(30_000);
      const xml = docxParts(buf)['word/document.xml'];
      // eslint-disable-next-line no-control-regex
      expect(xml).not.toMatch(/[\u0000-\u0008\u000b\u000c\u000e-\u001f]/);
      expect(xml).not.toMatch(/[\u{1F300}-\u{1FAFF}]|\u2705/u);
      expect(xml).not.toMatch(/[\ud800-\udbff](?![\udc00-\udfff])/);
      expect(xml).toContain('表情符号保留★▲①，控制字符与孤立代理都会被清理。');
      expect(xml).toContain('第一章 特殊字符 章节');
      expect(xml).toContain('第四章 （未命名章节）');
      expect(xml).toContain('未知节点的文字');
      expect(
        (xml.match(/<w:tr>/g) ?? []).length + (xml.match(/<w:tr /g) ?? []).length,
      ).toBeGreaterThanOrEqual(2001);
    },
  );

  it('reports progress per chapter', async () => {
    const seen: string[] = [];
    await writeBidDocx({
      bid: gov.bid,
      chapters: gov.chapters,
      template: tpl('business'),
      options: { onProgress: (p) => seen.push(`${p.stage}:${p.done}/${p.total}`) },
    });
    const total = flattenChapters(gov.chapters, tpl('business').definition).length;
    expect(seen[0]).toBe(`content:1/${total}`);
    expect(seen).toContain(`content:${total}/${total}`);
    expect(seen.at(-1)).toBe(`done:${total}/${total}`);
  });
});
