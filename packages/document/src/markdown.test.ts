import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { docToMarkdown, markdownToDoc } from './markdown.ts';
import { normalizeDoc } from './normalize.ts';
import { docText, type PMNode } from './model.ts';
import { editorSchema } from './testing/tiptap-schema.ts';

/** Loads the JSON into the editor's schema and runs ProseMirror's own content checks. */
function assertEditorValid(doc: PMNode): void {
  const node = editorSchema().nodeFromJSON(doc);
  node.check();
}

function find(doc: PMNode, type: string): PMNode[] {
  const out: PMNode[] = [];
  const walk = (n: PMNode) => {
    if (n.type === type) out.push(n);
    (n.content ?? []).forEach(walk);
  };
  walk(doc);
  return out;
}

const SAMPLE = `# 第一章 项目概述

本项目**注意：**内容很重要，~~删除~~，*斜体*，\`code\`，[链接](https://example.com)。
第二行紧跟着。

## 1.1 建设目标

- 项目一
  - 子项目 A
  - 子项目 B
- 项目二

3. 第三
4. 第四

> 引用文字

---

| 序号 | 名称 | 说明 |
| --- | :---: | --- |
| 1 | 服务器 | 两台<br>高配 |
| 2 | 交换机 \\| 核心 | 【待填写：型号】 |

![系统架构图](https://example.com/a.png "架构")

项目经理：【待填写：项目经理姓名】。
`;

