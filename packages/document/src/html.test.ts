import { describe, expect, it } from 'vitest';
import { firstParagraphText, markdownToPlainText, markdownToSafeHtml } from './html.ts';

describe('markdownToSafeHtml', () => {
  it('renders headings, lists, links and CJK emphasis', () => {
    const html = markdownToSafeHtml('## 标题\n\n- 一\n- 二\n\n**注意：**内容 [帮助](/help/a.html)');
    expect(html).toContain('<h2>标题</h2>');
    expect(html).toContain('<li>一</li>');
    expect(html).toContain('<strong>注意：</strong>内容');
    expect(html).toContain('<a href="/help/a.html">帮助</a>');
  });

  it('never passes raw HTML or unsafe links through', () => {
    const html = markdownToSafeHtml(
      '<script>alert(1)</script>\n\n<img src=x onerror=alert(1)>\n\n[x](javascript:alert(1)) ![p](data:text/html,hi)',
    );
    expect(html).not.toMatch(/<script|<img|href="javascript|src="data/i);
    expect(html).toContain('&lt;script&gt;');
  });

  it('opens other sites in a new tab without referrer', () => {
    expect(markdownToSafeHtml('[站外](https://example.com)')).toContain(
      'target="_blank" rel="noopener noreferrer nofollow"',
    );
  });
});

describe('markdownToPlainText', () => {
  it('keeps the words, one line per block', () => {
    expect(markdownToPlainText('# 上手\n\n第一段 **重点**。\n\n1. 甲\n2. 乙')).toBe(
      '上手\n第一段 重点。\n甲\n乙',
    );
  });
});

describe('firstParagraphText', () => {
  it('skips headings and lists to the first paragraph', () => {
    expect(firstParagraphText('## 缴纳方式\n\n保证金通过**银行转账**缴纳。\n\n第二段')).toBe(
      '保证金通过银行转账缴纳。',
    );
    expect(firstParagraphText('# 只有标题')).toBe('');
  });
});
