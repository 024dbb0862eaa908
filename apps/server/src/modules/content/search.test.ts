import { describe, expect, it } from 'vitest';
import { fold, highlightRanges, keywords, likePattern, searchText, snippet } from './search.ts';

describe('content search helpers', () => {
  it('folds full-width and upper case without moving offsets', () => {
    const text = 'ＰＤＦ导出Word😀文件';
    expect(fold(text)).toBe('pdf导出word😀文件');
    expect(fold(text).length).toBe(text.length);
    // A code point whose NFKC form is longer stays as it is.
    expect(fold('㎡')).toBe('㎡');
  });

  it('splits keywords on any space, folded, without duplicates', () => {
    expect(keywords('  导出　WORD  导出 ')).toEqual(['导出', 'word']);
    expect(keywords('   ')).toEqual([]);
  });

  it('escapes LIKE wildcards', () => {
    expect(likePattern('50%_a\\b')).toBe('%50\\%\\_a\\\\b%');
  });

  it('marks every occurrence, merged and in order', () => {
    expect(highlightRanges('导出 Word，再导出', ['导出', 'word'])).toEqual([
      [0, 2],
      [3, 7],
      [9, 11],
    ]);
    expect(highlightRanges('abcabc', ['abc', 'bca'])).toEqual([[0, 6]]);
  });

  it('cuts a window around the first hit and shifts the ranges by the ellipsis', () => {
    const plain = `${'前'.repeat(100)}关键词${'后'.repeat(200)}`;
    const s = snippet(plain, ['关键词']);
    expect(s.snippet.startsWith('…')).toBe(true);
    expect(s.snippet.endsWith('…')).toBe(true);
    const [[a, b]] = s.snippetHighlights;
    expect(s.snippet.slice(a, b)).toBe('关键词');
  });

  it('searches the words of the Markdown, not its markup', () => {
    expect(searchText('标题', '摘要', '**重点**内容 [链接](/a)')).toBe('标题\n摘要\n重点内容 链接');
  });
});