describe('markdownToDoc', () => {
  const doc = markdownToDoc(SAMPLE);

  it('produces TipTap node names and attrs that load in the editor schema', () => {
    assertEditorValid(doc);
    expect(doc.content![0]).toEqual({
      type: 'heading',
      attrs: { level: 1 },
      content: [{ type: 'text', text: '第一章 项目概述' }],
    });
    expect(find(doc, 'heading').map((h) => h.attrs?.level)).toEqual([1, 2]);
  });

  it('reads marks, including bold that ends in CJK punctuation', () => {
    const p = doc.content![1];
    expect(p.content).toEqual([
      { type: 'text', text: '本项目' },
      { type: 'text', text: '注意：', marks: [{ type: 'bold' }] },
      { type: 'text', text: '内容很重要，' },
      { type: 'text', text: '删除', marks: [{ type: 'strike' }] },
      { type: 'text', text: '，' },
      { type: 'text', text: '斜体', marks: [{ type: 'italic' }] },
      { type: 'text', text: '，' },
      { type: 'text', text: 'code', marks: [{ type: 'code' }] },
      { type: 'text', text: '，' },
      {
        type: 'text',
        text: '链接',
        marks: [{ type: 'link', attrs: { href: 'https://example.com', target: '_blank' } }],
      },
      { type: 'text', text: '。' },
    ]);
    expect(markdownToDoc('**“引号”**文字').content![0].content![0]).toEqual({
      type: 'text',
      text: '“引号”',
      marks: [{ type: 'bold' }],
    });
    expect(markdownToDoc('前文**（一）**后文').content![0].content![1]).toEqual({
      type: 'text',
      text: '（一）',
      marks: [{ type: 'bold' }],
    });
  });

  it('starts a new paragraph at a single newline of prose', () => {
    expect(doc.content![2]).toEqual({
      type: 'paragraph',
      content: [{ type: 'text', text: '第二行紧跟着。' }],
    });
  });

  it('reads nested bullet lists and ordered lists with their start', () => {
    const bullet = find(doc, 'bulletList')[0];
    expect(bullet.content).toHaveLength(2);
    expect(bullet.content![0].content![1].type).toBe('bulletList');
    expect(docText(bullet.content![0].content![1]).replace(/\n+/g, '|')).toBe('子项目 A|子项目 B|');
    const ordered = find(doc, 'orderedList')[0];
    expect(ordered.attrs).toEqual({ start: 3 });
    expect(ordered.content).toHaveLength(2);
  });

  it('reads blockquote, rule, image and placeholders', () => {
    expect(find(doc, 'blockquote')).toHaveLength(1);
    expect(find(doc, 'horizontalRule')).toHaveLength(1);
    expect(find(doc, 'image')[0].attrs).toEqual({
      src: 'https://example.com/a.png',
      alt: '系统架构图',
      title: '架构',
    });
    expect(find(doc, 'placeholder').map((p) => p.attrs?.label)).toEqual(['型号', '项目经理姓名']);
  });

  it('reads GFM tables into header and body cells with paragraph content', () => {
    const table = find(doc, 'table')[0];
    expect(table.content).toHaveLength(3);
    expect(table.content![0].content!.map((c) => c.type)).toEqual([
      'tableHeader',
      'tableHeader',
      'tableHeader',
    ]);
    const cell = table.content![1].content![2];
    expect(cell).toEqual({
      type: 'tableCell',
      attrs: { colspan: 1, rowspan: 1, colwidth: null },
      content: [
        {
          type: 'paragraph',
          content: [{ type: 'text', text: '两台' }, { type: 'hardBreak' }, { type: 'text', text: '高配' }],
        },
      ],
    });
    expect(docText(table.content![2].content![1])).toBe('交换机 | 核心\n');
  });

  it('never passes HTML through: tags arrive as literal text', () => {
    const d = markdownToDoc(
      '正文<script>alert(1)</script>\n\n<div onclick="x()">块</div>\n\n<img src=x onerror=alert(1)>',
    );
    assertEditorValid(d);
    expect(docText(d)).toContain('<script>alert(1)</script>');
    expect(docText(d)).toContain('<div onclick="x()">块</div>');
    expect(JSON.stringify(d)).not.toMatch(/"type":"(html|image)"/);
    // javascript: links are not links.
    const l = markdownToDoc('[点我](javascript:alert(1))');
    expect(find(l, 'text').some((t) => t.marks?.some((m) => m.type === 'link'))).toBe(false);
  });

  it('reads an answer wrapped in ```markdown, and an unterminated plain fence, as Markdown', () => {
    const wrapped = markdownToDoc('```markdown\n## 标题\n\n正文\n```');
    expect(wrapped.content![0]).toMatchObject({ type: 'heading', attrs: { level: 2 } });
    const open = markdownToDoc('前言\n\n```\n## 二级\n\n- 条目');
    expect(open.content!.map((n) => n.type)).toEqual(['paragraph', 'heading', 'bulletList']);
    const code = markdownToDoc('```js\nconst a = 1;\n```');
    expect(code.content![0]).toEqual({
      type: 'codeBlock',
      attrs: { language: 'js' },
      content: [{ type: 'text', text: 'const a = 1;' }],
    });
    assertEditorValid(code);
  });

  it('lifts images out of paragraphs and headings to block level', () => {
    const d = markdownToDoc('前文![图](a.png)后文\n\n# 标题![x](b.png)');
    assertEditorValid(d);
    expect(d.content!.map((n) => n.type)).toEqual(['paragraph', 'image', 'paragraph', 'heading', 'image']);
  });

  it('drops control characters and lone surrogates', () => {
    const d = markdownToDoc('控制\u0001字符\u0000\ud800文本\u001f');
    expect(docText(d)).toBe('控制字符文本\n');
  });

  it('reads ```diagram fences as diagram nodes, invalid JSON as code', () => {
    const d = markdownToDoc('```diagram\n{"kind":"flowchart","caption":"流程","model":{"nodes":[]}}\n```');
    expect(d.content![0]).toEqual({
      type: 'diagram',
      attrs: { kind: 'flowchart', model: { nodes: [] }, caption: '流程' },
    });
    expect(markdownToDoc('```diagram\n{oops\n```').content![0].type).toBe('codeBlock');
  });

  // Generous bounds: the machine is shared; quadratic behaviour would take minutes, not seconds.
  it('handles very long input in linear time', { timeout: 90_000 }, () => {
    const para = '这是一段很长的投标文件正文，包含**加粗**和*强调*以及【待填写：数值】。'.repeat(20);
    const big = Array.from({ length: 2000 }, (_, i) => (i % 50 === 0 ? `## 第${i}节\n\n${para}` : para)).join(
      '\n\n',
    );
    expect(big.length).toBeGreaterThan(1_000_000);
    const t0 = performance.now();
    const d = markdownToDoc(big);
    expect(performance.now() - t0).toBeLessThan(30_000);
    expect(find(d, 'placeholder')).toHaveLength(2000 * 20);
    // Pathological nesting and delimiter runs stay bounded too.
    const t1 = performance.now();
    markdownToDoc('>'.repeat(50_000) + ' x');
    markdownToDoc('*'.repeat(100_000) + '['.repeat(50_000) + '`'.repeat(50_000));
    markdownToDoc('- '.repeat(5_000) + 'x');
    expect(performance.now() - t1).toBeLessThan(30_000);
  });

  it('loads in the editor schema for any string (fuzz)', () => {
    const alphabet = fc.constantFrom(
      ...'#*_~`[]()!|<>-+=1. \n\t\\中文【待填写：】：“”'.split(''),
      '```',
      '| --- |',
      '\n\n',
      '![a](b)',
      '<br>',
    );
    fc.assert(
      fc.property(fc.array(alphabet, { maxLength: 120 }), (parts) => {
        assertEditorValid(markdownToDoc(parts.join('')));
      }),
      { numRuns: 400 },
    );
  });
});

