import { describe, expect, it } from 'vitest';
import { documentProblem, isSafeHref, isSafeImageSrc } from './validate.ts';
import { normalizeDoc } from './normalize.ts';
import { markdownToDoc } from './markdown.ts';

const doc = (...content: unknown[]) => ({ type: 'doc', content });
const p = (...content: unknown[]) => ({ type: 'paragraph', content });
const text = (t: string, marks?: unknown[]) =>
  marks ? { type: 'text', text: t, marks } : { type: 'text', text: t };

describe('documentProblem', () => {
  it('accepts every node and mark the editor makes', () => {
    const cell = (type: string) => ({
      type,
      attrs: { colspan: 1, rowspan: 1, colwidth: null },
      content: [p(text('格'))],
    });
    const full = doc(
      { type: 'heading', attrs: { level: 2 }, content: [text('标题')] },
      p(
        text('粗', [{ type: 'bold' }, { type: 'italic' }]),
        { type: 'hardBreak' },
        text('链', [
          {
            type: 'link',
            attrs: {
              href: 'https://example.com/a?b=1',
              target: '_blank',
              rel: 'noopener noreferrer nofollow',
              class: null,
            },
          },
        ]),
        { type: 'placeholder', attrs: { label: '项目经理' } },
      ),
      { type: 'bulletList', content: [{ type: 'listItem', content: [p(text('项'))] }] },
      {
        type: 'orderedList',
        attrs: { start: 3, type: null },
        content: [{ type: 'listItem', content: [p(text('项'))] }],
      },
      { type: 'blockquote', content: [p(text('引'))] },
      { type: 'horizontalRule' },
      { type: 'table', content: [{ type: 'tableRow', content: [cell('tableHeader'), cell('tableCell')] }] },
      {
        type: 'image',
        attrs: { src: '/api/picture/client/file/123', alt: null, title: null, caption: '图 1' },
      },
      { type: 'image', attrs: { src: 'data:image/png;base64,iVBORw0KGgo=', caption: null } },
      { type: 'diagram', attrs: { kind: 'flowchart', model: { nodes: [], edges: [] }, caption: '流程' } },
      { type: 'codeBlock', attrs: { language: 'js' }, content: [text('x')] },
      p(
        text('邮件', [{ type: 'link', attrs: { href: 'mailto:a@b.cn' } }]),
        text('码', [{ type: 'code' }]),
        text('亮', [{ type: 'highlight' }, { type: 'underline' }, { type: 'strike' }]),
      ),
    );
    expect(documentProblem(full)).toBeNull();
  });

  it('refuses foreign nodes, marks, attributes, fields and unsafe addresses with a message naming them', () => {
    expect(documentProblem(doc({ type: 'script', content: [text('alert(1)')] }))).toBe(
      '不支持的节点类型「script」',
    );
    expect(documentProblem(doc({ type: 'paragraph', attrs: { onclick: 'alert(1)' } }))).toBe(
      '节点「paragraph」不支持属性「onclick」',
    );
    expect(
      documentProblem(doc(p(text('x', [{ type: 'link', attrs: { href: 'javascript:alert(1)' } }])))),
    ).toBe('链接地址只能是 http、https 或 mailto 开头的网址');
    expect(
      documentProblem(doc(p(text('x', [{ type: 'link', attrs: { href: ' JaVa\tScRiPt:alert(1)' } }])))),
    ).toContain('链接地址');
    expect(documentProblem(doc(p(text('x', [{ type: 'font', attrs: {} }]))))).toBe(
      '不支持的文字样式「font」',
    );
    expect(
      documentProblem(doc({ type: 'image', attrs: { src: 'data:image/svg+xml;base64,PHN2Zz4=' } })),
    ).toContain('图片地址不正确');
    expect(documentProblem(doc({ type: 'image', attrs: { src: 'javascript:alert(1)' } }))).toContain(
      '图片地址不正确',
    );
    expect(documentProblem(doc({ type: 'heading', attrs: { level: 9 } }))).toBe(
      '节点「heading」的属性「level」取值不正确',
    );
    expect(documentProblem(doc({ type: 'paragraph', html: '<b>' }))).toBe(
      '节点「paragraph」不支持字段「html」',
    );
    expect(documentProblem(doc({ type: 'paragraph', text: 'x' }))).toBe('节点「paragraph」不能带文字');
    expect(documentProblem({ type: 'paragraph' })).toBe('根节点必须是 doc');
    expect(documentProblem(doc(doc()))).toBe('文档中不能再嵌套 doc');
  });

  it('refuses nesting deeper than the limit without recursion, even 200,000 levels', () => {
    let deep: unknown = text('底');
    for (let i = 0; i < 200_000; i++) deep = { type: 'blockquote', content: [deep] };
    expect(documentProblem(doc(deep))).toContain('层级过深');
  });

  it('reads addresses the way a browser would', () => {
    expect(isSafeHref('https://a.cn')).toBe(true);
    expect(isSafeHref('#section')).toBe(true);
    expect(isSafeHref('vbscript:x')).toBe(false);
    expect(isSafeHref('data:text/html,<script>')).toBe(false);
    expect(isSafeHref('//evil.example/x')).toBe(false);
    expect(isSafeImageSrc('https://img.example/a.png')).toBe(true);
    expect(isSafeImageSrc('/api/files/x.png')).toBe(true);
    expect(isSafeImageSrc('//evil.example/x.png')).toBe(false);
    expect(isSafeImageSrc('https://a.cn/x.png" onerror="x')).toBe(false);
  });

  it('the normaliser drops unsafe links but keeps their text, so AI output always passes', () => {
    const out = normalizeDoc(
      doc(p(text('点我', [{ type: 'link', attrs: { href: 'javascript:alert(1)' } }]))) as never,
    );
    expect(documentProblem(out)).toBeNull();
    expect(JSON.stringify(out)).not.toContain('javascript');
    expect(JSON.stringify(out)).toContain('点我');
    expect(
      documentProblem(
        markdownToDoc(
          '# 标题\n\n[链接](https://a.cn) **粗** `码`\n\n| a | b |\n|---|---|\n| 1 | 2 |\n\n1. 一\n2. 二\n\n> 引用',
        ),
      ),
    ).toBeNull();
  });
});