describe('docToMarkdown', () => {
  it('round-trips the sample document', () => {
    const doc = markdownToDoc(SAMPLE);
    const md = docToMarkdown(doc);
    expect(markdownToDoc(md)).toEqual(doc);
    expect(md).toContain('| 2 | 交换机 \\| 核心 | 【待填写：型号】 |');
    expect(md).toContain('# 第一章 项目概述');
    expect(md).toContain('**注意：**内容');
  });

  it('keeps text that looks like a tag as text (<ba:>, </x>, <https://…>)', () => {
    for (const text of ['<ba:>#', '见</x>附件', '<https://example.com/a>', '<!-- 注 -->', 'a<b 且 c>d']) {
      const doc: PMNode = {
        type: 'doc',
        content: [{ type: 'paragraph', content: [{ type: 'text', text }] }],
      };
      expect(docText(markdownToDoc(docToMarkdown(doc))).trim()).toBe(text);
    }
  });

  it('keeps literal Markdown characters in prose as text (fuzz)', () => {
    const chars = fc.constantFrom(
      ...'#*_~`[]()!|<>-+=1.:abc 中文，。：“”&;'.split(''),
      '<br>',
      '&amp;',
      '1. ',
      '# ',
      '---',
    );
    fc.assert(
      fc.property(
        fc.array(chars, { minLength: 1, maxLength: 60 }),
        fc.constantFrom('paragraph', 'cell'),
        (parts, where) => {
          const text = parts.join('').replace(/\s+/g, ' ').trim();
          fc.pre(text.length > 0 && !/[【[]待填写/.test(text));
          const p: PMNode = { type: 'paragraph', content: [{ type: 'text', text }] };
          const doc: PMNode =
            where === 'paragraph'
              ? { type: 'doc', content: [p] }
              : {
                  type: 'doc',
                  content: [
                    {
                      type: 'table',
                      content: [
                        {
                          type: 'tableRow',
                          content: [
                            {
                              type: 'tableHeader',
                              attrs: { colspan: 1, rowspan: 1, colwidth: null },
                              content: [p],
                            },
                          ],
                        },
                      ],
                    },
                  ],
                };
          expect(docText(markdownToDoc(docToMarkdown(doc))).trim()).toBe(text);
        },
      ),
      { numRuns: 500 },
    );
  });

  // Known limit: overlapping bold/italic ranges that touch (`**a*b***` + `*c*`) cannot be written in
  // CommonMark without a separator character; nested and disjoint marks round-trip.
  it('writes nested marks so that they read back the same', () => {
    const doc: PMNode = {
      type: 'doc',
      content: [
        {
          type: 'paragraph',
          content: [
            { type: 'text', text: '甲', marks: [{ type: 'bold' }] },
            { type: 'text', text: '乙', marks: [{ type: 'bold' }, { type: 'italic' }] },
            { type: 'text', text: '丙', marks: [{ type: 'bold' }] },
            { type: 'text', text: '，' },
            { type: 'text', text: '戊', marks: [{ type: 'italic' }, { type: 'strike' }] },
            { type: 'text', text: '丁 ' },
            {
              type: 'text',
              text: '链接',
              marks: [
                { type: 'link', attrs: { href: 'https://a.cn/x?y=(1)', target: '_blank' } },
                { type: 'bold' },
              ],
            },
            { type: 'text', text: 'a`b', marks: [{ type: 'code' }] },
            { type: 'hardBreak' },
            { type: 'text', text: '# 不是标题' },
          ],
        },
      ],
    };
    const back = markdownToDoc(docToMarkdown(doc));
    expect(back).toEqual(normalizeDoc(doc));
  });

  it('writes merged cells as a rectangular grid, ordered list starts and adjacent lists apart', () => {
    const c = (text: string, colspan = 1, rowspan = 1): PMNode => ({
      type: 'tableCell',
      attrs: { colspan, rowspan, colwidth: null },
      content: [{ type: 'paragraph', content: [{ type: 'text', text }] }],
    });
    const li = (t: string): PMNode => ({
      type: 'listItem',
      content: [{ type: 'paragraph', content: [{ type: 'text', text: t }] }],
    });
    const doc: PMNode = {
      type: 'doc',
      content: [
        {
          type: 'table',
          content: [
            { type: 'tableRow', content: [c('A', 2), c('B', 1, 2)] },
            { type: 'tableRow', content: [c('C'), c('D')] },
          ],
        },
        { type: 'orderedList', attrs: { start: 5 }, content: [li('五'), li('六')] },
        { type: 'orderedList', attrs: { start: 1 }, content: [li('一')] },
        { type: 'bulletList', content: [li('甲')] },
        { type: 'bulletList', content: [li('乙')] },
      ],
    };
    const md = docToMarkdown(doc);
    expect(md).toContain('| A |  | B |\n| --- | --- | --- |\n| C | D |  |');
    const back = markdownToDoc(md);
    expect(back.content!.map((n) => n.type)).toEqual([
      'table',
      'orderedList',
      'orderedList',
      'bulletList',
      'bulletList',
    ]);
    expect(back.content![1].attrs).toEqual({ start: 5 });
  });

  it('omits data URLs and writes diagrams as captions for AI context when asked', () => {
    const doc: PMNode = {
      type: 'doc',
      content: [
        {
          type: 'image',
          attrs: { src: `data:image/png;base64,${'A'.repeat(10_000)}`, alt: '图', title: null },
        },
        { type: 'diagram', attrs: { kind: 'gantt', model: { tasks: [] }, caption: '进度计划' } },
      ],
    };
    const md = docToMarkdown(doc, { dataUrls: 'omit', diagrams: 'caption' });
    expect(md.length).toBeLessThan(100);
    expect(md).toContain('【图：进度计划】');
    const full = markdownToDoc(docToMarkdown(doc));
    expect(full.content![1]).toEqual(doc.content![1]);
  });
});
